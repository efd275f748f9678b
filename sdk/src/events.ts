import { z } from 'zod';
import { CONNECTION_STATUSES, CONTACT_PRESENCES } from './schemas/attendance.js';
import { COMPANY_SETTING_KEYS } from './settings.js';

// The domain event catalogue (ARCHITECTURE "Data flow"): every event core emits after commit, by name, with its
// payload as a zod schema. Subscribers (core's and plugins') read these types; in tests the bus checks every emitted
// payload against its schema, so an emitter cannot drift from the catalogue. Payloads carry ids, not rows: a
// subscriber reads what it needs through the ports, as of after the commit.

const company = { companyId: z.number().int().positive() };
const id = z.number().int().positive();
const ticket = { ...company, ticketId: id };
const message = { ...ticket, messageId: id };

/**
 * Who a message is from, for subscribers that care: `inbound` (the contact), `outbound` (an attendant), `bot` (Balcão
 * itself or a bot engine: greetings, farewells, a chatbot's answer), `note` (a private note, never sent).
 */
export const MESSAGE_KINDS = ['inbound', 'outbound', 'bot', 'note'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** The ticket's people and queue before and after a transfer. */
const placement = z.object({ userId: id.nullable(), queueId: id.nullable() });
/** Where a ticket was (its attendant, queue, and whether it is a group's): who could see it. */
const audience = placement.extend({ isGroup: z.boolean() });

/** Every domain event and its payload schema. @example DOMAIN_EVENT_SCHEMAS['ticket.closed'].parse(payload) */
export const DOMAIN_EVENT_SCHEMAS = {
  'company.created': z.object(company),
  /**
   * A super user deleted the company: its core rows are gone (foreign keys cascade). Every subscriber removes what it
   * keeps of the company elsewhere (a plugin's tables, files); delivered to every plugin whatever the plan allowed.
   */
  'company.deleted': z.object(company),
  'user.login': z.object({ ...company, userId: id }),
  /** A user's profile, allTicket or allowGroup changed: what they may see changed. */
  'user.accessChanged': z.object({ ...company, userId: id }),
  /** A user's first socket opened (online) or their last one closed (offline). */
  'user.presence': z.object({ ...company, userId: id, online: z.boolean() }),

  /** A new ticket. One a contact opened by writing comes with its first `message.created` (which carries it). */
  'ticket.created': z.object(ticket),
  /**
   * Any change of a ticket (status, owner, queue…), and a ticket an attendant or a plugin opened; the finer events
   * below come with it. `previous`: where it was before a transition (who saw it there may no longer see it).
   */
  'ticket.updated': z.object({ ...ticket, previous: placement.optional() }),
  'ticket.accepted': z.object({ ...ticket, userId: id }),
  /**
   * Moved to a user (`user`), to a queue (`queue`), or given back to its queue by its attendant (`return`);
   * `userId`: who moved it (null: a bot engine).
   */
  'ticket.transferred': z.object({
    ...ticket,
    kind: z.enum(['user', 'queue', 'return']),
    userId: id.nullable(),
    from: placement,
    to: placement,
  }),
  /** Closed by an attendant (`close`) or a pending ticket ignored (`ignore`); `userId` is who did it. */
  'ticket.closed': z.object({ ...ticket, userId: id.nullable(), reason: z.enum(['close', 'ignore']) }),
  'ticket.reopened': z.object({ ...ticket, userId: id.nullable() }),
  /** An admin deleted it (with its messages); `was` says who could see it. */
  'ticket.deleted': z.object({ ...ticket, was: audience }),
  /** An attendant opened the ticket and its unread messages were marked read. */
  'ticket.read': z.object({ ...ticket, userId: id }),
  /**
   * The ticket's tags changed (its own: TicketsPort.setTags/addTag/removeTag, `PUT/DELETE /api/ticket-tags`; or its
   * contact's, which it carries while in progress). `tagIds` and `oldTagIds`: both kinds together, sorted, as
   * `TicketQuery.tagId` matches them. `oldTagIds` is absent only from emitters older than it.
   */
  'ticket.tags.changed': z.object({ ...ticket, tagIds: z.array(id), oldTagIds: z.array(id).optional() }),
  /**
   * Messages of the ticket changed somewhere in its history, too many to tell one by one: a contact merge
   * (ConversationsPort.mergeContact) named a group member by their number instead of their LID. Views read them again.
   */
  'ticket.messages.changed': z.object(ticket),
  /**
   * A file list is owed to the contact: the file-list plugin sends its message and attachments on the ticket. Either
   * the contact picked a chatbot option of type file (`optionId`, after the option's text was sent) or the ticket
   * entered a queue with a file list (`queueId`, after the queue's greeting or options). The emitter awaits it: the
   * files are stored before whatever the automation does next (an option's close).
   */
  'ticket.fileList.requested': z.object({
    ...ticket,
    fileListId: id,
    optionId: id.optional(),
    queueId: id.optional(),
  }),

  /**
   * `mediaType` as stored (chat, image, audio, …), so a subscriber interested in one kind reads nothing for others;
   * `contactId`: the ticket's contact (whose conversation it is), so a subscriber need not read the ticket to know.
   */
  'message.created': z.object({
    ...message,
    contactId: id,
    fromMe: z.boolean(),
    kind: z.enum(MESSAGE_KINDS),
    mediaType: z.string(),
  }),
  /** The channel reached a new delivery state (1 sent, 2 delivered, 3 read); never lower than before. */
  'message.ack': z.object({ ...message, ack: z.number().int().min(0).max(5) }),
  /** The message's text changed (an attendant's edit, or the contact's edit the channel reported). */
  'message.edited': z.object(message),
  /** A message stored without its file got it later (a history import's media, fetched after the text). */
  'message.media': z.object(message),
  /** An attendant deleted their message (it stays, flagged isDeleted). */
  'message.deleted': z.object(message),
  /**
   * The message's row is gone: it was the channel's echo of `keptId`, Balcão's own message, ingested before the send
   * recorded the channel's id. The two are one message, kept as `keptId` (which now holds the id); views drop this one.
   */
  'message.removed': z.object({ ...message, keptId: id }),
  /**
   * Its delivery changed: `queued` again (retry), or `failed` for good after the outbox's last attempt, with the
   * channel's `reason` (what the attendant sees on the message; null when queued).
   */
  'message.delivery': z.object({
    ...message,
    state: z.enum(['queued', 'failed']),
    reason: z.string().max(255).nullable(),
  }),

  'contact.created': z.object({ ...company, contactId: id }),
  'contact.updated': z.object({ ...company, contactId: id }),
  'contact.deleted': z.object({ ...company, contactId: id }),
  /**
   * Two contacts turned out to be one person (ConversationsPort.mergeContact): `mergedContactId` is gone, its tickets,
   * messages, notes, tags and custom fields now `contactId`'s. A plugin keeping rows of contacts moves them here.
   */
  'contact.merged': z.object({ ...company, contactId: id, mergedContactId: id }),
  /** The contact's tags changed (ContactsPort.setTags, `POST /api/tags/sync`): before and after, sorted. */
  'contact.tags.changed': z.object({
    ...company,
    contactId: id,
    oldTagIds: z.array(id),
    tagIds: z.array(id),
  }),
  /** The contact of a ticket in progress is typing or recording (or stopped), as their channel reported. */
  'contact.presence': z.object({ ...ticket, presence: z.enum(CONTACT_PRESENCES) }),

  /** A connection's session state changed (spec part 1 §4); `qrcode` holds the QR text while the status is qrcode. */
  'connection.status': z.object({
    ...company,
    connectionId: id,
    status: z.enum(CONNECTION_STATUSES),
    qrcode: z.string().nullable().optional(),
    /** How many QR codes this pairing has shown (spec part 1 §3 `retries`; 0 once connected). */
    retries: z.number().int().min(0).optional(),
  }),

  'queue.created': z.object({ ...company, queueId: id }),
  'queue.updated': z.object({ ...company, queueId: id }),
  'queue.deleted': z.object({ ...company, queueId: id }),

  'tag.created': z.object({ ...company, tagId: id }),
  'tag.updated': z.object({ ...company, tagId: id }),
  'tag.deleted': z.object({ ...company, tagId: id }),

  'setting.updated': z.object({ ...company, key: z.enum(COMPANY_SETTING_KEYS), value: z.string() }),
} as const;

/** A domain event's name. @example const e: DomainEventName = 'ticket.closed' */
export type DomainEventName = keyof typeof DOMAIN_EVENT_SCHEMAS;

/** Every domain event's payload, by name. @example (p: DomainEvents['ticket.closed']) => p.ticketId */
export type DomainEvents = { [K in DomainEventName]: z.infer<(typeof DOMAIN_EVENT_SCHEMAS)[K]> };

/** The catalogue's names, for checks and docs. @example DOMAIN_EVENTS.includes('message.ack') */
export const DOMAIN_EVENTS = Object.keys(DOMAIN_EVENT_SCHEMAS) as DomainEventName[];
