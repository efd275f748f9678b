import { createTestHost, type TestHost } from '@balcao/testing';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  INGEST_EACH_ALONE,
  inbound,
  ingestOf,
  phoneConnection,
  sql,
} from '../../testing/attendance-fixtures.js';
import { INGEST_MANY, type IngestArgs } from './ingest-batcher.js';

/**
 * balcao_ingest_many (sql/, issue 30): a batch stores what balcao_ingest called for each of its messages in order
 * stores — the same contacts, tickets, messages and answers — while a contact's next plain message in its open ticket
 * goes with the batch's others like it in one statement, before the rest.
 */

const BATCH = INGEST_MANY.replace('?', '$1');

let host: TestHost;
let wapp: number;
const run = Date.now().toString(36);
const tag = String(Date.now() % 10_000).padStart(4, '0');
/** The numbers of this file's contacts, by role. */
const N = {
  open: `5511911${tag}01`,
  plain: `5511911${tag}02`,
  held: `5511911${tag}03`,
  closed: `5511911${tag}04`,
  blocked: `5511911${tag}05`,
  unnamed: `5511911${tag}06`,
  pictured: `5511911${tag}07`,
  quoted: `5511911${tag}08`,
  // Brazil's ninth digit: the contact is known with it, a message arrives first without it (balcao_number_twin).
  twin: '5511987650014',
  twinWithout: '551187650014',
  newcomer: `5511922${tag}01`,
  // A number nobody has yet, in both forms: the first message makes the contact, the second finds it by the twin.
  newTwin: '5511976540001',
  newTwinWithout: '551176540001',
};

beforeAll(async () => {
  host = await createTestHost();
  const { token } = await host.login(host.admin.email, host.admin.password);
  const conn = await phoneConnection(host, token, 'Lote');
  wapp = conn.id;
  const ingest = ingestOf(host);
  for (const number of Object.values(N)) {
    if ([N.newcomer, N.twinWithout, N.newTwin, N.newTwinWithout].includes(number)) continue;
    await ingest.ingest(conn, {
      ...inbound(number, 'primeira'),
      from: { id: number, name: `Nome ${number}` },
    });
  }
  const ticketOf = `(select id from contacts where number = $1)`;
  await sql(host, `update tickets set status = 'held' where contact_id = ${ticketOf}`, [N.held]);
  await sql(host, `update tickets set status = 'closed' where contact_id = ${ticketOf}`, [N.closed]);
  await sql(host, 'update contacts set active = false where number = $1', [N.blocked]);
  await sql(host, 'update contacts set name = number where number = $1', [N.unnamed]);
  await sql(host, `update contacts set url_picture = 'https://cdn.example/a.jpg' where number = $1`, [
    N.pictured,
  ]);
  // A reply that arrived before the message it quotes: it waits for `quoted-${run}`.
  await ingest.ingest(conn, {
    ...inbound(N.quoted, 'respondendo'),
    from: { id: N.quoted, name: `Nome ${N.quoted}` },
    quotedExternalId: `quoted-${run}`,
  });
  await ingest.ingest(conn, { ...inbound(N.open, 'já guardada'), externalId: `dup-${run}` });
});
afterAll(() => host?.stop());

const args = (number: string, ext: string, over: Partial<Record<number, unknown>> = {}): IngestArgs => {
  const a: unknown[] = [
    1,
    wapp,
    'whatsapp',
    number,
    `Nome ${number}`,
    null,
    false,
    'pending',
    ext,
    `texto ${ext}`,
    false,
    'chat',
    null,
    null,
    new Date('2026-11-30T12:00:00Z'),
    `texto ${ext}`,
    null,
  ];
  for (const [i, v] of Object.entries(over)) a[Number(i)] = v;
  return a as IngestArgs;
};

/** Every kind of message a batch meets, some of one contact twice, in an order that matters. */
const batch = (): IngestArgs[] => [
  args(N.newcomer, `m1-${run}`),
  args(N.open, `m2-${run}`),
  args(N.plain, `m3-${run}`),
  args(N.held, `m4-${run}`),
  args(N.closed, `m5-${run}`),
  args(N.blocked, `m6-${run}`),
  args(N.unnamed, `m7-${run}`, { 4: 'Dona Lia' }),
  args(N.pictured, `m8-${run}`, { 5: 'https://cdn.example/b.jpg' }),
  args(N.quoted, `quoted-${run}`),
  args(N.twinWithout, `m10-${run}`),
  args(N.twin, `m11-${run}`),
  args(N.open, `m12-${run}`),
  args(N.plain, `m13-${run}`, { 10: true }),
  args(N.plain, `dup-${run}`),
  args(N.newcomer, `m15-${run}`),
  args(N.newTwin, `m16-${run}`),
  args(N.newTwinWithout, `m17-${run}`),
];

/** What a form leaves, with ids as what names them (message ids advance with the sequence, rolled back or not). */
async function outcomeOf(c: pg.Client, text: string, rows: IngestArgs[]) {
  const answered = (await c.query(text, [JSON.stringify(rows)])).rows;
  const numbers = Object.values(N);
  const { rows: messages } = await c.query(
    `select m.id, m.external_id, m.ticket_id, c.number, m.body, m.from_me, m.read, m.ack, m.media_type,
            q.external_id as quotes, m.quoted_external_id, m.participant, m.created_at
       from messages m join contacts c on c.id = m.contact_id left join messages q on q.id = m.quoted_msg_id
      where c.number = any($1) order by c.number, m.ticket_id, m.id`,
    [numbers],
  );
  const extOf = new Map(messages.map((m) => [String(m.id), m.external_id]));
  const { rows: tickets } = await c.query(
    `select t.id, c.number, t.status, t.unread_messages, t.last_message, t.is_group, t.user_id, t.queue_id
       from tickets t join contacts c on c.id = t.contact_id where c.number = any($1) order by c.number, t.id`,
    [numbers],
  );
  // A ticket is named by its contact's number and its place among that contact's tickets.
  const ticketName = new Map(
    tickets.map((t) => [
      t.id,
      `${t.number}#${tickets.filter((u) => u.number === t.number && u.id <= t.id).length}`,
    ]),
  );
  const { rows: contacts } = await c.query(
    'select id, number, name, url_picture, active from contacts where number = any($1) order by number',
    [numbers],
  );
  const contactName = new Map(contacts.map((x) => [x.id, x.number]));
  const { rows: logs } = await c.query(
    `select l.ticket_id, l.type from ticket_logs l join tickets t on t.id = l.ticket_id
       join contacts c on c.id = t.contact_id where c.number = any($1) order by l.id`,
    [numbers],
  );
  // The search's words of each name (contacts' statement trigger): one statement now makes many contacts at once.
  const { rows: words } = await c.query(
    `select c.number, w.word, w.name from contact_name_words w join contacts c on c.id = w.contact_id
      where c.number = any($1) order by 1, 2`,
    [numbers],
  );
  return {
    words,
    answers: answered.map((r) => ({
      n: Number(r.n),
      outcome: r.outcome,
      ticket: r.ticket_id === null ? null : ticketName.get(r.ticket_id),
      message: r.message_id === null ? null : extOf.get(String(r.message_id)),
      created: r.ticket_created,
      reopened: r.ticket_reopened,
      previous: [r.previous_user_id, r.previous_queue_id],
      contact: r.message_contact_id === null ? null : contactName.get(r.message_contact_id),
    })),
    messages: messages.map(({ id, ticket_id, ...m }) => ({ ...m, ticket: ticketName.get(ticket_id) })),
    tickets: tickets.map(({ id, ...t }) => ({ ...t, name: ticketName.get(id) })),
    contacts: contacts.map(({ id, ...x }) => x),
    // Ordered by ticket: tickets of different contacts may be made in another order.
    logs: logs.map((l) => `${ticketName.get(l.ticket_id)} ${l.type}`).sort(),
    ids: new Map(messages.map((m) => [m.external_id as string, Number(m.id)])),
  };
}

async function inRolledBack<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: host.databaseUrl });
  await c.connect();
  try {
    await c.query('begin');
    return await work(c);
  } finally {
    await c.query('rollback');
    await c.end();
  }
}

it('a batch leaves what balcao_ingest for each message in order leaves, answers included', async () => {
  const before = await inRolledBack((c) => outcomeOf(c, INGEST_EACH_ALONE, batch()));
  const after = await inRolledBack((c) => outcomeOf(c, BATCH, batch()));
  expect(after.answers).toEqual(before.answers);
  expect(after.messages).toEqual(before.messages);
  expect(after.tickets).toEqual(before.tickets);
  expect(after.contacts).toEqual(before.contacts);
  expect(after.logs).toEqual(before.logs);
  expect(after.words).toEqual(before.words);
  expect(after.words.filter((w) => w.number === N.newTwin).map((w) => w.word)).toContain('5511976540001');
  // The batch met every case: stored, blocked, a duplicate; a ticket created, the held one released, the twin found.
  const outcomes = after.answers.map((a) => a.outcome);
  expect(outcomes.filter((o) => o === 'stored')).toHaveLength(15);
  expect(outcomes[5]).toBe('blocked');
  expect(outcomes[13]).toBe('duplicate');
  expect(after.answers[0].created).toBe(true);
  expect(after.answers[9].contact).toBe(N.twin);
  expect(after.answers[15]).toMatchObject({ created: true, contact: N.newTwin });
  expect(after.answers[16]).toMatchObject({
    created: false,
    contact: N.newTwin,
    ticket: after.answers[15].ticket,
  });
  expect(after.logs).toContain(`${after.answers[0].ticket} create`);
  expect(after.messages.find((m) => m.external_id === `quoted-${run}`)).toBeTruthy();
  expect(after.messages.find((m) => m.quotes === `quoted-${run}`)?.number).toBe(N.quoted);
});

it('the first messages of new numbers and the plain next messages of open tickets go first, together; the rest follow in the batch order', async () => {
  const { ids } = await inRolledBack((c) => outcomeOf(c, BATCH, batch()));
  const order = [...ids.entries()]
    .filter(([ext]) => ext.endsWith(`-${run}`) && !ext.startsWith('dup-'))
    .sort((a, b) => a[1] - b[1])
    .map(([ext]) => ext.replace(`-${run}`, ''));
  // m1 (a new number), m2 (open), m3 (plain) and m16 (a new number) went in the fast part; m12 is the open contact's
  // second (after m2, in order); the twin's exact number (m11) waited for the message that reached it first without
  // the ninth digit (m10); m15 and m17 are the second messages of new numbers (m17 by the twin).
  expect(order.slice(0, 4)).toEqual(['m1', 'm2', 'm3', 'm16']);
  expect(order.slice(4)).toEqual([
    'm4',
    'm5',
    'm7',
    'm8',
    'quoted',
    'm10',
    'm11',
    'm12',
    'm13',
    'm15',
    'm17',
  ]);
});

/**
 * Another transaction does `meanwhile` and holds it; the batch starts on a connection of its own and waits for those
 * rows until the other commits, 300 ms later. Answers what `meanwhile` answered and the batch's rows, or its error's
 * code (the batch's own transaction is rolled back).
 */
async function whileAnotherHolds<T>(meanwhile: (other: pg.Client) => Promise<T>, rows: IngestArgs[]) {
  const other = new pg.Client({ connectionString: host.databaseUrl });
  const c = new pg.Client({ connectionString: host.databaseUrl });
  await other.connect();
  await c.connect();
  try {
    await other.query('begin');
    const held = await meanwhile(other);
    await c.query('begin');
    const answering = c.query(BATCH, [JSON.stringify(rows)]).then(
      (r) => r.rows,
      (err: { code?: string }) => err.code ?? String(err),
    );
    await new Promise((r) => setTimeout(r, 300));
    await other.query('commit');
    const answer = await answering;
    await c.query('rollback');
    return { held, answer };
  } finally {
    await other.end();
    await c.end();
  }
}

it('a ticket closed while the batch waited for it is left to balcao_ingest, which starts a new one', async () => {
  const contactOf = '(select id from contacts where number = $1)';
  try {
    const { held: ticketId, answer } = await whileAnotherHolds(
      async (other) =>
        (
          await other.query(
            `update tickets set status = 'closed' where contact_id = ${contactOf} and status <> 'closed' returning id`,
            [N.plain],
          )
        ).rows[0].id,
      [args(N.plain, `late-${run}`)],
    );
    expect(answer).toEqual([expect.objectContaining({ outcome: 'stored', ticket_created: true })]);
    expect((answer as { ticket_id: number }[])[0].ticket_id).not.toBe(ticketId);
  } finally {
    await sql(host, `update tickets set status = 'open' where contact_id = ${contactOf}`, [N.plain]);
  }
});

it('a contact a concurrent transaction created meanwhile is left to balcao_ingest, which stores the message there', async () => {
  const number = `5511933${tag}01`;
  const { held: contactId, answer } = await whileAnotherHolds(
    async (other) =>
      (
        await other.query(
          `insert into contacts (company_id, channel, number, name) values (1, 'whatsapp', $1, 'Outra') returning id`,
          [number],
        )
      ).rows[0].id,
    [args(number, `born-${run}`)],
  );
  expect(answer).toEqual([
    expect.objectContaining({ outcome: 'stored', ticket_created: true, message_contact_id: contactId }),
  ]);
});

it('a message a concurrent delivery stored meanwhile fails the batch with BC001 (the caller runs it alone)', async () => {
  const [ticket] = await sql<{ id: number; unread_messages: number }>(
    host,
    `select t.id, t.unread_messages from tickets t join contacts c on c.id = t.contact_id
      where c.number = $1 and t.status <> 'closed'`,
    [N.open],
  );
  const { answer } = await whileAnotherHolds(
    (other) =>
      other.query(
        `insert into messages (company_id, ticket_id, contact_id, whatsapp_id, external_id, body)
         select 1, t.id, t.contact_id, $2, $3, 'a mesma' from tickets t where t.id = $1`,
        [ticket.id, wapp, `race-${run}`],
      ),
    [args(N.open, `race-${run}`)],
  );
  expect(answer).toBe('BC001');
  // Rolled back whole: the ticket was not counted as unread again.
  const [now] = await sql<{ unread_messages: number }>(
    host,
    'select unread_messages from tickets where id = $1',
    [ticket.id],
  );
  expect(now.unread_messages).toBe(ticket.unread_messages);
});
