/** Spec part 1 §9: contact names show at most 60 characters, last messages 40. */
export const CONTACT_NAME_MAX = 60;
export const LAST_MESSAGE_MAX = 40;
/** How much of a quoted message a reply (and the composer's reply bar) shows. */
export const QUOTE_MAX = 120;

/** Cuts `text` to `max` characters with an ellipsis; null and undefined become ''. */
export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

const pad = (n: number): string => String(n).padStart(2, '0');

const sameDay = (a: Date, b: Date): boolean =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** `HH:mm` in local time. */
export const formatTime = (date: Date): string => `${pad(date.getHours())}:${pad(date.getMinutes())}`;

/** `dd/MM/yyyy` in local time. */
export const formatDate = (date: Date): string =>
  `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;

/** `dd/MM/yyyy HH:mm` in local time. */
export const formatDateTime = (iso: string): string => {
  const date = new Date(iso);
  return `${formatDate(date)} ${formatTime(date)}`;
};

/** `dd/MM/yy HH:mm` in local time (the connections list's last update). */
export const formatShortDateTime = (iso: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${pad(date.getFullYear() % 100)} ${formatTime(date)}`;
};

/** Ticket rows (spec part 1 §2): `HH:mm` when the date is today, otherwise `dd/MM/yyyy`. */
export function formatTicketTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return sameDay(date, now) ? formatTime(date) : formatDate(date);
}

/** A local calendar day, `yyyy-MM-dd`, to group messages under day separators. */
export function dayKey(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** One or two initials for an avatar without a picture. */
export function initials(name: string | null | undefined): string {
  // Numbers and symbols make poor initials ("Ana Costa 8" is AC).
  const words = (name ?? '')
    .trim()
    .split(/\s+/)
    .filter((w) => /^\p{L}/u.test(w));
  if (words.length === 0) return '?';
  const first = words[0][0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1][0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** A message body as one plain line for previews: signature asterisks and line breaks dropped. */
export function previewText(body: string | null | undefined): string {
  return (body ?? '')
    .replace(/\*([^*\n]+)\*/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
