/**
 * Message variables (spec part 2 §3 "Message variable placeholders": firstName, name, userName, ms, protocol, date,
 * hour, ticket_id, queue, connection; peer-server-behaviour §7, GB's Mustache names, which also offer data_hora and
 * name_company): the one renderer of core's automatic texts and of the quick replies the composer fills.
 */

import type { WallClock } from './wall-clock.js';

/** The variables the renderer knows, in the order the spec lists them (then GB's two extra ones). */
export const MESSAGE_VARIABLES = [
  'firstName',
  'name',
  'userName',
  'ms',
  'protocol',
  'date',
  'hour',
  'ticket_id',
  'queue',
  'connection',
  'data_hora',
  'name_company',
] as const;

/** A moment as a clock on a wall shows it (the company's zone for automatic texts, the attendant's for a reply). */
export interface ClockTime extends WallClock {
  millisecond: number;
}

/** What the variables are filled with. */
export interface VariableValues {
  contactName: string;
  ticketId: number;
  /** The attendant speaking (GB: the ticket's user); '' for none. */
  userName: string;
  queueName: string;
  connectionName: string;
  companyName: string;
  clock: ClockTime;
  /** The {{ms}} greeting by the hour, in the reader's language: 0–5, 6–11, 12–17, 18–23. */
  periods: readonly [string, string, string, string];
  /** The word between date and hour in {{data_hora}} ("às"). */
  at: string;
}

/** The clock of this machine's zone (the attendant's browser) at `now`. @example localClock(new Date()).hour */
export const localClock = (now: Date): ClockTime => ({
  year: now.getFullYear(),
  month: now.getMonth() + 1,
  day: now.getDate(),
  hour: now.getHours(),
  minute: now.getMinutes(),
  second: now.getSeconds(),
  millisecond: now.getMilliseconds(),
});

/** GB's greeting band of an hour: 0–5, 6–11, 12–17, 18–23. @example periodOf(13) === 2 */
export const periodOf = (hour: number): 0 | 1 | 2 | 3 => (hour < 6 ? 0 : hour < 12 ? 1 : hour < 18 ? 2 : 3);

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Renders `{{variable}}` placeholders (the peers' Mustache syntax; spaces inside the braces allowed). Unknown
 * variables become empty, as with GB's Mustache; values are not HTML-escaped (Mustache does, but these texts go to
 * chat apps, where `&amp;` would show literally).
 * @example renderVariables('{{ms}}, {{firstName}}!', { contactName: 'Maria Souza', … }) // 'Boa tarde, Maria!'
 */
export function renderVariables(template: string, v: VariableValues): string {
  const t = v.clock;
  const date = `${pad(t.day)}-${pad(t.month)}-${t.year}`;
  const hour = `${t.hour}:${pad(t.minute)}:${pad(t.second)}`;
  const values: Record<(typeof MESSAGE_VARIABLES)[number], string> = {
    firstName: v.contactName.trim().split(/\s+/)[0] ?? '',
    name: v.contactName,
    userName: v.userName,
    ms: v.periods[periodOf(t.hour)],
    // GB's protocol (peer §7): the date, then minutes, seconds and milliseconds unpadded (no hour), then the ticket id.
    protocol: `${t.year}${pad(t.month)}${pad(t.day)}${t.minute}${t.second}${t.millisecond}${v.ticketId}`,
    date,
    hour,
    ticket_id: String(v.ticketId),
    queue: v.queueName,
    connection: v.connectionName,
    data_hora: `${date} ${v.at} ${hour}`,
    name_company: v.companyName,
  };
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) =>
    Object.hasOwn(values, key) ? values[key as keyof typeof values] : '',
  );
}
