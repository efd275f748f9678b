import type { TicketDto } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createQueue,
  inbound,
  ingestOf,
  joinQueue,
  sql,
  webchatConnection,
} from '../../testing/attendance-fixtures.js';
import { openSocket } from '../../testing/tenant-fixtures.js';
import { canSeeTicket, inOwnView, type TicketAccess } from './visibility.js';

/**
 * The ticket list is built from disjoint visibility branches (ticket-list-sql.ts) for speed; this checks it lists
 * exactly what the one rule (canSeeTicket with Show all, inOwnView without, spec part 1 §6) allows, for every kind of
 * ticket and user.
 */
let host: TestHost;
let admin: string;
const users: Record<string, { id: number; token: string; access: TicketAccess }> = {};
const tickets: { id: number; userId: number | null; queueId: number | null; isGroup: boolean }[] = [];
let queues: number[] = [];

async function user(name: string, queues: number[], allowGroup: boolean) {
  const email = `${name.toLowerCase()}@lista.test`;
  const res = await host.request('/api/users', {
    token: admin,
    body: { name, email, password: 'lista-pass', allowGroup },
  });
  const { id } = await res.json();
  for (const q of queues) await joinQueue(host, id, q);
  const access = { userId: id, isAdmin: false, allTicket: false, allowGroup, queueIds: queues };
  users[name] = { id, token: (await host.login(email, 'lista-pass')).token, access };
}

const listed = async (token: string, query: string) => {
  const res = await host.request(`/api/tickets?status=open&${query}`, { token });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { tickets: TicketDto[]; count: number };
  return { ids: body.tickets.map((t) => t.id).sort((a, b) => a - b), count: body.count };
};

beforeAll(async () => {
  host = await createTestHost();
  admin = (await host.login(host.admin.email, host.admin.password)).token;
  const connection = await webchatConnection(host, admin);
  const sales = await createQueue(host, 1, 'Vendas', '#2e7d32');
  const support = await createQueue(host, 1, 'Suporte', '#1565c0');
  await user('Ana', [sales], false);
  await user('Gui', [sales], true);
  await user('Rui', [], false);
  queues = [sales, support];
  // Every combination of owner (Ana, Gui, nobody), queue (none, Vendas, Suporte) and kind (chat, group).
  for (const owner of [users.Ana.id, users.Gui.id, null]) {
    for (const queue of [null, sales, support]) {
      for (const isGroup of [false, true]) {
        const r = await ingestOf(host).ingest(
          connection,
          inbound(`lista-${tickets.length}`, 'Olá', { isGroup }),
        );
        if (r.outcome !== 'stored') throw new Error(r.outcome);
        await sql(
          host,
          `update tickets set status = 'open', user_id = $1, queue_id = $2, is_group = $3 where id = $4`,
          [owner, queue, isGroup, r.ticketId],
        );
        tickets.push({ id: r.ticketId, userId: owner, queueId: queue, isGroup });
      }
    }
  }
});
afterAll(() => host?.stop());

describe('the ticket list shows exactly the visible tickets', () => {
  it.each(['Ana', 'Gui', 'Rui'])('for %s, with or without Show all', async (name) => {
    const u = users[name];
    for (const [query, rule] of [
      ['', inOwnView],
      ['showAll=true', canSeeTicket],
    ] as const) {
      const expected = tickets
        .filter((t) => rule(u.access, t))
        .map((t) => t.id)
        .sort((a, b) => a - b);
      expect(expected.length).toBeGreaterThan(0);
      const { ids, count } = await listed(u.token, query);
      expect(ids).toEqual(expected);
      expect(count).toBe(expected.length);
    }
  });

  it('"admin, or users with allTicket enable or allowGroup, see all loaded tickets": Gui (allowGroup) with Show all', async () => {
    const all = await listed(users.Gui.token, 'showAll=true');
    expect(all.ids).toEqual(tickets.map((t) => t.id).sort((a, b) => a - b));
    // Without Show all, his own view: his tickets, the unassigned ones of Vendas or of no queue, and every group.
    const own = await listed(users.Gui.token, '');
    expect(own.ids.length).toBeLessThan(tickets.length);
  });

  it('"an admin sees all tickets": an admin in no queue sees, under all queues, the customers waiting in every queue', async () => {
    // The admin belongs to no queue; their own view still holds every unassigned chat (issue 24: "Aguardando 0").
    const own = { userId: 1, isAdmin: true, allTicket: false, allowGroup: false, queueIds: queues };
    const expected = tickets.filter((t) => inOwnView(own, t)).map((t) => t.id);
    const waiting = tickets.filter((t) => t.userId === null && !t.isGroup && t.queueId !== null);
    expect(waiting.map((t) => t.queueId).sort()).toEqual([...queues].sort());
    const listedOwn = (await listed(admin, '')).ids;
    expect(listedOwn).toEqual(expected.sort((a, b) => a - b));
    expect(listedOwn).toEqual(expect.arrayContaining(waiting.map((t) => t.id)));
    // Someone else's chat stays out of the own view; Show all lists everything.
    expect(listedOwn).not.toContain(tickets.find((t) => t.userId === users.Ana.id && !t.isGroup)?.id);
    const all = await listed(admin, 'showAll=true');
    expect(all.ids).toEqual(tickets.map((t) => t.id).sort((a, b) => a - b));
    expect(all.count).toBe(tickets.length);
  });

  it("an attendant's own view keeps to their queues: Rui, in none, sees no queue's waiting customer", async () => {
    const rui = (await listed(users.Rui.token, '')).ids;
    const inQueues = tickets.filter((t) => t.userId === null && t.queueId !== null).map((t) => t.id);
    expect(rui.filter((id) => inQueues.includes(id))).toEqual([]);
  });
});

describe('the Show all switch is remembered per user, on the server', () => {
  it('saved by the user themselves, it comes back at the next sign-in', async () => {
    const ana = await host.login('ana@lista.test', 'lista-pass');
    expect(ana.user.showAllTickets).toBe(false);
    const res = await host.request(`/api/users/${users.Ana.id}`, {
      method: 'PUT',
      token: ana.token,
      body: { showAllTickets: true },
    });
    expect(res.status).toBe(200);
    // Another user's preference is not theirs to set; a wrong type is refused.
    const other = await host.request(`/api/users/${users.Rui.id}`, {
      method: 'PUT',
      token: ana.token,
      body: { showAllTickets: true },
    });
    expect(other.status).toBe(403);
    const wrong = await host.request(`/api/users/${users.Ana.id}`, {
      method: 'PUT',
      token: ana.token,
      body: { showAllTickets: 'yes' },
    });
    expect(wrong.status).toBe(400);
    expect((await host.login('ana@lista.test', 'lista-pass')).user.showAllTickets).toBe(true);
  });
});

describe('one ticket and its room follow the same rule', () => {
  it('"admin, or users with allTicket enable or allowGroup, see all loaded tickets": an allowGroup attendant opens and joins any ticket', async () => {
    // Ana's own chat in Suporte, a queue Gui is not in: before, only groups reached an allowGroup attendant.
    const [sales] = users.Gui.access.queueIds;
    const target = tickets.find(
      (t) => t.userId === users.Ana.id && !t.isGroup && t.queueId !== null && t.queueId !== sales,
    );
    if (!target) throw new Error('no such ticket');
    const gui = await host.request(`/api/tickets/${target.id}`, { token: users.Gui.token });
    expect(gui.status).toBe(200);
    expect((await host.request(`/api/messages/${target.id}`, { token: users.Gui.token })).status).toBe(200);
    expect((await host.request(`/api/tickets/${target.id}`, { token: users.Rui.token })).status).toBe(404);
    const guiSocket = await openSocket(host.url, users.Gui.token);
    const ruiSocket = await openSocket(host.url, users.Rui.token);
    guiSocket.send({ type: 'joinChatBox', ticketId: target.id });
    ruiSocket.send({ type: 'joinChatBox', ticketId: target.id });
    await eventually(() => guiSocket.frames.find((f) => f.channel === 'joined'));
    await eventually(() => ruiSocket.frames.find((f) => f.channel === 'error'));
    expect(guiSocket.frames).toContainEqual({ channel: 'joined', data: { room: `ticket:${target.id}` } });
    guiSocket.close();
    ruiSocket.close();
  });
});
