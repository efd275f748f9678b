import { GroupCommit, type Logger } from '@balcao/sdk';
import type { MikroORM } from '@mikro-orm/postgresql';
import { preparedRows } from '../../db/prepared.js';
import { TURN_OWN, TURN_SHARED } from './turn-lease.js';

/** A turn's ask for its ticket's lease, up to its message. */
interface LeaseAsk {
  ticketId: number;
  messageId: number;
  done: (row: Record<string, unknown> | null) => void;
  failed: (err: unknown) => void;
}

/** A turn's end: the cursor it reached, the owed turn it settles (0: none), and the lease let go. */
interface SettleAsk {
  ticketId: number;
  settled: number;
  reached: number;
  done: () => void;
  failed: (err: unknown) => void;
}

/** Tickets leased or settled in one statement at most. */
const MAX_BATCH = 100;

/**
 * Leases many tickets' turns in one statement: each free ticket of the batch (no lease, or a lapsed one) is leased and
 * answered with what its turn reads (turn-lease.ts: its own messages up to its turn's and its contact; the connection,
 * menu and settings read once per company and connection of the batch). `skip locked`: a ticket whose
 * row another transaction holds (its ingest, a moment) is left out and asks again, so the statement never waits for a
 * row lock, and never deadlocks with a batch that locks the same tickets in another order.
 */
export const LEASE_MANY = `with wanted as (
    select (v->>0)::int as id, (v->>1)::bigint as upto from jsonb_array_elements(?::jsonb) v),
  free as (
    select t.id from tickets t join wanted w on w.id = t.id
     where t.bot_lease_until is null or t.bot_lease_until < now()
     order by t.id for update of t skip locked),
  leased as (
    update tickets t set bot_lease_until = now() + make_interval(secs => ?) from free f where t.id = f.id
    returning t.*),
  shared as materialized (
    select p.company_id, p.whatsapp_id, ${TURN_SHARED('p')}
      from (select distinct company_id, whatsapp_id from leased) p)
  select l.*, ${TURN_OWN('l', 'w.upto')}, s.turn_connection, s.turn_settings, s.turn_menu
    from leased l join wanted w on w.id = l.id
    join shared s on s.company_id = l.company_id and s.whatsapp_id is not distinct from l.whatsapp_id`;

/**
 * Ends many turns in one statement: the cursor each reached, its owed row settled, its lease let go. The tickets whose
 * rows another transaction holds are skipped (as in LEASE_MANY) and left out of the answer: those end each on its own,
 * with {@link SETTLE_ONE}, which waits for the row.
 */
const SETTLE_MANY = `with ending as (
    select (v->>0)::int as id, (v->>1)::bigint as settled, (v->>2)::bigint as reached
      from jsonb_array_elements(?::jsonb) v),
  locked as (
    select t.id from tickets t join ending e on e.id = t.id order by t.id for update of t skip locked),
  settled as (
    delete from bot_turns_owed o using ending e, locked k
     where k.id = e.id and o.ticket_id = e.id and o.message_id <= e.settled)
  update tickets t set bot_cursor = greatest(coalesce(t.bot_cursor, 0), e.reached), bot_lease_until = null
    from ending e, locked k where k.id = e.id and t.id = e.id
  returning t.id`;

const SETTLE_ONE = `with settled as (delete from bot_turns_owed where ticket_id = ? and message_id <= ?)
  update tickets set bot_cursor = greatest(coalesce(bot_cursor, 0), ?), bot_lease_until = null where id = ?`;

/**
 * The two statements of every bot turn (bot-dispatch.ts), group-committed across the process's turns: the leases
 * asked while a lease statement runs go together in the next one, and the same for the turns' ends (issue 30: they
 * were two statements per turn, most of what ingest sent to the database). A turn's own work between them is
 * unchanged; a lone turn still costs two statements. They run prepared (db/prepared.ts): their JSON goes as a
 * parameter, not escaped into the text, and each is planned once per connection.
 * @example const row = await batches.lease(ticketId, messageId); …; await batches.settle(ticketId, messageId, reached)
 */
export class TurnBatches {
  private readonly leases = new GroupCommit<LeaseAsk>({
    maxBatch: MAX_BATCH,
    maxInFlight: 1,
    run: (batch) => this.leaseAll(batch),
  });
  private readonly settles = new GroupCommit<SettleAsk>({
    maxBatch: MAX_BATCH,
    maxInFlight: 1,
    run: (batch) => this.settleAll(batch),
  });

  constructor(
    private readonly orm: MikroORM,
    private readonly logger: Logger,
    /** How long a lease lasts unless let go (longer than any engine call and its writes). */
    private readonly leaseSeconds: number,
  ) {}

  /**
   * The ticket's lease, if free, with what its turn reads up to `messageId` (turn-lease.ts); null while another
   * turn or timer holds it, or its row is locked this instant: ask again.
   */
  lease(ticketId: number, messageId: number): Promise<Record<string, unknown> | null> {
    return new Promise((done, failed) => this.leases.push({ ticketId, messageId, done, failed }));
  }

  /** Ends the turn: cursor at `reached`, owed turn settled up to `settled` (0 for a turn that failed), lease let go. */
  settle(ticketId: number, settled: number, reached: number): Promise<void> {
    return new Promise((done, failed) => this.settles.push({ ticketId, settled, reached, done, failed }));
  }

  private async leaseAll(batch: LeaseAsk[]): Promise<void> {
    // One ask per ticket in a statement (a process runs one turn per ticket): a second would be given the same lease.
    const asks = new Map<number, LeaseAsk>();
    for (const ask of batch) {
      if (asks.has(ask.ticketId)) ask.done(null);
      else asks.set(ask.ticketId, ask);
    }
    try {
      const rows = await preparedRows<Record<string, unknown>>(this.orm.em.fork(), LEASE_MANY, [
        JSON.stringify([...asks.values()].map((a) => [a.ticketId, a.messageId])),
        this.leaseSeconds,
      ]);
      for (const row of rows) {
        asks.get(Number(row.id))?.done(row);
        asks.delete(Number(row.id));
      }
      for (const ask of asks.values()) ask.done(null);
    } catch (err) {
      for (const ask of asks.values()) ask.failed(err);
    }
  }

  private async settleAll(batch: SettleAsk[]): Promise<void> {
    let ended = new Set<number>();
    try {
      const rows = await preparedRows<{ id: number }>(this.orm.em.fork(), SETTLE_MANY, [
        JSON.stringify(batch.map((s) => [s.ticketId, s.settled, s.reached])),
      ]);
      ended = new Set(rows.map((r) => Number(r.id)));
    } catch (err) {
      this.logger.warn({ err, turns: batch.length }, 'bot turns not ended together; ending them one by one');
    }
    // The others end each on its own, beside the next batches: one waiting for its row holds up no other turn's end.
    for (const s of batch) {
      if (ended.has(s.ticketId)) s.done();
      else void this.settleAlone(s);
    }
  }

  private async settleAlone(s: SettleAsk): Promise<void> {
    try {
      await preparedRows(this.orm.em.fork(), SETTLE_ONE, [s.ticketId, s.settled, s.reached, s.ticketId]);
      s.done();
    } catch (err) {
      s.failed(err);
    }
  }
}
