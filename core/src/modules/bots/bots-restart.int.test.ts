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
import { type Kernel, startKernel } from '../../kernel/kernel.js';
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

it('after a restart, the ticket continues with the engine that held it', async () => {
  kernel = await boot();
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
  let token = await login(kernel);
  const call = async (k: Kernel, p: string, body?: unknown) =>
    fetch(`${k.url}${p}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const connection = (await (
    await call(kernel, '/api/whatsapp', { name: 'Fone', channel: 'whatsapp' })
  ).json()) as ConnectionDto;
  const send = async (k: Kernel, externalId: string, body: string) =>
    (
      (await (
        await call(k, `/test-channel/${connection.token}/inbound`, {
          externalId,
          from: { id: '5511900000100', name: 'Rita' },
          body,
        })
      ).json()) as { ticketId: number }
    ).ticketId;
  const replies = async (k: Kernel, ticketId: number) =>
    ((await (await call(k, `/api/messages/${ticketId}`)).json()) as { messages: MessageDto[] }).messages
      .filter((m) => m.fromMe)
      .map((m) => m.body);

  const ticketId = await send(kernel, 'r-1', 'oi');
  await eventually(async () =>
    (await replies(kernel as Kernel, ticketId)).includes('first: oi') ? true : undefined,
  );
  // The turn is over (cursor past the message, lease let go) before the restart: a kernel stopped mid-turn leaves
  // its lease to lapse (90 s), which is the crash case, not this one.
  await eventually(async () => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query(
        'select bot_cursor is not null and bot_lease_until is null as done from tickets where id = $1',
        [ticketId],
      );
      return rows[0]?.done ? true : undefined;
    } finally {
      await client.end();
    }
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
