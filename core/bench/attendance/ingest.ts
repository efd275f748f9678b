import pg from 'pg';
import { BASE } from './server.js';

const VISITORS = Number(process.env.BENCH_VISITORS ?? 1000);
const PER_VISITOR = Number(process.env.BENCH_VISITOR_MESSAGES ?? 5);

export interface IngestReport {
  visitors: number;
  sent: number;
  seconds: number;
  perSecond: number;
  stored: number;
  ticketsCreated: number;
  duplicateOpen: number;
  retries: number;
}

/**
 * 1,000 web chat visitors at once, each posting its messages one after the other through the public route (the
 * whole pipeline: token, validation, contact, ticket, message, realtime), then SQL checks: every message stored
 * once, one ticket per visitor, no contact with two non-closed tickets. The visitors' rows are removed afterwards.
 */
export async function ingest(url: string): Promise<IngestReport> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ token: string }>(
      "select token from whatsapps where company_id = 1 and channel = 'webchat' order by id limit 1",
    );
    const token = rows[0].token;
    const run = Date.now().toString(36);
    let failed = 0;
    let retries = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: VISITORS }, async (_, v) => {
        for (let k = 0; k < PER_VISITOR; k++) {
          const post = () =>
            fetch(`${BASE}/api/webchat/${token}/messages`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                visitorId: `bv${run}x${v}`,
                name: `Visitante ${v}`,
                body: `mensagem ${k} do visitante ${v}: preciso de ajuda com meu pedido`,
                clientMessageId: `message-${String(k).padStart(4, '0')}`,
              }),
            });
          // A kept-alive socket the server closed meanwhile fails the post; a visitor's page retries, and the
          // clientMessageId makes the retry safe (stored once). Retries are counted.
          let res: Response | undefined;
          for (let attempt = 0; !res && attempt < 3; attempt++) {
            res = await post().catch(() => {
              retries++;
              return undefined;
            });
          }
          if (res?.status !== 201) failed++;
          await res?.arrayBuffer();
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    if (failed) throw new Error(`${failed} visitor posts failed`);
    const sent = VISITORS * PER_VISITOR;
    const like = `bv${run}x%`;
    const count = async (sql: string) => Number((await c.query(sql, [like])).rows[0].n);
    const report: IngestReport = {
      visitors: VISITORS,
      sent,
      seconds,
      perSecond: Math.round(sent / seconds),
      stored: await count(
        `select count(*) n from messages m join contacts c on c.id = m.contact_id
          where c.channel = 'webchat' and c.number like $1`,
      ),
      ticketsCreated: await count(
        `select count(*) n from tickets t join contacts c on c.id = t.contact_id
          where c.channel = 'webchat' and c.number like $1`,
      ),
      retries,
      duplicateOpen: Number(
        (
          await c.query(
            `select count(*) n from (select 1 from tickets where status <> 'closed'
               group by company_id, contact_id, coalesce(whatsapp_id, 0) having count(*) > 1) d`,
          )
        ).rows[0].n,
      ),
    };
    console.log(JSON.stringify({ ingest: report }));
    await c.query("delete from contacts where channel = 'webchat' and number like $1", [like]);
    return report;
  } finally {
    await c.end();
  }
}
