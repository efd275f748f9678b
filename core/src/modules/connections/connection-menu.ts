import type { Cradle } from '../../kernel/container.js';
import { onceInScope, primeInScope } from '../../kernel/scope-reads.js';

/** A queue the connection's menu offers. */
export interface MenuQueue {
  id: number;
  name: string;
  greetingMessage: string | null;
  /** The file list sent to the contact when a ticket enters the queue (the file-list plugin's); null: none. */
  fileListId: number | null;
}

/** A menu queue as SQL answers it (menuQueues' read, and a bot turn's lease statement). */
export type MenuQueueRow = {
  id: number;
  name: string;
  greeting_message: string | null;
  file_list_id: number | null;
};

export const toMenuQueue = (r: MenuQueueRow): MenuQueue => ({
  id: r.id,
  name: r.name,
  greetingMessage: r.greeting_message,
  fileListId: r.file_list_id,
});

/** The menu's order: by orderQueue (unset last), then by id (GB lists by orderQueue). */
const MENU_ORDER = 'q.order_queue asc nulls last, q.id asc';
const MENU_FROM = (whatsapp: string, company: string) =>
  `from whatsapp_queues wq join queues q on q.id = wq.queue_id
    where wq.whatsapp_id = ${whatsapp} and q.company_id = ${company}`;

/**
 * The connection's menu queues as one jsonb array of MenuQueueRow, in the menu's order, for a statement that reads
 * more (a bot turn's lease); `whatsapp` and `company` are SQL expressions (that statement's columns).
 */
export const menuQueuesJsonSql = (whatsapp: string, company: string) =>
  `(select coalesce(jsonb_agg(jsonb_build_object('id', q.id, 'name', q.name, 'greeting_message', q.greeting_message,
                                                 'file_list_id', q.file_list_id) order by ${MENU_ORDER}), '[]')
     ${MENU_FROM(whatsapp, company)})`;

const menuKey = (companyId: number, whatsappId: number) => `menu:${companyId}:${whatsappId}`;

/** The connection's queues as the menu lists them (in the menu's order), read once per scope. */
export function menuQueues(scope: Cradle, companyId: number, whatsappId: number): Promise<MenuQueue[]> {
  return onceInScope(scope, menuKey(companyId, whatsappId), async () => {
    const rows = await scope.em
      .getConnection()
      .execute<MenuQueueRow[]>(
        `select q.id, q.name, q.greeting_message, q.file_list_id ${MENU_FROM('?', '?')} order by ${MENU_ORDER}`,
        [whatsappId, companyId],
      );
    return rows.map(toMenuQueue);
  });
}

/** Gives the scope the connection's menu queues read by another statement (a bot turn's lease). */
export function primeMenuQueues(
  scope: Cradle,
  companyId: number,
  whatsappId: number,
  rows: readonly MenuQueueRow[],
): void {
  primeInScope(scope, menuKey(companyId, whatsappId), rows.map(toMenuQueue));
}
