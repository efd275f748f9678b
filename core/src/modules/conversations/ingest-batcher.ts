import { GroupCommit, type IngestResult } from '@balcao/sdk';
import type { MikroORM } from '@mikro-orm/postgresql';
import { preparedRows } from '../../db/prepared.js';

/** The 17 arguments of balcao_ingest (v7, and v8 to v14 which keep them; migrations conversations-0006 to 0015), in order. */
export type IngestArgs = [
  companyId: number,
  whatsappId: number,
  channel: string,
  number: string,
  name: string,
  picture: string | null,
  isGroup: boolean,
  status: string,
  externalId: string | null | undefined,
  body: string,
  fromMe: boolean,
  mediaType: string,
  mediaUrl: string | null,
  participant: string | null,
  at: Date,
  /** The ticket's last message: lastMessagePreview of this message. */
  preview: string,
  /** The channel's id of the message this one quotes or reacts to (InboundMessage.quotedExternalId); null: none. */
  quotedExternalId: string | null,
];

interface IngestRow {
  /** 'ignored' (v8): a reaction with nothing to find, neither its target in a closed ticket nor a non-closed one. */
  outcome: 'stored' | 'duplicate' | 'blocked' | 'ignored';
  ticket_id: number | null;
  message_id: string | null;
  ticket_created: boolean | null;
  ticket_reopened: boolean | null;
  previous_user_id: number | null;
  previous_queue_id: number | null;
  /** v14: the stored message's contact. */
  message_contact_id: number | null;
}

/** What the channel is answered, and for a stored message its contact's id (for `message.created`, not the channel). */
export type IngestOutcome =
  | (Extract<IngestResult, { outcome: 'stored' }> & { contactId: number })
  | Exclude<IngestResult, { outcome: 'stored' }>;

interface Pending {
  args: IngestArgs;
  resolve: (r: IngestOutcome) => void;
  reject: (err: unknown) => void;
}

const MAX_BATCH = 200;
/**
 * Statements at once: two, so the database works on one batch while this process answers the last one and gathers
 * the next (with one, each side waited for the other). Batches may then race for a new contact's first ticket; the
 * loser is rolled back and its messages run again one by one, as for any failed batch.
 */
const MAX_IN_FLIGHT = 2;
/**
 * A batch's statement: balcao_ingest_many (sql/), one row per element of the JSON array of IngestArgs with its ordinal
 * `n`, answered in the array's order.
 */
export const INGEST_MANY = 'select * from balcao_ingest_many(?::jsonb) order by n';

const isLostReplay = (err: unknown) => String(err).includes('balcao_ingest: duplicate message');

const toResult = (row: IngestRow | undefined): IngestOutcome =>
  !row || row.outcome === 'duplicate'
    ? { outcome: 'duplicate' }
    : row.outcome === 'blocked' || row.outcome === 'ignored'
      ? { outcome: row.outcome }
      : {
          outcome: 'stored',
          ticketId: row.ticket_id as number,
          messageId: Number(row.message_id),
          contactId: row.message_contact_id as number,
          ticketCreated: row.ticket_created ?? false,
          ...(row.ticket_reopened
            ? { reopenedFrom: { userId: row.previous_user_id, queueId: row.previous_queue_id } }
            : {}),
        };

/**
 * Group commit for inbound messages. What dominates a stored message is its commit (a WAL flush), so messages that
 * arrive while the statements in flight run wait and go together in the next: one statement and one commit for up to
 * MAX_BATCH messages (balcao_ingest_many: a contact's next message in its open ticket and a new number's first message
 * with the batch's others like them, every other message through balcao_ingest in arrival order). A quiet channel
 * pays nothing (a message alone runs at once). If a batch fails — a concurrent replay losing its race raises BC001, which rolls the whole
 * statement back — its messages run again one by one, so one message never decides another's fate.
 */
export class IngestBatcher {
  private readonly orm: MikroORM;
  private readonly batches = new GroupCommit<Pending>({
    maxBatch: MAX_BATCH,
    maxInFlight: MAX_IN_FLIGHT,
    run: (batch) => this.run(batch),
  });

  constructor(orm: MikroORM) {
    this.orm = orm;
  }

  store(args: IngestArgs): Promise<IngestOutcome> {
    return new Promise((resolve, reject) => {
      this.batches.push({ args, resolve, reject });
    });
  }

  private async run(batch: Pending[]): Promise<void> {
    if (batch.length > 1) {
      const rows = await this.many(batch.map((p) => p.args)).catch(() => null);
      if (rows) {
        for (const [i, p] of batch.entries()) p.resolve(toResult(rows[i]));
        return;
      }
    }
    for (const p of batch) {
      await this.one(p.args).then(
        (row) => p.resolve(toResult(row)),
        (err: unknown) => (isLostReplay(err) ? p.resolve({ outcome: 'duplicate' }) : p.reject(err)),
      );
    }
  }

  private async one(args: IngestArgs): Promise<IngestRow | undefined> {
    const [row] = await preparedRows<IngestRow>(
      this.orm.em.fork(),
      'select * from balcao_ingest(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      args,
    );
    return row;
  }

  private async many(batch: IngestArgs[]): Promise<IngestRow[]> {
    const rows = await preparedRows<IngestRow & { n: string }>(this.orm.em.fork(), INGEST_MANY, [
      JSON.stringify(batch),
    ]);
    if (rows.length !== batch.length) throw new Error('balcao_ingest batch: row count mismatch');
    return rows;
  }
}
