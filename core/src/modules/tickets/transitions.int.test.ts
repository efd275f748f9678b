import type { TicketLogDto } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attendant,
  createQueue,
  pendingTicket,
  sql,
  webchatConnection,
} from '../../testing/attendance-fixtures.js';

// The ticket table of spec part 1 §4 over HTTP: its From column, Ignore vs Close, accept vs take-over, own queues.

let host: TestHost;
let admin: string;
let adminId: number;
let connection: Awaited<ReturnType<typeof webchatConnection>>;
let sales: number;
let support: number;
let ana: { id: number; token: string };
let bia: { id: number; token: string };

const put = (token: string, id: number, body: unknown) =>
  host.request(`/api/tickets/${id}`, { method: 'PUT', token, body });
const setting = (key: string, value: 'enabled' | 'disabled') =>
  host.request(`/api/settings/${key}`, { method: 'PUT', token: admin, body: { value } });
const logTypes = async (id: number) =>
  ((await (await host.request(`/api/tickets-log/${id}`, { token: admin })).json()) as TicketLogDto[]).map(
    (l) => l.type,
  );
const outgoing = (id: number) =>
  sql<{ body: string }>(host, 'select body from messages where ticket_id = $1 and from_me order by id', [id]);
const pending = (queueId: number | null = sales) => pendingTicket(host, connection, queueId);

beforeAll(async () => {
  host = await createTestHost();
  const login = await host.login(host.admin.email, host.admin.password);
  admin = login.token;
  adminId = login.user.id;
  connection = await webchatConnection(host, admin);
  sales = await createQueue(host, 1, 'Vendas', '#2e7d32');
  support = await createQueue(host, 1, 'Suporte', '#1565c0');
  ana = await attendant(host, admin, 'Ana', [sales]);
  bia = await attendant(host, admin, 'Bia', [sales]);
  await sql(host, 'update whatsapps set complation_message = $1 where id = $2', ['Até logo!', connection.id]);
});
afterAll(() => host?.stop());

describe('the From column', () => {
  it('a closed ticket cannot be closed again: no second log entry, no second farewell', async () => {
    const id = await pending();
    await put(ana.token, id, { status: 'open', userId: ana.id });
    expect((await put(ana.token, id, { status: 'closed', sendFarewellMessage: true })).status).toBe(200);
    const again = await put(ana.token, id, { status: 'closed', sendFarewellMessage: true });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error: 'ERR_INVALID_TICKET_TRANSITION',
      from: 'closed',
      to: 'closed',
    });
    expect((await logTypes(id)).filter((t) => t === 'closed')).toHaveLength(1);
    // The accept greeting (on by default), then one farewell.
    expect((await outgoing(id)).filter((m) => m.body.includes('Até logo!'))).toHaveLength(1);
  });

  it('a closed ticket does not go back to pending; it is reopened', async () => {
    const id = await pending();
    await put(admin, id, { status: 'closed' });
    const refused = await put(admin, id, { status: 'pending', userId: null, queueId: support });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: 'ERR_INVALID_TICKET_TRANSITION', from: 'closed' });
    const [row] = await sql<{ status: string; queue_id: number }>(
      host,
      'select status, queue_id from tickets where id = $1',
      [id],
    );
    expect(row).toEqual({ status: 'closed', queue_id: sales });
    expect(await (await put(admin, id, { status: 'open', userId: adminId })).json()).toMatchObject({
      status: 'open',
    });
  });
});

describe('requiredTag', () => {
  it('applies to Close (open → closed) but not to Ignore (pending → closed)', async () => {
    await setting('requiredTag', 'enabled');
    try {
      const waiting = await pending();
      const ignored = await put(ana.token, waiting, { status: 'closed', amountUsedBotQueues: 0 });
      expect(await ignored.json()).toMatchObject({ status: 'closed' });
      const working = await pending();
      await put(ana.token, working, { status: 'open', userId: ana.id });
      const refused = await put(ana.token, working, { status: 'closed' });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: 'ERR_TAG_REQUIRED' });
    } finally {
      await setting('requiredTag', 'disabled');
    }
  });
});

describe('accept, transfer and take-over', () => {
  it('a second accept answers the ticket unchanged, queue included: the UI shows who has it', async () => {
    const id = await pending();
    await put(ana.token, id, { status: 'open', userId: ana.id });
    const late = await put(admin, id, { status: 'open', userId: adminId, queueId: support });
    expect(await late.json()).toMatchObject({ status: 'open', userId: ana.id, queue: { name: 'Vendas' } });
  });

  it('an admin takes over an open ticket with a transfer to themselves, in the queue they chose', async () => {
    const id = await pending();
    await put(ana.token, id, { status: 'open', userId: ana.id });
    const taken = await put(admin, id, {
      status: 'open',
      userId: adminId,
      queueId: support,
      isTransfered: true,
    });
    expect(await taken.json()).toMatchObject({ status: 'open', userId: adminId, queue: { name: 'Suporte' } });
    expect((await logTypes(id)).slice(-2)).toEqual(['transfered', 'receivedTransfer']);
  });

  it("an attendant may not take over another attendant's open ticket, even one they can see", async () => {
    const all = await attendant(host, admin, 'Davi', [sales], { allTicket: 'enable' });
    const id = await pending();
    await put(ana.token, id, { status: 'open', userId: ana.id });
    const res = await put(all.token, id, { status: 'open', userId: all.id, isTransfered: true });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    expect((await put(all.token, id, { status: 'closed' })).status).toBe(403);
    const [row] = await sql<{ user_id: number; status: string }>(
      host,
      'select user_id, status from tickets where id = $1',
      [id],
    );
    expect(row).toEqual({ user_id: ana.id, status: 'open' });
  });

  it('an attendant transfers their own ticket to a queue they are not in (transfers may go anywhere)', async () => {
    const id = await pending();
    await put(ana.token, id, { status: 'open', userId: ana.id });
    const moved = await put(ana.token, id, {
      status: 'pending',
      userId: null,
      queueId: support,
      isTransfered: true,
    });
    expect(await moved.json()).toMatchObject({ status: 'pending', userId: null, queue: { name: 'Suporte' } });
  });
});

describe('own queues on accept (spec §5)', () => {
  it('an attendant accepts a ticket without a queue only into one of their queues', async () => {
    const id = await pending(null);
    const refused = await put(ana.token, id, { status: 'open', userId: ana.id, queueId: support });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    const [row] = await sql<{ status: string }>(host, 'select status from tickets where id = $1', [id]);
    expect(row.status).toBe('pending');
    const accepted = await put(ana.token, id, { status: 'open', userId: ana.id, queueId: sales });
    expect(await accepted.json()).toMatchObject({
      status: 'open',
      userId: ana.id,
      queue: { name: 'Vendas' },
    });
  });

  it('an attendant reopens their closed ticket only into one of their queues; an admin into any', async () => {
    const id = await pending();
    await put(ana.token, id, { status: 'open', userId: ana.id });
    await put(ana.token, id, { status: 'closed' });
    expect((await put(ana.token, id, { status: 'open', userId: ana.id, queueId: support })).status).toBe(403);
    expect(await (await put(ana.token, id, { status: 'open', userId: ana.id })).json()).toMatchObject({
      status: 'open',
      queue: { name: 'Vendas' },
    });
    await put(ana.token, id, { status: 'closed' });
    expect(
      await (await put(admin, id, { status: 'open', userId: adminId, queueId: support })).json(),
    ).toMatchObject({ status: 'open', queue: { name: 'Suporte' } });
    expect((await logTypes(id)).filter((t) => t === 'reopen')).toHaveLength(2);
  });

  it('the pending ticket of a transfer to a user is theirs, for the transferring attendant too', async () => {
    const id = await pending();
    const given = await put(ana.token, id, { status: 'open', userId: bia.id, queueId: sales });
    expect(await given.json()).toMatchObject({ status: 'open', userId: bia.id });
    expect((await logTypes(id)).slice(-2)).toEqual(['transfered', 'receivedTransfer']);
  });
});
