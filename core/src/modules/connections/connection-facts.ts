import type { Cradle } from '../../kernel/container.js';
import { onceInScope, primeInScope } from '../../kernel/scope-reads.js';
import { Connection, type IConnection } from './connection.entity.js';

/** What a bot turn reads of a ticket's connection: the engine it selects, and the automation's texts and limits. */
export type ConnectionFacts = Pick<
  IConnection,
  | 'id'
  | 'companyId'
  | 'name'
  | 'botEngine'
  | 'integrationId'
  | 'promptId'
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

/** Each fact's column in `whatsapps`. */
const COLUMNS = {
  id: 'id',
  companyId: 'company_id',
  name: 'name',
  botEngine: 'bot_engine',
  integrationId: 'integration_id',
  promptId: 'prompt_id',
  greetingMessage: 'greeting_message',
  greetingMediaAttachment: 'greeting_media_attachment',
  lgpdMessage: 'lgpd_message',
  lgpdLink: 'lgpd_link',
  outOfHoursMessage: 'out_of_hours_message',
  maxUseBotQueues: 'max_use_bot_queues',
  timeUseBotQueues: 'time_use_bot_queues',
  schedules: 'schedules',
  ratingMessage: 'rating_message',
  complationMessage: 'complation_message',
  expiresTicketNps: 'expires_ticket_nps',
  maxUseBotQueuesNps: 'max_use_bot_queues_nps',
} as const satisfies Record<keyof ConnectionFacts, string>;

/**
 * The connection's facts as one jsonb object of its columns (null: no such connection of the company), for a
 * statement that reads more (a bot turn's lease); `whatsapp` and `company` are SQL expressions of that statement.
 */
export const connectionFactsJsonSql = (whatsapp: string, company: string) =>
  `(select jsonb_build_object(${Object.values(COLUMNS)
    .map((c) => `'${c}', w.${c}`)
    .join(', ')}) from whatsapps w where w.id = ${whatsapp} and w.company_id = ${company})`;

/**
 * A row of {@link connectionFactsJsonSql} as facts: plain values, no entity (mapping a Connection entity cost a turn
 * 0.15 ms of the server's CPU, the most of the three it mapped; docs/benchmarks.md).
 */
export function toConnectionFacts(row: Record<string, unknown>): ConnectionFacts {
  const facts: Record<string, unknown> = {};
  for (const [property, column] of Object.entries(COLUMNS)) facts[property] = row[column] ?? null;
  return facts as ConnectionFacts;
}

const factsKey = (companyId: number, whatsappId: number) => `connection:${companyId}:${whatsappId}`;

/** The ticket's connection as the automation and the engine selection read it, once per scope; null: none. */
export async function connectionFacts(
  scope: Cradle,
  companyId: number,
  whatsappId: number | null | undefined,
): Promise<ConnectionFacts | null> {
  if (!whatsappId) return null;
  return onceInScope(scope, factsKey(companyId, whatsappId), async () => {
    const connection = await scope.em.findOne(Connection, { id: whatsappId });
    return connection?.companyId === companyId ? connection : null;
  });
}

/** Gives the scope the connection's facts read by another statement (a bot turn's lease). */
export function primeConnectionFacts(scope: Cradle, companyId: number, facts: ConnectionFacts): void {
  primeInScope(scope, factsKey(companyId, facts.id), facts);
}
