import { ANNOUNCEMENT_FRAME, type AnnouncementDto, readFrame } from '@balcao/sdk';

/** Newest first, as the API lists them. */
const newestFirst = (a: AnnouncementDto, b: AnnouncementDto) =>
  b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

/**
 * The popover's announcements after a `company-announcement` frame: a new or changed active one takes its place by
 * date, one made inactive or deleted goes. Only active ones are kept (a super user's list call also answers drafts).
 * @example setItems((items) => applyAnnouncementFrame(items, data))
 */
export function applyAnnouncementFrame(items: readonly AnnouncementDto[], data: unknown): AnnouncementDto[] {
  const frame = readFrame(ANNOUNCEMENT_FRAME, data);
  if (!frame) return [...items];
  if (frame.action === 'delete') return items.filter((a) => a.id !== frame.id);
  const others = items.filter((a) => a.id !== frame.record.id);
  return (frame.record.status ? [...others, frame.record] : others).sort(newestFirst);
}

/**
 * How many of the shown announcements are newer than the last time the user opened them (all of them before the
 * first time), for the top bar's badge.
 * @example unreadCount(items, seen.seenAt)
 */
export function unreadCount(items: readonly AnnouncementDto[], seenAt: string | null): number {
  if (seenAt === null) return items.length;
  const seen = Date.parse(seenAt);
  return items.filter((a) => Date.parse(a.createdAt) > seen).length;
}

/** Spec part 1 §3: priority 1 red, 2 orange, 3 grey. */
export const PRIORITY_INTENT = { 1: 'danger', 2: 'warning', 3: 'none' } as const;
