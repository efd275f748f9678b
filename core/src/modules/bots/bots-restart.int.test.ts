import {
  type BotEngine,
  type ConnectionDto,
  definePlugin,
  type MessageDto,
  type MessagesPort,
} from '@balcao/sdk';
import { eventually } from '@balcao/testing';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { type Kernel, startKernel } from '../../app.js';
import { fakeWhatsappPlugin } from '../../testing/fake-whatsapp-plugin.js';
import { testKernelConfig } from '../../testing/test-config.js';
import { createTestDatabase } from '../../testing/test-database.js';

/** Which engine a new ticket goes to; flipped between the two kernels. */
let newTicketsTo = 'first';
const engines = ['first', 'second'].map(
  (name): BotEngine<{ messages: MessagesPort }> => ({
    name,
    wants: () => newTicketsTo === name,
    async handle({ message, ticket, deps }) {
      await deps.messages.send({ ticketId: ticket.id, body: `${name}: ${message.body}` });
      return { type: 'reply-sent' };
    },
  }),
);
const bots = definePlugin({
  name: 'restart-bots',
  requires: ['messages'],
  contributes: { botEngines: engines },
});

const db = await createTestDatabase();
const boot = () =>
  startKernel({
    config: testKernelConfig(db.url),
    plugins: [fakeWhatsappPlugin, bots],
  });
let kernel: Kernel | undefined;
afterAll(async () => {
  await kernel?.stop();
  await db.drop();
});

let token = '';
const login = async (k: Kernel) =>
  (
    (await (
      await fetch(`${k.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@admin.com', password: 'secret-admin' }),
      })
    ).json()) as { token: string }
  ).token;
const call = async (k: Kernel, p: string, body?: unknown) =>
  fetch(`${k.url}${p}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
let connection: ConnectionDto | undefined;
const send = async (k: Kernel, externalId: string, body: string, from = '5511900000100') =>
  (
    (await (
      await call(k, `/test-channel/${connection?.token}/inbound`, {
        externalId,
        from: { id: from, name: 'Rita' },
        body,
      })
    ).json()) as { ticketId: number }
  ).ticketId;
const replies = async (k: Kernel, ticketId: number) =>
  ((await (await call(k, `/api/messages/${ticketId}`)).json()) as { messages: MessageDto[] }).messages
    .filter((m) => m.fromMe)
    .map((m) => m.body);
const ticketRow = async (ticketId: number) => {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ owed: string | null; bot_cursor: string | null; lease: boolean }>(
      `select (select message_id from bot_turns_owed where ticket_id = t.id) as owed, bot_cursor,
              bot_lease_until is not null as lease
         from tickets t where id = $1`,
      [ticketId],
    );
    return rows[0];
  } finally {
    await client.end();
  }
};

it('after a restart, the ticket continues with the engine that held it', async () => {
  kernel = await boot();
  token = await login(kernel);
  connection = (await (
    await call(kernel, '/api/whatsapp', { name: 'Fone', channel: 'whatsapp' })
  ).json()) as ConnectionDto;

  const ticketId = await send(kernel, 'r-1', 'oi');
  await eventually(async () =>
    (await replies(kernel as Kernel, ticketId)).includes('first: oi') ? true : undefined,
  );
  // The turn is over (cursor past the message, lease let go) before the restart: a kernel stopped mid-turn leaves
  // its lease to lapse (90 s), which is the crash case, not this one.
  await eventually(async () => {
    const row = await ticketRow(ticketId);
    return row?.bot_cursor != null && !row.lease ? true : undefined;
  });
  await kernel.stop();

  // Another kernel on the same database, whose engines would give a new ticket to "second".
  newTicketsTo = 'second';
  kernel = await boot();
  token = await login(kernel);
  expect(await send(kernel, 'r-2', 'de novo')).toBe(ticketId);
  await eventually(async () =>
    (await replies(kernel as Kernel, ticketId)).includes('first: de novo') ? true : undefined,
  );
  expect(await replies(kernel, ticketId)).not.toContain('second: de novo');
});

it("a message stored by a process that stopped before its turn is answered once, by the next one's sweep", async () => {
  if (!kernel) throw new Error('the first test boots the kernel');
  // The process takes no more turns, as one that is going down: the message is stored and the ticket marked as owed.
  await kernel.container.cradle.botTurns.stop();
  const ticketId = await send(kernel, 'r-3', 'alguém?', '5511900000300');
  // Marked in a batch just after the message is stored.
  const owed = await eventually(async () => {
    const row = await ticketRow(ticketId);
    return row?.owed != null ? row : undefined;
  });
  expect(owed.bot_cursor).toBeNull();
  await kernel.stop();
  expect(await ticketRow(ticketId)).toMatchObject({ bot_cursor: null, owed: owed.owed });

  kernel = await boot();
  token = await login(kernel);
  const { jobsHost } = kernel.container.cradle;
  await jobsHost.runHere('bots:sweep', { companyId: 1, graceSeconds: 0 });
  await eventually(async () =>
    (await replies(kernel as Kernel, ticketId)).includes('second: alguém?') ? true : undefined,
  );
  await eventually(async () => {
    const row = await ticketRow(ticketId);
    return row?.bot_cursor === owed.owed && row?.owed == null && !row?.lease ? true : undefined;
  });
  // Swept again (as the recurring job does every minute): nothing is owed, nothing is said twice.
  await jobsHost.runHere('bots:sweep', { companyId: 1, graceSeconds: 0 });
  await new Promise((r) => setTimeout(r, 300));
  expect(await replies(kernel, ticketId)).toEqual(['second: alguém?']);
});
