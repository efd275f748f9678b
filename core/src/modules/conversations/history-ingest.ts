import {
  type ChannelConnection,
  type HistoryIngestResult,
  type InboundMessage,
  lastMessagePreview,
} from '@balcao/sdk';
import type { MikroORM } from '@mikro-orm/postgresql';
import { preparedRows } from '../../db/prepared.js';

/** Messages per statement: one round trip and one commit for this many. */
export const HISTORY_BATCH = 500;

/** One row of balcao_ingest_history's batch (v3 and v4, migrations conversations-0009 and -0011): 17 fields, in order. */
type HistoryArgs = [
  companyId: number,
  whatsappId: number,
  channel: string,
  number: string,
  name: string,
  isGroup: boolean,
  status: string,
  externalId: string,
  body: string,
  fromMe: boolean,
  mediaType: string,
  participant: string | null,
  at: string,
  preview: string,
  queueId: number | null,
  /** The contact's newest message in its batch: the one that updates an existing ticket. */
  touch: boolean,
  /** The channel's id of the message this one answers or reacts to (quotedExternalId): linked once the batch is in, or
   * once a later batch stores it (the id waits in messages.quoted_external_id). */
  quotedId: string | null,
];

type Outcome = 'stored' | 'duplicate' | 'blocked';

/** A batch in one call: its rows stored in order, then its replies and reactions linked in one statement. */
const BATCH = 'select outcome from balcao_ingest_history(?::jsonb)';
const isLostRace = (err: unknown) => String(err).includes('balcao_ingest_history: duplicate message');

/** What the connection says about imports, read once per call (an adapter's connection may be older). */
interface ImportSettings {
  groups: boolean;
  groupAsTicket: string;
  queueId: number | null;
}

/**
 * A channel's old messages into Balcão (ConversationsPort.ingestHistory): oldest first, HISTORY_BATCH per statement
 * through balcao_ingest_history — the live pipeline's contact and dedupe rules without what a live message sets off
 * (no events, no unread). Messages without an id, or given twice, are duplicates; a batch that fails (a concurrent
 * copy of one of its messages won a race) runs again one message at a time. A reply or reaction (quotedExternalId) is
 * linked to its target as live ones are (same contact, same connection), the target in the same batch, stored before,
 * or stored by a later batch (v4: the reply waits for it).
 */
export class HistoryIngester {
  constructor(private readonly orm: MikroORM) {}

  async ingest(
    connection: ChannelConnection,
    messages: readonly InboundMessage[],
  ): Promise<Required<HistoryIngestResult>> {
    const result: Required<HistoryIngestResult> = {
      stored: 0,
      duplicate: 0,
      ignored: 0,
      blocked: 0,
      storedIds: [],
    };
    const settings = await this.settings(connection);
    if (!settings) return { ...result, ignored: messages.length };
    const seen = new Set<string>();
    const rows: HistoryArgs[] = [];
    for (const m of [...messages].sort(
      (a, b) => (a.timestamp?.getTime() ?? 0) - (b.timestamp?.getTime() ?? 0),
    )) {
      if (!m.externalId || seen.has(m.externalId)) result.duplicate += 1;
      else if (m.isGroup && !settings.groups) result.ignored += 1;
      else {
        seen.add(m.externalId);
        rows.push(this.args(connection, settings, m));
      }
    }
    for (let at = 0; at < rows.length; at += HISTORY_BATCH) {
      const batch = rows.slice(at, at + HISTORY_BATCH);
      // Oldest first: the last of each contact in the batch is its newest.
      const touched = new Set<string>();
      for (let i = batch.length - 1; i >= 0; i--) {
        const row = batch[i] as HistoryArgs;
        if (!touched.has(row[3])) {
          touched.add(row[3]);
          row[15] = true;
        }
      }
      const outcomes = await this.batch(batch);
      outcomes.forEach((outcome, i) => {
        result[outcome] += 1;
        // In order: outcome i is row i's. The adapter fetches files for these only (a replay fetches nothing).
        if (outcome === 'stored') result.storedIds.push((batch[i] as HistoryArgs)[7]);
      });
    }
    return result;
  }

  private async settings(connection: ChannelConnection): Promise<ImportSettings | null> {
    const [row] = await this.orm.em.getConnection().execute<
      {
        import_old_messages_groups: boolean;
        group_as_ticket: string;
        queue_id_import_messages: number | null;
      }[]
    >(
      `select import_old_messages_groups, group_as_ticket, queue_id_import_messages
         from whatsapps where company_id = ? and id = ?`,
      [connection.companyId, connection.id],
    );
    if (!row) return null;
    return {
      groups: row.import_old_messages_groups,
      groupAsTicket: row.group_as_ticket,
      queueId: row.queue_id_import_messages,
    };
  }

  private args(connection: ChannelConnection, settings: ImportSettings, m: InboundMessage): HistoryArgs {
    const isGroup = m.isGroup ?? false;
    return [
      connection.companyId,
      connection.id,
      connection.channel,
      m.from.id,
      m.from.name || m.from.id,
      isGroup,
      isGroup && settings.groupAsTicket !== 'enabled' ? 'group' : 'pending',
      m.externalId,
      m.body.replaceAll('\0', ''),
      m.fromMe ?? false,
      m.mediaType ?? 'chat',
      m.participant ?? null,
      (m.timestamp ?? new Date()).toISOString(),
      lastMessagePreview(m),
      settings.queueId,
      false,
      m.quotedExternalId || null,
    ];
  }

  private async batch(rows: HistoryArgs[]): Promise<Outcome[]> {
    const em = this.orm.em.fork();
    try {
      const out = await preparedRows<{ outcome: Outcome }>(em, BATCH, [JSON.stringify(rows)]);
      if (out.length === rows.length) return out.map((r) => r.outcome);
    } catch {
      // One message at a time below: one lost race decides only its own message.
    }
    const outcomes: Outcome[] = [];
    for (const args of rows) {
      const [row] = await preparedRows<{ outcome: Outcome }>(em, BATCH, [JSON.stringify([args])]).catch(
        (err: unknown) => {
          if (isLostRace(err)) return [{ outcome: 'duplicate' as const }];
          throw err;
        },
      );
      outcomes.push(row?.outcome ?? 'duplicate');
    }
    // Each reply above was linked to a target already in; one more pass (all duplicates now) finds those stored later.
    const quoting = rows.filter((args) => args[16] !== null);
    if (quoting.length) await preparedRows(em, BATCH, [JSON.stringify(quoting)]);
    return outcomes;
  }
}
