import type { OutboundMessage, TicketDto } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import { fakeWhatsappPlugin } from '../../testing/fake-whatsapp-plugin.js';

/**
 * Group conversations through a WhatsApp-like channel (the e2e server's fake, spec part 1 §2 Group sub-tab, §4, §6):
 * the message comes in through the channel's route and the real pipeline, and replies leave through its adapter.
 */
let host: TestHost;
let admin: string;
let connection: { id: number; token: string };
const users: Record<'withGroups' | 'withoutGroups', { id: number; token: string }> = {} as never;

async function attendant(name: string, allowGroup: boolean) {
  const email = `${name.toLowerCase()}@grupos.test`;
  const res = await host.request('/api/users', {
    token: admin,
    body: { name, email, password: 'grupos-pass', profile: 'user', allowGroup },
  });
  expect(res.status).toBe(201);
  return { id: (await res.json()).id as number, token: (await host.login(email, 'grupos-pass')).token };
}

/** A message from a participant of a group, as the channel delivers it. */
async function groupSays(group: string, participant: string, body: string): Promise<number> {
  const res = await host.request(`/test-channel/${connection.token}/inbound`, {
    body: {
      externalId: `grp-${Date.now()}-${Math.random()}`,
      from: { id: group, name: `Grupo ${group}` },
      isGroup: true,
      participant,
      body,
    },
  });
  expect(res.status).toBe(201);
  const result = await res.json();
  expect(result.outcome).toBe('stored');
  return result.ticketId as number;
}

const ticket = async (token: string, id: number) => host.request(`/api/tickets/${id}`, { token });
const listed = async (token: string, status: string) =>
  (
    (await (await host.request(`/api/tickets?status=${status}`, { token })).json()).tickets as TicketDto[]
  ).map((t) => t.id);

beforeAll(async () => {
  host = await createTestHost({ plugins: [fakeWhatsappPlugin] });
  admin = (await host.login(host.admin.email, host.admin.password)).token;
  const res = await host.request('/api/whatsapp', {
    token: admin,
    body: { name: 'Zap', channel: 'whatsapp', allowGroup: true },
  });
  expect(res.status).toBe(201);
  connection = await res.json();
  users.withGroups = await attendant('Gabi', true);
  users.withoutGroups = await attendant('Nico', false);
});
afterAll(() => host?.stop());

describe('group messages', () => {
  it('open a group ticket seen only by who may handle groups; a reply needs no accept and leaves by the channel', async () => {
    const id = await groupSays('120363000000000001', '5511977770001', 'Bom dia, pessoal');
    const seen = await ticket(users.withGroups.token, id);
    expect(await seen.json()).toMatchObject({ status: 'group', isGroup: true, userId: null });
    expect(await listed(users.withGroups.token, 'group')).toContain(id);
    expect((await ticket(users.withoutGroups.token, id)).status).toBe(404);
    expect(await listed(users.withoutGroups.token, 'group')).not.toContain(id);

    const sent = await host.request(`/api/messages/${id}`, {
      token: users.withGroups.token,
      body: { body: 'Bom dia! Como posso ajudar?' },
    });
    expect(sent.status).toBe(201);
    const outbox = await eventually(async () => {
      const res = await host.request(`/test-channel/${connection.token}/outbox`);
      const { messages } = (await res.json()) as { messages: OutboundMessage[] };
      return messages.find((m) => m.ticketId === id);
    });
    expect(outbox).toMatchObject({ to: '120363000000000001', body: 'Bom dia! Como posso ajudar?' });
  });

  it("a connection that does not take groups drops their messages (the connection's allowGroup)", async () => {
    const off = await host.request(`/api/whatsapp/${connection.id}`, {
      method: 'PUT',
      token: admin,
      body: { allowGroup: false },
    });
    expect(off.status).toBe(200);
    const before = await sql(host, 'select count(*)::int n from messages');
    const res = await host.request(`/test-channel/${connection.token}/inbound`, {
      body: {
        externalId: `grp-off-${Date.now()}`,
        from: { id: '120363000000000009', name: 'Grupo' },
        isGroup: true,
        body: 'Oi',
      },
    });
    expect(await res.json()).toEqual({ outcome: 'ignored' });
    expect(await sql(host, 'select count(*)::int n from messages')).toEqual(before);
    // A private message on the same connection is stored as ever.
    const direct = await host.request(`/test-channel/${connection.token}/inbound`, {
      body: { externalId: `dm-${Date.now()}`, from: { id: '5511977770009', name: 'Direto' }, body: 'Oi' },
    });
    expect((await direct.json()).outcome).toBe('stored');
    await host.request(`/api/whatsapp/${connection.id}`, {
      method: 'PUT',
      token: admin,
      body: { allowGroup: true },
    });
  });

  it('a group ticket given to an attendant without allowGroup is theirs to see', async () => {
    const id = await groupSays('120363000000000002', '5511977770002', 'Oi');
    const moved = await host.request(`/api/tickets/${id}`, {
      method: 'PUT',
      token: admin,
      body: { status: 'group', userId: users.withoutGroups.id },
    });
    expect(moved.status).toBe(200);
    expect((await ticket(users.withoutGroups.token, id)).status).toBe(200);
    expect(await listed(users.withoutGroups.token, 'group')).toContain(id);
  });

  it('with groupAsTicket enabled on the connection (changed while running), a group opens a pending ticket', async () => {
    const changed = await host.request(`/api/whatsapp/${connection.id}`, {
      method: 'PUT',
      token: admin,
      body: { groupAsTicket: 'enabled' },
    });
    expect(changed.status).toBe(200);
    const id = await groupSays('120363000000000003', '5511977770003', 'Preciso de um orçamento');
    expect(await (await ticket(admin, id)).json()).toMatchObject({ status: 'pending', isGroup: true });
    const accepted = await host.request(`/api/tickets/${id}`, {
      method: 'PUT',
      token: users.withGroups.token,
      body: { status: 'open', userId: users.withGroups.id },
    });
    // Accepting a group ticket makes it a group ticket of the attendant (spec part 1 §4).
    expect(await accepted.json()).toMatchObject({ status: 'group', userId: users.withGroups.id });
  });
});
