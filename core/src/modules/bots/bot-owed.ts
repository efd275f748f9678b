import { GroupCommit, type Logger } from '@balcao/sdk';
import type { MikroORM } from '@mikro-orm/postgresql';
import { preparedRows } from '../../db/prepared.js';

/** An inbound message that may be owed a turn. */
export interface Owing {
  companyId: number;
  ticketId: number;
  messageId: number;
}

/** A turn owed here: the ticket's newest message it must reach. */
type Offer = (companyId: number, ticketId: number, messageId: number) => void;

/** Marks at once in one statement (the ingest stores up to 200 messages per statement). */
const MAX_BATCH = 500;

/** A turn owed for longer than this is given up: the contact's message waits for the attendants like any other. */
const HORIZON_HOURS = 24;

/**
 * Whether the message's ticket is for the bots (not closed, no attendant on it), and if so the row saying a turn is
 * owed up to it, for tickets of a batch at once; answers those tickets' newest message.
 */
const MARK = `with v as (
    select v.ticket_id, v.company_id, max(v.message_id) as message_id
      from jsonb_to_recordset(?::jsonb) as v(ticket_id int, company_id int, message_id bigint)
     group by v.ticket_id, v.company_id),
  owed as (
    select t.id as ticket_id, t.company_id, v.message_id
      from v join tickets t on t.id = v.ticket_id and t.company_id = v.company_id
     where t.status <> 'closed' and not (t.status in ('open', 'group') and t.user_id is not null)),
  marked as (
    insert into bot_turns_owed as o (ticket_id, company_id, message_id)
    select ticket_id, company_id, message_id from owed order by ticket_id
    on conflict (ticket_id) do update
      set message_id = greatest(o.message_id, excluded.message_id), owed_at = now())
  select ticket_id, company_id, message_id from owed`;

/**
 * The durable half of the bots' turns (bot-turns.ts runs them): which tickets are owed a turn, in `bot_turns_owed`.
 * Inbound messages are marked in batches (group commit: what arrives while a batch runs goes in the next), so a burst
 * of messages costs a statement per batch, not per message; the marked tickets are offered to this process's turns.
 * A turn that went through settles the row (bot-dispatch.ts, with its lease's release); the sweep offers the rows a
 * stopped or dead process left.
 * @example owed.mark({ companyId, ticketId, messageId })
 */
export class OwedTurns {
  private readonly batches = new GroupCommit<Owing>({
    maxBatch: MAX_BATCH,
    maxInFlight: 1,
    run: (batch) => this.run(batch),
  });

  constructor(
    private readonly orm: MikroORM,
    private readonly logger: Logger,
    private readonly offer: Offer,
  ) {}

  /** The message's ticket owes a turn if the bots may answer it; the turn is offered once that is recorded. */
  mark(owing: Owing): void {
    this.batches.push(owing);
  }

  /**
   * Offers the turns the company's tickets are owed for more than `graceSeconds` and whose lease nobody holds (what
   * a process that stopped or died left); forgets those owed for more than HORIZON_HOURS. Answers how many it offered.
   */
  async sweep(companyId: number, graceSeconds: number): Promise<number> {
    const conn = this.orm.em.fork().getConnection();
    await conn.execute(
      'delete from bot_turns_owed where company_id = ? and owed_at < now() - make_interval(hours => ?)',
      [companyId, HORIZON_HOURS],
    );
    const rows = await conn.execute<{ ticket_id: number; message_id: string }[]>(
      `select o.ticket_id, o.message_id from bot_turns_owed o join tickets t on t.id = o.ticket_id
        where o.company_id = ? and o.owed_at < now() - make_interval(secs => ?)
          and (t.bot_lease_until is null or t.bot_lease_until < now())
        order by o.owed_at limit 1000`,
      [companyId, graceSeconds],
    );
    for (const row of rows) this.offer(companyId, row.ticket_id, Number(row.message_id));
    return rows.length;
  }

  /** One batch; if it fails as a whole, each message alone, so one never decides another's fate. */
  private async run(batch: Owing[]): Promise<void> {
    if (await this.markAll(batch)) return;
    if (batch.length > 1) for (const owing of batch) await this.markAll([owing]);
  }

  private async markAll(batch: Owing[]): Promise<boolean> {
    try {
      // Prepared (db/prepared.ts): the batch's JSON is a parameter, and the statement is planned once per connection.
      const rows = await preparedRows<{ ticket_id: number; company_id: number; message_id: string }>(
        this.orm.em.fork(),
        MARK,
        [
          JSON.stringify(
            batch.map((o) => ({ ticket_id: o.ticketId, company_id: o.companyId, message_id: o.messageId })),
          ),
        ],
      );
      for (const row of rows) this.offer(row.company_id, row.ticket_id, Number(row.message_id));
      return true;
    } catch (err) {
      this.logger.error({ err, messages: batch.length }, 'bot turns could not be marked as owed');
      return false;
    }
  }
}
