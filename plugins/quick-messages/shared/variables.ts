/**
 * What a quick reply's `{{variables}}` are filled with when the attendant picks it: the peers' names (spec part 2 §3
 * "Message variable placeholders"; peer-server-behaviour §7, GB's Mustache variables), from the ticket on screen.
 */
export interface ReplyContext {
  contactName: string;
  ticketId: number;
  /** The attendant writing (GB: the ticket's user; here the one who sends it). */
  userName: string;
  queueName: string;
  connectionName: string;
  companyName: string;
  /** The greeting by the hour, in the attendant's language: madrugada (0–5), morning, afternoon, evening. */
  periods: readonly [string, string, string, string];
  /** The word between date and hour in {{data_hora}} ("às"). */
  at: string;
  now: Date;
}

/** The variables a reply may use, in the spec's order, then GB's two extra ones. */
export const REPLY_VARIABLES = [
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

const pad = (n: number) => String(n).padStart(2, '0');

/** GB's greeting by the hour: 0–5, 6–11, 12–17, 18–23. @example periodOf(13) === 2 */
export const periodOf = (hour: number): 0 | 1 | 2 | 3 => (hour < 6 ? 0 : hour < 12 ? 1 : hour < 18 ? 2 : 3);

/**
 * Fills `{{variable}}` placeholders (spaces inside the braces allowed) as GB's Mustache does, on the attendant's clock:
 * unknown variables become empty; values are not HTML-escaped (chat apps would show `&amp;` literally).
 * @example fillVariables('{{ms}}, {{firstName}}!', ctx) // 'Boa tarde, Maria!'
 */
export function fillVariables(template: string, c: ReplyContext): string {
  const { now } = c;
  const date = `${pad(now.getDate())}-${pad(now.getMonth() + 1)}-${now.getFullYear()}`;
  const hour = `${now.getHours()}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
  const values: Record<(typeof REPLY_VARIABLES)[number], string> = {
    firstName: c.contactName.trim().split(/\s+/)[0] ?? '',
    name: c.contactName,
    userName: c.userName,
    ms: c.periods[periodOf(now.getHours())],
    // GB's protocol: the date, then minutes, seconds and milliseconds unpadded (no hour), then the ticket id.
    protocol: `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}${now.getMinutes()}${now.getSeconds()}${now.getMilliseconds()}${c.ticketId}`,
    date,
    hour,
    ticket_id: String(c.ticketId),
    queue: c.queueName,
    connection: c.connectionName,
    data_hora: `${date} ${c.at} ${hour}`,
    name_company: c.companyName,
  };
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) =>
    Object.hasOwn(values, key) ? values[key as keyof typeof values] : '',
  );
}
