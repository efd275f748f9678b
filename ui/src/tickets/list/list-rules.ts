import {
  type SessionUserDto,
  type TagDto,
  TICKET_COUNT_CAP,
  type TicketDto,
  type TicketStatus,
} from '@balcao/sdk';

/** What one ticket list asks the server for; live updates must respect the same filter. */
export interface ListFilter {
  /** Absent in the Search tab: every status. */
  status?: TicketStatus;
  /** Empty: every queue. */
  queueIds: number[];
  searchParam: string;
  showAll: boolean;
  /** Search tab filters (spec part 1 §2): empty or absent means no restriction. */
  tagIds?: number[];
  whatsappIds?: number[];
  userIds?: number[];
  statuses?: TicketStatus[];
}

/** Who is looking, as visibility needs it (spec part 1 §6). */
export interface Viewer {
  id: number;
  isAdmin: boolean;
  allTicket: boolean;
  allowGroup: boolean;
  queueIds: number[];
}

export interface ListState {
  tickets: TicketDto[];
  count: number;
  hasMore: boolean;
}

export const EMPTY_LIST: ListState = { tickets: [], count: 0, hasMore: false };

/** A ticket event of `company-{id}-ticket`. */
export type TicketEvent =
  | { action: 'update'; ticket: TicketDto }
  | { action: 'delete'; ticketId: number }
  | { action: 'updateUnread'; ticketId: number };

/** What a ticket carries of its contact (the row's name, picture and tags; the header's name and number). */
export type TicketContact = TicketDto['contact'];

/**
 * A `company-{id}-contact` event as ticket screens use it: a saved contact (edited, blocked, tags synced) or a
 * removed one, whose tickets the database removed with it.
 */
export type ContactChange =
  | { action: 'contactUpdate'; contact: TicketContact }
  | { action: 'contactDelete'; contactId: number };

/** A `company-{id}-tag` event as ticket lists use it: a tag renamed or recoloured, or removed. */
export type TagChange = { action: 'tagUpdate'; tag: TagDto } | { action: 'tagDelete'; tagId: number };

/** What a ticket list follows: its tickets' events, their contacts' and their tags'. */
export type ListEvent = TicketEvent | ContactChange | TagChange;

export const viewerOf = (user: SessionUserDto): Viewer => ({
  id: user.id,
  isAdmin: user.profile === 'admin',
  allTicket: user.allTicket === 'enable',
  allowGroup: user.allowGroup,
  queueIds: user.queues.map((q) => q.id),
});

const seesAll = (v: Viewer, showAll: boolean) => (v.isAdmin || v.allTicket || v.allowGroup) && showAll;

/**
 * A list's status: its own, for Show all's Pending tab also tickets waiting for the contact's LGPD consent (spec §8),
 * and for the Closed tab those waiting for their rating (status nps), as the server lists them.
 */
const statusMatches = (t: TicketDto, f: ListFilter, v: Viewer): boolean =>
  !f.status ||
  t.status === f.status ||
  (f.status === 'pending' && t.status === 'lgpd' && seesAll(v, f.showAll)) ||
  (f.status === 'closed' && t.status === 'nps');

/**
 * The server's visibility rule (spec part 1 §6): admins, allTicket and allowGroup users see everything, in a list
 * only with Show all on; otherwise one sees group tickets (allowGroup), one's own, and unassigned ones (not groups)
 * without a queue or in one's queues — an admin counts as in every queue (a customer waiting in any queue).
 */
export function isVisibleTo(t: TicketDto, v: Viewer, showAll: boolean): boolean {
  if (seesAll(v, showAll)) return true;
  if (t.isGroup && v.allowGroup) return true;
  if (t.userId === v.id) return true;
  if (t.userId !== null || t.isGroup) return false;
  return t.queueId === null || v.isAdmin || v.queueIds.includes(t.queueId);
}

/** Client-side stand-in for the server search (name, number, last message); the server also searches bodies. */
export function matchesSearch(t: TicketDto, term: string): boolean {
  const needle = term.trim().toLowerCase();
  if (!needle) return true;
  return [t.contact.name, t.contact.number, t.lastMessage ?? ''].some((s) =>
    s.toLowerCase().includes(needle),
  );
}

const restricts = (ids: readonly unknown[] | undefined): ids is readonly unknown[] => !!ids && ids.length > 0;

/** The Search tab's tag, connection, attendant and status filters, as the server applies them. */
export function matchesSearchFilters(t: TicketDto, f: ListFilter): boolean {
  if (restricts(f.statuses) && !f.statuses.includes(t.status)) return false;
  if (restricts(f.whatsappIds) && (t.whatsappId === null || !f.whatsappIds.includes(t.whatsappId)))
    return false;
  if (restricts(f.userIds) && (t.userId === null || !f.userIds.includes(t.userId))) return false;
  if (restricts(f.tagIds)) {
    const tags = [...t.tags, ...t.contact.tags];
    if (!tags.some((tag) => f.tagIds?.includes(tag.id))) return false;
  }
  return true;
}

/** Whether a ticket belongs in a list with this filter. */
export function matchesList(t: TicketDto, f: ListFilter, v: Viewer): boolean {
  if (!statusMatches(t, f, v)) return false;
  if (!matchesSearchFilters(t, f)) return false;
  if (f.queueIds.length > 0 && (t.queueId === null || !f.queueIds.includes(t.queueId))) return false;
  return isVisibleTo(t, v, f.showAll);
}

/** The server's order: tickets with unread messages first, then the most recently updated. */
export function compareTickets(a: TicketDto, b: TicketDto): number {
  const unread = Number(b.unreadMessages > 0) - Number(a.unreadMessages > 0);
  if (unread !== 0) return unread;
  const time = Date.parse(b.updatedAt) - Date.parse(a.updatedAt);
  return time !== 0 ? time : b.id - a.id;
}

/** Adds a page; a ticket that moved between pages while paging is kept once, where it was first seen. */
export function appendPage(state: ListState, page: ListState): ListState {
  const seen = new Set(state.tickets.map((t) => t.id));
  return {
    tickets: [...state.tickets, ...page.tickets.filter((t) => !seen.has(t.id))],
    count: page.count,
    hasMore: page.hasMore,
  };
}

/**
 * A `ticket` update event: the ticket is upserted at its place in the order when it matches the filter and
 * removed when it no longer does. A ticket whose place is past the loaded pages is left for paging to bring.
 */
export function applyTicketUpdate(
  state: ListState,
  ticket: TicketDto,
  filter: ListFilter,
  viewer: Viewer,
): ListState {
  const index = state.tickets.findIndex((t) => t.id === ticket.id);
  const present = index >= 0;
  const rest = present ? state.tickets.filter((t) => t.id !== ticket.id) : state.tickets;
  const matches =
    matchesList(ticket, filter, viewer) && (present || matchesSearch(ticket, filter.searchParam));
  if (!matches) {
    return present ? { ...state, tickets: rest, count: Math.max(0, state.count - 1) } : state;
  }
  const count = present ? state.count : state.count + 1;
  const at = rest.findIndex((t) => compareTickets(ticket, t) < 0);
  if (at === -1 && state.hasMore) return { ...state, tickets: rest, count };
  const tickets = at === -1 ? [...rest, ticket] : [...rest.slice(0, at), ticket, ...rest.slice(at)];
  return { ...state, tickets, count };
}

/** A `ticket` delete event (removed, or no longer visible to this user). */
export function applyTicketDelete(state: ListState, ticketId: number): ListState {
  if (!state.tickets.some((t) => t.id === ticketId)) return state;
  return {
    ...state,
    tickets: state.tickets.filter((t) => t.id !== ticketId),
    count: Math.max(0, state.count - 1),
  };
}

/** `updateUnread`: the ticket was read somewhere; its badge clears (its place in the list is kept). */
export function applyUnreadCleared(state: ListState, ticketId: number): ListState {
  if (!state.tickets.some((t) => t.id === ticketId && t.unreadMessages > 0)) return state;
  return {
    ...state,
    tickets: state.tickets.map((t) => (t.id === ticketId ? { ...t, unreadMessages: 0 } : t)),
  };
}

/** The ticket with its contact as saved (the same object when it is another contact's ticket). */
export function withContact(t: TicketDto, contact: TicketContact): TicketDto {
  if (t.contactId !== contact.id) return t;
  const { id, name, number, urlPicture, tags } = contact;
  return { ...t, contact: { id, name, number, urlPicture, tags } };
}

/**
 * A saved contact: every loaded ticket of it shows the new name, number, picture and tags, in place (the ticket's
 * order does not depend on its contact). One that no longer matches the list leaves it: a Search tab filtered by tags
 * loses the ticket whose contact dropped the tag, unless the ticket's own tags still match.
 */
export function applyContactUpdate(
  state: ListState,
  contact: TicketContact,
  filter: ListFilter,
  viewer: Viewer,
): ListState {
  if (!state.tickets.some((t) => t.contactId === contact.id)) return state;
  const patched = state.tickets.map((t) => withContact(t, contact));
  const tickets = patched.filter((t) => t.contactId !== contact.id || matchesList(t, filter, viewer));
  const left = patched.length - tickets.length;
  return { ...state, tickets, count: Math.max(0, state.count - left) };
}

/** A removed contact: its tickets went with it (the server sends no ticket event for them). */
export function applyContactDelete(state: ListState, contactId: number): ListState {
  const tickets = state.tickets.filter((t) => t.contactId !== contactId);
  const left = state.tickets.length - tickets.length;
  return left === 0 ? state : { ...state, tickets, count: Math.max(0, state.count - left) };
}

/** The ticket with a tag changed where it carries it, its own tags and its contact's (the same object otherwise). */
export function withTagChange(t: TicketDto, change: TagChange): TicketDto {
  const patch = (tags: TagDto[]): TagDto[] =>
    change.action === 'tagUpdate'
      ? tags.map((g) => (g.id === change.tag.id ? { ...change.tag } : g))
      : tags.filter((g) => g.id !== change.tagId);
  const id = change.action === 'tagUpdate' ? change.tag.id : change.tagId;
  const carries = (tags: TagDto[] | undefined) => tags?.some((g) => g.id === id) ?? false;
  if (!carries(t.tags) && !carries(t.contact.tags)) return t;
  return { ...t, tags: patch(t.tags), contact: { ...t.contact, tags: patch(t.contact.tags ?? []) } };
}

/**
 * A tag renamed, recoloured or removed: the rows carrying it show it as saved, in place. A removed tag can take a
 * ticket out of a list filtered by it.
 */
export function applyTagChange(
  state: ListState,
  change: TagChange,
  filter: ListFilter,
  viewer: Viewer,
): ListState {
  const patched = state.tickets.map((t) => withTagChange(t, change));
  if (patched.every((t, i) => t === state.tickets[i])) return state;
  const tickets = patched.filter((t, i) => t === state.tickets[i] || matchesList(t, filter, viewer));
  const left = patched.length - tickets.length;
  return { ...state, tickets, count: Math.max(0, state.count - left) };
}

/** One live event applied to a list. */
export function applyTicketEvent(
  state: ListState,
  event: ListEvent,
  filter: ListFilter,
  viewer: Viewer,
): ListState {
  switch (event.action) {
    case 'update':
      return applyTicketUpdate(state, event.ticket, filter, viewer);
    case 'delete':
      return applyTicketDelete(state, event.ticketId);
    case 'updateUnread':
      return applyUnreadCleared(state, event.ticketId);
    case 'contactUpdate':
      return applyContactUpdate(state, event.contact, filter, viewer);
    case 'contactDelete':
      return applyContactDelete(state, event.contactId);
    case 'tagUpdate':
    case 'tagDelete':
      return applyTagChange(state, event, filter, viewer);
  }
}

/**
 * A page has arrived: the first replaces the list, later ones are appended; then the events heard while it was on
 * its way are applied again, in order. The server may have read the page before those changes were committed, and
 * the page must not undo them (a ticket created meanwhile would vanish until the next reload). Events the page
 * already reflects change nothing when applied again.
 */
export function pageArrived(
  state: ListState,
  page: ListState,
  pageNumber: number,
  heardMeanwhile: readonly ListEvent[],
  filter: ListFilter,
  viewer: Viewer,
): ListState {
  const base = pageNumber === 1 ? page : appendPage(state, page);
  return heardMeanwhile.reduce((s, event) => applyTicketEvent(s, event, filter, viewer), base);
}

/** A sub-tab's badge: the server counts up to TICKET_COUNT_CAP, so from there on it reads "99+". */
export const countBadge = (count: number): string =>
  count >= TICKET_COUNT_CAP ? `${TICKET_COUNT_CAP - 1}+` : String(count);
