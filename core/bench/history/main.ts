import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChannelConnection, InboundMessage } from '@balcao/sdk';
import pg from 'pg';
import { startKernel } from '../../src/app.js';
import { loadConfig } from '../../src/kernel/config.js';
import type { ConversationsService } from '../../src/modules/conversations/conversations-service.js';
import { createTestDatabase } from '../../src/testing/test-database.js';

/**
 * History import benchmark (issue 13): `npm run bench -- history`. The kernel runs in this process on a fresh
 * database (TEST_DATABASE_URL's server, or an embedded PostgreSQL) and one connection imports BENCH_SCALE × 50,000
 * old messages across 500 contacts through ConversationsPort.ingestHistory, handed over in chunks of 2,500 as
 * WhatsApp's history sync batches come; then the same messages again (all duplicates). Reports messages per second
 * and the process's peak RSS and heap, sampled every 50 ms. BENCH_HISTORY_ORDER=newest hands the chunks newest first,
 * as WhatsApp's full sync does: a fifth of the replies then come a chunk before their target.
 */
const CHUNK = 2_500;
const CONTACTS = 500;
const NEWEST_FIRST = process.env.BENCH_HISTORY_ORDER === 'newest';
const log = (s: string) => console.log(s);
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

function historyOf(total: number): InboundMessage[] {
  const now = Date.now();
  const idOf = (i: number) => `3EB0BENCH${i.toString(16).padStart(8, '0')}`;
  // Spread over 180 days, contacts interleaved as a phone's chats are; 30 % sent from the phone; one in ten answers
  // or reacts to the contact's message before it (quotedExternalId, linked as quoted_msg_id).
  return Array.from({ length: total }, (_, i) => ({
    externalId: idOf(i),
    from: {
      id: `55119${String(70_000_000 + (i % CONTACTS)).padStart(8, '0')}`,
      name: `Cliente ${i % CONTACTS}`,
    },
    body: i % 20 === 19 ? '👍' : `mensagem antiga número ${i} sobre o pedido ${100_000 + (i % 7919)}`,
    fromMe: i % 10 < 3,
    mediaType: i % 20 === 19 ? 'reactionMessage' : 'chat',
    timestamp: new Date(now - (total - i) * 300_000),
    ...(i % 10 === 9 && i >= CONTACTS ? { quotedExternalId: idOf(i - CONTACTS) } : {}),
  }));
}

async function timed(
  conversations: ConversationsService,
  connection: ChannelConnection,
  messages: InboundMessage[],
): Promise<{ seconds: number; stored: number; duplicate: number }> {
  const started = performance.now();
  let stored = 0;
  let duplicate = 0;
  const starts = Array.from({ length: Math.ceil(messages.length / CHUNK) }, (_, i) => i * CHUNK);
  for (const at of NEWEST_FIRST ? starts.reverse() : starts) {
    const r = await conversations.ingestHistory(connection, messages.slice(at, at + CHUNK));
    stored += r.stored;
    duplicate += r.duplicate;
  }
  return { seconds: (performance.now() - started) / 1000, stored, duplicate };
}

export async function runHistoryBench(): Promise<void> {
  const total = Math.round(Number(process.env.BENCH_SCALE ?? 1) * 50_000);
  const db = await createTestDatabase();
  const config = loadConfig(
    { NODE_ENV: 'test', ADMIN_EMAIL: 'admin@admin.com', ADMIN_PASSWORD: 'bench-pass-123' },
    {
      port: 0,
      databaseUrl: db.url,
      jwtSecret: 'bench-access-secret-0123456789',
      jwtRefreshSecret: 'bench-refresh-secret-0123456789',
      logLevel: 'error',
      dataDir: mkdtempSync(path.join(os.tmpdir(), 'balcao-bench-data-')),
    },
  );
  const kernel = await startKernel({ config, plugins: [] });
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      `insert into whatsapps (company_id, name, channel, token, queue_id_import_messages)
       values (1, 'Importação', 'whatsapp', 'BENCHHISTORY000000000000000000',
               (select id from queues where company_id = 1 order by id limit 1)) returning id`,
    );
    const connection: ChannelConnection = {
      id: rows[0]?.id as number,
      companyId: 1,
      channel: 'whatsapp',
      name: 'Importação',
      token: 'BENCHHISTORY000000000000000000',
      greetingMessage: null,
      embedOrigins: [],
    };
    const conversations = kernel.container.resolve('conversations') as ConversationsService;
    const messages = historyOf(total);
    global.gc?.();
    const base = process.memoryUsage();
    const peak = { rss: base.rss, heap: base.heapUsed };
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peak.rss = Math.max(peak.rss, m.rss);
      peak.heap = Math.max(peak.heap, m.heapUsed);
    }, 50);
    const first = await timed(conversations, connection, messages);
    const replay = await timed(conversations, connection, messages);
    clearInterval(sampler);
    const counts = await client.query<{
      messages: string;
      tickets: string;
      contacts: string;
      linked: string;
    }>(
      `select (select count(*) from messages where whatsapp_id = $1) as messages,
              (select count(*) from messages where whatsapp_id = $1 and quoted_msg_id is not null) as linked,
              (select count(*) from tickets where whatsapp_id = $1 and imported_at is not null) as tickets,
              (select count(distinct contact_id) from tickets where whatsapp_id = $1) as contacts`,
      [connection.id],
    );
    const c = counts.rows[0];
    if (Number(c?.messages) !== total || first.stored !== total || replay.duplicate !== total)
      throw new Error(
        `history bench: expected ${total} stored once, got ${JSON.stringify({ first, replay, c })}`,
      );
    log(
      `\nHistory import: ${total} messages, ${CONTACTS} contacts, chunks of ${CHUNK}${NEWEST_FIRST ? ' newest first' : ''} (${os.cpus().length} cores)\n`,
    );
    log('| What | messages | seconds | messages/s |');
    log('|---|---|---|---|');
    log(
      `| Import (all new) | ${total} | ${first.seconds.toFixed(1)} | ${Math.round(total / first.seconds)} |`,
    );
    log(
      `| Same history again (all duplicates) | ${total} | ${replay.seconds.toFixed(1)} | ${Math.round(total / replay.seconds)} |`,
    );
    log(`\nStored: ${c?.messages} messages in ${c?.tickets} imported tickets (${c?.contacts} contacts).`);
    log(`Replies and reactions linked to their target: ${c?.linked}.`);
    log(
      `Process memory: RSS ${mb(base.rss)} MB before, peak ${mb(peak.rss)} MB; heap ${mb(base.heapUsed)} MB before, peak ${mb(peak.heap)} MB.`,
    );
  } finally {
    await client.end();
    await kernel.stop();
    await db.drop();
  }
}
