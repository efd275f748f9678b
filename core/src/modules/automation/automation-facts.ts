import { COMPANY_TIMEZONE, type ScheduleRow } from '@balcao/sdk';
import type { Cradle } from '../../kernel/container.js';
import { Company } from '../companies/company.entity.js';
import { Connection, type IConnection } from '../connections/connection.entity.js';

/** A queue the menu offers. */
export interface MenuQueue {
  id: number;
  name: string;
  greetingMessage: string | null;
  /** The file list sent to the contact when a ticket enters the queue (the file-list plugin's); null: none. */
  fileListId: number | null;
}

type QueueRow = { id: number; name: string; greeting_message: string | null; file_list_id: number | null };
const toMenuQueue = (r: QueueRow): MenuQueue => ({
  id: r.id,
  name: r.name,
  greetingMessage: r.greeting_message,
  fileListId: r.file_list_id,
});

/** What the automation reads of a ticket's connection. */
export type ConnectionFacts = Pick<
  IConnection,
  | 'id'
  | 'name'
  | 'greetingMessage'
  | 'greetingMediaAttachment'
  | 'lgpdMessage'
  | 'lgpdLink'
  | 'outOfHoursMessage'
  | 'maxUseBotQueues'
  | 'timeUseBotQueues'
  | 'schedules'
  | 'ratingMessage'
  | 'complationMessage'
  | 'expiresTicketNps'
  | 'maxUseBotQueuesNps'
>;

/**
 * What one scope (a bot turn, a job run, a request) has read of connections and their menus, by key: a turn deals with
 * several messages of one ticket and its stages each ask for the connection, which does not change under them. Read
 * once per scope instead of once per stage and message (issue 30: the ingest's statements per message).
 */
const readInScope = new WeakMap<Cradle, Map<string, Promise<unknown>>>();

function onceInScope<T>(scope: Cradle, key: string, read: () => Promise<T>): Promise<T> {
  let reads = readInScope.get(scope);
  if (!reads) {
    reads = new Map();
    readInScope.set(scope, reads);
  }
  let pending = reads.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = read();
    reads.set(key, pending);
    // A failed read is not kept: the next stage asks the database again.
    pending.catch(() => reads.get(key) === pending && reads.delete(key));
  }
  return pending;
}

export async function connectionFacts(
  scope: Cradle,
  companyId: number,
  whatsappId: number | null | undefined,
): Promise<ConnectionFacts | null> {
  if (!whatsappId) return null;
  // By id alone, then the company checked here: a lookup by primary key is answered from the scope's identity map when
  // the turn's engine selection (bots/bot-selection.ts) already read the connection, instead of a second query.
  return onceInScope(scope, `connection:${companyId}:${whatsappId}`, async () => {
    const connection = await scope.em.findOne(Connection, { id: whatsappId });
    return connection?.companyId === companyId ? connection : null;
  });
}

/** The connection's queues as the menu lists them: by orderQueue (unset last), then by id (GB lists by orderQueue). */
export function menuQueues(scope: Cradle, companyId: number, whatsappId: number): Promise<MenuQueue[]> {
  return onceInScope(scope, `menu:${companyId}:${whatsappId}`, () =>
    readMenuQueues(scope, companyId, whatsappId),
  );
}

async function readMenuQueues(scope: Cradle, companyId: number, whatsappId: number): Promise<MenuQueue[]> {
  const rows = await scope.em.getConnection().execute<QueueRow[]>(
    `select q.id, q.name, q.greeting_message, q.file_list_id
       from whatsapp_queues wq join queues q on q.id = wq.queue_id
      where wq.whatsapp_id = ? and q.company_id = ?
      order by q.order_queue asc nulls last, q.id asc`,
    [whatsappId, companyId],
  );
  return rows.map(toMenuQueue);
}

/** One queue of the company as the menu would offer it (a tree's option may point at a queue off the menu). */
export async function queueFacts(
  scope: Cradle,
  companyId: number,
  queueId: number,
): Promise<MenuQueue | null> {
  const [row] = await scope.em
    .getConnection()
    .execute<QueueRow[]>(
      'select id, name, greeting_message, file_list_id from queues where id = ? and company_id = ?',
      [queueId, companyId],
    );
  return row ? toMenuQueue(row) : null;
}

/** A queue's own service hours and out-of-hours text (scheduleType `queue`); null: no such queue of the company. */
export async function queueHours(
  scope: Cradle,
  companyId: number,
  queueId: number,
): Promise<{ schedules: ScheduleRow[] | null; outOfHoursMessage: string | null } | null> {
  const [row] = await scope.em
    .getConnection()
    .execute<{ schedules: ScheduleRow[] | null; out_of_hours_message: string | null }[]>(
      'select schedules, out_of_hours_message from queues where id = ? and company_id = ?',
      [queueId, companyId],
    );
  return row ? { schedules: row.schedules, outOfHoursMessage: row.out_of_hours_message } : null;
}

/** The company's service hours (`PUT /companies/{id}/schedules`); null: none set. */
export async function companySchedules(scope: Cradle, companyId: number): Promise<ScheduleRow[] | null> {
  const company = await scope.em.findOne(Company, { id: companyId }, { filters: false });
  return company?.schedules ?? null;
}

/**
 * The company's time zone for its business rules. Companies have no time zone setting yet: every company keeps the
 * platform's (America/Sao_Paulo, CONVENTIONS "Time"); this is the one place that changes when one is added.
 */
export function companyTimeZone(_companyId: number): string {
  return COMPANY_TIMEZONE;
}
