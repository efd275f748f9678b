import type { EntityManager } from '@mikro-orm/postgresql';
import { COMPANY_TIMEZONE } from '../../db/local-days.js';

/** Values the automatic texts may use (peer-server-behaviour §7, GB variables). */
export interface VariableContext {
  contactName: string;
  ticketId: number;
  userName: string;
  queueName: string;
  connectionName: string;
  companyName: string;
  now?: Date;
}

const pad = (n: number, size = 2) => String(n).padStart(size, '0');

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: COMPANY_TIMEZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The company's wall clock at `now` (CONVENTIONS "Time"), whatever zone the server runs in. */
function companyClock(now: Date) {
  const part: Record<string, number> = {};
  for (const p of wallClock.formatToParts(now)) if (p.type !== 'literal') part[p.type] = Number(p.value);
  return {
    year: part.year ?? 0,
    month: part.month ?? 0,
    day: part.day ?? 0,
    hour: part.hour ?? 0,
    minute: part.minute ?? 0,
    second: part.second ?? 0,
  };
}

/** pt-BR like the peers: automatic texts are written in the company's language, Portuguese by default. */
function periodGreeting(hour: number): string {
  if (hour < 6) return 'Boa madrugada';
  if (hour < 12) return 'Bom dia';
  if (hour < 18) return 'Boa tarde';
  return 'Boa noite';
}

/**
 * Renders `{{variable}}` placeholders. Unknown variables become empty, as with the peers' Mustache; values are not
 * HTML-escaped (Mustache does, but these texts go to chat apps, where `&amp;` would show literally).
 */
export function renderVariables(template: string, c: VariableContext): string {
  const now = c.now ?? new Date();
  const t = companyClock(now);
  const date = `${pad(t.day)}-${pad(t.month)}-${t.year}`;
  const hour = `${t.hour}:${pad(t.minute)}:${pad(t.second)}`;
  const values: Record<string, string> = {
    firstName: c.contactName.split(' ')[0] ?? '',
    name: c.contactName,
    ticket_id: String(c.ticketId),
    userName: c.userName,
    ms: periodGreeting(t.hour),
    hour,
    date,
    queue: c.queueName,
    connection: c.connectionName,
    data_hora: `${date} às ${hour}`,
    protocol: `${t.year}${pad(t.month)}${pad(t.day)}${t.minute}${t.second}${now.getMilliseconds()}${c.ticketId}`,
    name_company: c.companyName,
  };
  return template.replace(/\{\{\s*([\w]+)\s*\}\}/g, (_, key: string) => values[key] ?? '');
}

/** The context of a ticket, read in one query (company-scoped). */
export async function ticketVariables(
  em: EntityManager,
  companyId: number,
  ticketId: number,
  userName: string,
): Promise<VariableContext> {
  const [row] = await em
    .getConnection()
    .execute<{ contact: string; queue: string | null; connection: string | null; company: string }[]>(
      `select c.name as contact, q.name as queue, w.name as connection, co.name as company
       from tickets t join contacts c on c.id = t.contact_id join companies co on co.id = t.company_id
       left join queues q on q.id = t.queue_id left join whatsapps w on w.id = t.whatsapp_id
      where t.company_id = ? and t.id = ?`,
      [companyId, ticketId],
    );
  return {
    contactName: row?.contact ?? '',
    ticketId,
    userName,
    queueName: row?.queue ?? '',
    connectionName: row?.connection ?? '',
    companyName: row?.company ?? '',
  };
}
