import { GroupCommit } from '@balcao/sdk';
import type { CampaignDeps } from './deps.js';

type Em = CampaignDeps['em'];
type Sql = CampaignDeps['sql'];

interface Ask {
  sql: Sql;
  companyId: number;
  contactId: number;
  resolve(reaches: boolean): void;
  reject(err: unknown): void;
}

/** Asks answered by one statement at most. */
const MAX_BATCH = 500;

/** Of the asks (index, company, contact), those some shipping of the company is the contact's or lost its contact. */
const REACHED = `select a.i from jsonb_to_recordset(?::jsonb) as a(i int, company_id int, contact_id int)
  where exists (select 1 from campaign_shippings s
                 where s.company_id = a.company_id and (s.contact_id = a.contact_id or s.contact_id is null))`;

/**
 * Answers one batch of asks with one statement. Prepared (the sql port): the asks' JSON travels as a parameter, not
 * escaped into the text every time.
 */
async function answer(batch: Ask[]): Promise<void> {
  const asks = batch.map((a, i) => ({ i, company_id: a.companyId, contact_id: a.contactId }));
  try {
    const rows = await batch[0].sql.rows<{ i: number }>(REACHED, [JSON.stringify(asks)]);
    const reached = new Set(rows.map((r) => Number(r.i)));
    for (const [i, a] of batch.entries()) a.resolve(reached.has(i));
  } catch (err) {
    for (const a of batch) a.reject(err);
  }
}

/**
 * The asks of one database, group-committed (the SDK's GroupCommit): while a statement runs, the asks that arrive wait
 * and go together in the next, in arrival order. An ingest batch emits its messages' `message.created` together, so a
 * burst costs a statement per batch instead of one per message (issue 30: statements per ingested message).
 */
const newQueue = () => new GroupCommit<Ask>({ maxBatch: MAX_BATCH, maxInFlight: 1, run: answer });

/** One queue per database: asks are grouped by the ORM driver their entity manager was forked from (one per host). */
const queues = new WeakMap<object, GroupCommit<Ask>>();

/**
 * Whether the contact's message may answer a campaign at all: some shipping of the company is the contact's, or lost
 * its contact (a merge deleted the contact it was sent to, whose ticket, with the campaign's message, is now this
 * contact's). Concurrent asks share one statement.
 * @example if (!(await mayAnswerACampaign(deps, companyId, contactId))) return;
 */
export function mayAnswerACampaign(
  { em, sql }: { em: Em; sql: Sql },
  companyId: number,
  contactId: number,
): Promise<boolean> {
  const driver = em.getDriver();
  let queue = queues.get(driver);
  if (!queue) {
    queue = newQueue();
    queues.set(driver, queue);
  }
  const q = queue;
  return new Promise((resolve, reject) => q.push({ sql, companyId, contactId, resolve, reject }));
}
