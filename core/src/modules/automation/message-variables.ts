import type { EntityManager } from '@mikro-orm/postgresql';
import { companyClock } from '../../db/local-days.js';
import { type CustomerTexts, textsIn } from './customer-texts.js';

/**
 * Values the automatic texts may use (spec part 2 §3 "Message variable placeholders": firstName, name, userName, ms,
 * protocol, date, hour, ticket_id, queue, connection; peer-server-behaviour §7, GB's Mustache names, which also
 * offer data_hora and name_company).
 */
export interface VariableContext {
  contactName: string;
  ticketId: number;
  userName: string;
  queueName: string;
  connectionName: string;
  companyName: string;
  /** The moment the text is sent (the kernel's clock); now when absent. */
  now?: Date;
  /** The company's time zone (IANA); America/Sao_Paulo when absent (CONVENTIONS "Time"). */
  timeZone?: string;
  /** The company's texts for {{ms}} and {{data_hora}}; pt-BR when absent. */
  texts?: Pick<CustomerTexts, 'periods' | 'at'>;
}

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

const pad = (n: number, size = 2) => String(n).padStart(size, '0');

/** GB's greeting by the hour (peer §7): 0–5 Boa madrugada, 6–11 Bom dia, 12–17 Boa tarde, 18–23 Boa noite (pt-BR). */
export function periodGreeting(
  hour: number,
  texts: Pick<CustomerTexts, 'periods'> = textsIn('pt-BR'),
): string {
  return texts.periods[hour < 6 ? 0 : hour < 12 ? 1 : hour < 18 ? 2 : 3];
}

/**
 * Renders `{{variable}}` placeholders (the peers' Mustache syntax; spaces inside the braces allowed). Unknown
 * variables become empty, as with GB's Mustache; values are not HTML-escaped (Mustache does, but these texts go to
 * chat apps, where `&amp;` would show literally). The one renderer of every automatic message.
 * @example renderVariables('{{ms}}, {{firstName}}!', { contactName: 'Maria Souza', … }) // 'Boa tarde, Maria!'
 */
export function renderVariables(template: string, c: VariableContext): string {
  const now = c.now ?? new Date();
  const t = companyClock(now, c.timeZone);
  const date = `${pad(t.day)}-${pad(t.month)}-${t.year}`;
  const hour = `${t.hour}:${pad(t.minute)}:${pad(t.second)}`;
  const values: Record<(typeof MESSAGE_VARIABLES)[number], string> = {
    firstName: c.contactName.trim().split(/\s+/)[0] ?? '',
    name: c.contactName,
    userName: c.userName,
    ms: periodGreeting(t.hour, c.texts),
    // GB's protocol (peer §7): date, then minutes, seconds and milliseconds unpadded, then the ticket id.
    protocol: `${t.year}${pad(t.month)}${pad(t.day)}${t.minute}${t.second}${now.getMilliseconds()}${c.ticketId}`,
    date,
    hour,
    ticket_id: String(c.ticketId),
    queue: c.queueName,
    connection: c.connectionName,
    data_hora: `${date} ${c.texts?.at ?? textsIn('pt-BR').at} ${hour}`,
    name_company: c.companyName,
  };
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) =>
    Object.hasOwn(values, key) ? values[key as keyof typeof values] : '',
  );
}

/** The context of a ticket, read in one query (company-scoped). */
export async function ticketVariables(
  em: EntityManager,
  companyId: number,
  ticketId: number,
  userName: string,
): Promise<VariableContext> {
  const [row] = await em.getConnection().execute<
    {
      contact: string;
      queue: string | null;
      connection: string | null;
      company: string;
      user: string | null;
    }[]
  >(
    `select c.name as contact, q.name as queue, w.name as connection, co.name as company, u.name as user
       from tickets t join contacts c on c.id = t.contact_id join companies co on co.id = t.company_id
       left join queues q on q.id = t.queue_id left join whatsapps w on w.id = t.whatsapp_id
       left join users u on u.id = t.user_id
      where t.company_id = ? and t.id = ?`,
    [companyId, ticketId],
  );
  return {
    contactName: row?.contact ?? '',
    ticketId,
    // The one who speaks (an attendant accepting), else the ticket's attendant, else none (GB: "" without a user).
    userName: userName || row?.user || '',
    queueName: row?.queue ?? '',
    connectionName: row?.connection ?? '',
    companyName: row?.company ?? '',
  };
}
