import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { costPer, costSoFar, type UnitCost } from './cost.js';
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
  /** From the first post until the bots' turns had dealt with every message of the run (null: not within 120 s). */
  turnsDoneSeconds: number | null;
  /**
   * What each message cost, from the first post until the turns were done (or gave up), in measures load does not
   * change: the server process's CPU ms (user + system), its statements to PostgreSQL (round trips), and the CPU ms
   * of the database's backends (null when PostgreSQL runs on another machine or no server was given).
   */
  perMessage: UnitCost | null;
}

/**
 * 1,000 web chat visitors at once, each posting its messages one after the other through the public route (the
 * whole pipeline: token, validation, contact, ticket, message, realtime), then SQL checks: every message stored
 * once, one ticket per visitor, no contact with two non-closed tickets. The visitors' rows are removed afterwards.
 */
export async function ingest(url: string, visitors = VISITORS, server?: ChildProcess): Promise<IngestReport> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ token: string }>(
      "select token from whatsapps where company_id = 1 and channel = 'webchat' order by id limit 1",
    );
    const token = rows[0].token;
    const run = Date.now().toString(36);
    const cost = server ? await costSoFar(server, c) : null;
    const started = performance.now();
    // Until the last answer: autocannon itself only notices the end on its next one-second tick.
    let lastAnswer = started;
    const result = await postAsVisitors(BASE, token, run, visitors, () => {
      lastAnswer = performance.now();
    });
    const seconds = (lastAnswer - started) / 1000;
    const failed = result.non2xx + result.errors + result.timeouts;
    if (failed) throw new Error(`${failed} visitor posts failed (${JSON.stringify(result.statusCodeStats)})`);
    const sent = visitors * PER_VISITOR;
    const like = `bv${run} Visitante %`;
    const count = async (sql: string) => Number((await c.query(sql, [like])).rows[0].n);
    // The automation answers after the posts (its turns run beside the ingest, never in its way): until every
    // ticket of the run has no turn owed and its cursor reached its last message.
    let turnsDoneSeconds: number | null = null;
    for (const deadline = performance.now() + 120_000; performance.now() < deadline; ) {
      const behind = await count(
        `select count(*) n from tickets t join contacts c on c.id = t.contact_id
          where c.channel = 'webchat' and c.name like $1
            and (exists (select 1 from bot_turns_owed o where o.ticket_id = t.id)
                 or coalesce(t.bot_cursor, 0) < (select max(id) from messages m
                                                  where m.ticket_id = t.id and not m.from_me))`,
      );
      if (!behind) {
        turnsDoneSeconds = (performance.now() - started) / 1000;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const costAfter = server ? await costSoFar(server, c) : null;
    const report: IngestReport = {
      visitors,
      sent,
      seconds,
      perSecond: Math.round(sent / seconds),
      stored: await count(
        `select count(*) n from messages m join contacts c on c.id = m.contact_id
          where c.channel = 'webchat' and c.name like $1`,
      ),
      ticketsCreated: await count(
        `select count(*) n from tickets t join contacts c on c.id = t.contact_id
          where c.channel = 'webchat' and c.name like $1`,
      ),
      duplicateOpen: Number(
        (
          await c.query(
            `select count(*) n from (select 1 from tickets where status <> 'closed'
               group by company_id, contact_id, coalesce(whatsapp_id, 0) having count(*) > 1) d`,
          )
        ).rows[0].n,
      ),
      turnsDoneSeconds,
      perMessage: cost && costAfter ? costPer(cost, costAfter, visitors * PER_VISITOR) : null,
    };
    console.log(JSON.stringify({ ingest: report }));
    await c.query("delete from contacts where channel = 'webchat' and name like $1", [like]);
    return report;
  } finally {
    await c.end();
  }
}

/**
 * `visitors` web chat visitors at once, as autocannon: one connection each, its PER_VISITOR messages one after the
 * other, to `/api/webchat/<token>/messages` at `base` (a light client, so the load generator sharing the cores takes
 * less of them than fetch did). Visitor names start with `bv<run>`. `onAnswer` is told of every answer.
 */
export function postAsVisitors(
  base: string,
  token: string,
  run: string,
  visitors: number,
  onAnswer: () => void,
): Promise<autocannon.Result> {
  let nextVisitor = 0;
  const message = (k: number): autocannon.Request => ({
    method: 'POST',
    path: `/api/webchat/${token}/messages`,
    headers: { 'content-type': 'application/json' },
    setupRequest: (req, context: { v?: number }) => {
      if (k === 0) context.v = nextVisitor++;
      const v = context.v as number;
      req.body = JSON.stringify({
        visitorId: `bv${run}x${v}`,
        // The contact's number is the visitor id's hash (web chat): the run is found by the name.
        name: `bv${run} Visitante ${v}`,
        body: `mensagem ${k} do visitante ${v}: preciso de ajuda com meu pedido`,
        clientMessageId: `message-${String(k).padStart(4, '0')}`,
      });
      return req;
    },
  });
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: visitors,
        maxConnectionRequests: PER_VISITOR,
        // Every post, however long it takes: without an amount autocannon stops after its default 10 s, and on a
        // saturated machine the posts still in flight were neither timed nor counted as failed.
        amount: visitors * PER_VISITOR,
        requests: Array.from({ length: PER_VISITOR }, (_, k) => message(k)),
        timeout: 60,
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', onAnswer);
  });
}

export interface RawInsertReport {
  messages: number;
  seconds: number;
  perSecond: number;
}

/**
 * The ceiling the ingest row is judged against (issue 30): the same rows as a run of `visitors` new visitors leaves —
 * a contact, a ticket with its creation log, and the visitor's messages — written by plain INSERT … SELECT statements
 * in one transaction, no application in between. Committed, timed, then deleted.
 */
export async function rawInsert(url: string, visitors = VISITORS): Promise<RawInsertReport> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const run = `raw${Date.now().toString(36)}`;
  try {
    const { rows } = await c.query<{ id: number }>(
      "select id from whatsapps where company_id = 1 and channel = 'webchat' order by id limit 1",
    );
    const whatsapp = rows[0].id;
    const started = performance.now();
    await c.query('begin');
    await c.query(
      `insert into contacts (company_id, channel, number, name)
         select 1, 'webchat', $1 || 'x' || v, $1 || ' Visitante ' || v from generate_series(1, $2::int) v`,
      [run, visitors],
    );
    await c.query(
      `with t as (
         insert into tickets (company_id, contact_id, whatsapp_id, channel, status, last_message, unread_messages)
           select 1, id, $2, 'webchat', 'pending', 'preciso de ajuda com meu pedido', $3
             from contacts where company_id = 1 and channel = 'webchat' and name like $1 || ' Visitante %'
           returning id)
       insert into ticket_logs (company_id, ticket_id, type) select 1, id, 'create' from t`,
      [run, whatsapp, PER_VISITOR],
    );
    await c.query(
      `insert into messages (company_id, ticket_id, contact_id, whatsapp_id, external_id, body, from_me, read, ack,
                             media_type, created_at)
         select 1, t.id, t.contact_id, t.whatsapp_id, 'webchat-' || ct.number || '-message-' || k,
                'mensagem ' || k || ' do visitante: preciso de ajuda com meu pedido', false, false, 0, 'chat', now()
           from contacts ct join tickets t on t.contact_id = ct.id, generate_series(0, $2::int - 1) k
          where ct.company_id = 1 and ct.channel = 'webchat' and ct.name like $1 || ' Visitante %'
          order by k, t.id`,
      [run, PER_VISITOR],
    );
    await c.query('commit');
    const seconds = (performance.now() - started) / 1000;
    const messages = visitors * PER_VISITOR;
    const report = { messages, seconds, perSecond: Math.round(messages / seconds) };
    console.log(JSON.stringify({ rawInsert: report }));
    return report;
  } finally {
    await c
      .query("delete from contacts where channel = 'webchat' and name like $1 || ' Visitante %'", [run])
      .catch(() => undefined);
    await c.end();
  }
}
