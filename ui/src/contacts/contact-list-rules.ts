import type { ContactDto } from '@balcao/sdk';
import { CONTACT_FRAME, readFrame } from '@balcao/sdk';
import type { TFunction } from 'i18next';
import type { ContactFilter, ContactPage } from './contacts-api';

export const EMPTY_CONTACTS: ContactPage = { contacts: [], hasMore: false, count: 0, countCapped: false };

/** The count beside the title: "100+" once a search's count stopped at the cap (`contacts.countCapped`). */
export function shownCount(p: Pick<ContactPage, 'count' | 'countCapped'>, t: TFunction): string {
  return p.countCapped ? t('contacts.countCapped', { count: p.count }) : String(p.count);
}

/** A contact event of `company-{id}-contact`. */
export type ContactEvent =
  | { action: 'update'; contact: ContactDto }
  | { action: 'delete'; contactId: number }
  | { action: 'reload' }
  | { action: 'merged'; contactId: number; mergedContactId: number };

export function parseContactEvent(data: unknown): ContactEvent | null {
  return readFrame(CONTACT_FRAME, data);
}

/** The server's order: name, then id. */
const byName = (a: ContactDto, b: ContactDto) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id;

/** Whether `c` belongs in a list filtered by `f` (the server's rule: text in name, number or email; any tag). */
export function matchesFilter(c: ContactDto, f: ContactFilter): boolean {
  const term = f.searchParam.trim().toLowerCase();
  if (term && ![c.name, c.number, c.email ?? ''].some((v) => v.toLowerCase().includes(term))) return false;
  if (f.tagIds.length && !c.tags.some((tag) => f.tagIds.includes(tag.id))) return false;
  return true;
}

/** The next page appended; a contact that moved into an earlier page meanwhile is not listed twice. */
export function appendPage(s: ContactPage, next: ContactPage): ContactPage {
  const seen = new Set(s.contacts.map((c) => c.id));
  return { ...next, contacts: [...s.contacts, ...next.contacts.filter((c) => !seen.has(c.id))] };
}

/**
 * A saved contact: replaced where it is, added in name order when it now matches (unless it sorts past the pages
 * loaded so far, where paging will bring it), removed when it no longer matches.
 */
export function applyContactUpdate(s: ContactPage, c: ContactDto, f: ContactFilter): ContactPage {
  const present = s.contacts.some((x) => x.id === c.id);
  if (!matchesFilter(c, f)) return present ? applyContactDelete(s, c.id) : s;
  if (present) return { ...s, contacts: s.contacts.map((x) => (x.id === c.id ? c : x)) };
  const contacts = [...s.contacts, c].sort(byName);
  const beyondLoaded = s.hasMore && contacts[contacts.length - 1]?.id === c.id;
  // A capped count stays "100+": one more is still more than the cap.
  return {
    ...s,
    count: s.countCapped ? s.count : s.count + 1,
    contacts: beyondLoaded ? s.contacts : contacts,
  };
}

export function applyContactDelete(s: ContactPage, id: number): ContactPage {
  if (!s.contacts.some((c) => c.id === id)) return s;
  // A capped count is not known exactly: one fewer may still be past the cap, so it stays until the next answer.
  const count = s.countCapped ? s.count : Math.max(0, s.count - 1);
  return { ...s, count, contacts: s.contacts.filter((c) => c.id !== id) };
}
