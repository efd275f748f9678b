import type { ContactDto, MessageDto } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptedTicket,
  inbound,
  ingestOf,
  sql,
  webchatConnection,
} from '../../testing/attendance-fixtures.js';
import { openSocket, type TestFrame } from '../../testing/tenant-fixtures.js';

let host: TestHost;
let admin: string;
let agent: string;
let agentId: number;
let connection: Awaited<ReturnType<typeof webchatConnection>>;
let carla: ContactDto;

const FULL = '5511999991234';
const MASKED = '551199*****34';

const page = async (token: string, ticketId: number) => {
  const res = await host.request(`/api/messages/${ticketId}`, { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: MessageDto[] }).messages;
};
const send = (token: string, ticketId: number, body: Record<string, unknown>) =>
  host.request(`/api/messages/${ticketId}`, { token, body });
const messageEvent = (frames: TestFrame[], id: number, action: string) =>
  frames.find(
    (f) =>
      f.channel === 'company-1-appMessage' &&
      f.data.action === action &&
      (f.data.message as MessageDto | null)?.id === id,
  );

beforeAll(async () => {
  host = await createTestHost();
  admin = (await host.login(host.admin.email, host.admin.password)).token;
  connection = await webchatConnection(host, admin);
  const user = await host.request('/api/users', {
    token: admin,
    body: { name: 'Lia', email: 'lia@lgpd-messages.test', password: 'agent-pass' },
  });
  agentId = (await user.json()).id;
  agent = (await host.login('lia@lgpd-messages.test', 'agent-pass')).token;
  const setting = await host.request('/api/settings/lgpdHideNumber', {
    method: 'PUT',
    token: admin,
    body: { value: 'enabled' },
  });
  expect(setting.status).toBe(200);
  const created = await host.request('/api/contacts', {
    token: admin,
    body: { name: 'Carla', number: FULL },
  });
  carla = await created.json();
});
afterAll(() => host?.stop());

describe('contact cards for a user who sees numbers masked (LGPD, spec part 1 §6)', () => {
  it('sends a stored contact by id: the card carries the stored number, shown to the sender masked', async () => {
    const ticketId = await acceptedTicket(host, connection, agent, agentId);
    const res = await send(agent, ticketId, { vCard: { contactId: carla.id } });
    expect(res.status).toBe(201);
    const answer = (await res.json()) as MessageDto;
    expect(answer.mediaType).toBe('contactMessage');
    expect(answer.body).toContain(`waid=${MASKED}`);
    expect(answer.body).not.toContain(FULL);
    const [stored] = await sql<{ body: string }>(host, 'select body from messages where id = $1', [
      answer.id,
    ]);
    expect(stored.body).toContain(`TEL;type=CELL;waid=${FULL}:+${FULL}`);
    expect(stored.body).toContain('FN:Carla');
    // The admin reads the card as stored; the user reads it masked, in every page.
    expect((await page(admin, ticketId)).find((m) => m.id === answer.id)?.body).toBe(stored.body);
    const mine = (await page(agent, ticketId)).find((m) => m.id === answer.id);
    expect(mine?.body).toContain(`+${MASKED}`);
    expect(mine?.body).not.toContain(FULL);
  });

  it('refuses a card of an unknown contact', async () => {
    const ticketId = await acceptedTicket(host, connection, agent, agentId);
    const res = await send(agent, ticketId, { vCard: { contactId: 999_999 } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'ERR_NO_CONTACT_FOUND' });
  });

  it('masks cards, quoted cards and group senders in the realtime events of a masked socket only', async () => {
    const ticketId = await acceptedTicket(host, connection, agent, agentId);
    const agentSocket = await openSocket(host.url, agent);
    const adminSocket = await openSocket(host.url, admin);
    const card = (await (
      await send(admin, ticketId, { vCard: { contactId: carla.id } })
    ).json()) as MessageDto;
    const forAgent = await eventually(() => messageEvent(agentSocket.frames, card.id, 'create'));
    const forAdmin = await eventually(() => messageEvent(adminSocket.frames, card.id, 'create'));
    expect((forAgent.data.message as MessageDto).body).toContain(MASKED);
    expect((forAgent.data.message as MessageDto).body).not.toContain(FULL);
    expect((forAdmin.data.message as MessageDto).body).toContain(FULL);

    const reply = (await (
      await send(agent, ticketId, { body: 'Segue o contato', quotedMsg: { id: card.id } })
    ).json()) as MessageDto;
    expect(reply.quotedMsg?.body).toContain(MASKED);
    expect(reply.quotedMsg?.body).not.toContain(FULL);
    const quotedForAgent = await eventually(() => messageEvent(agentSocket.frames, reply.id, 'create'));
    expect((quotedForAgent.data.message as MessageDto).quotedMsg?.body).not.toContain(FULL);
    const quotedForAdmin = await eventually(() => messageEvent(adminSocket.frames, reply.id, 'create'));
    expect((quotedForAdmin.data.message as MessageDto).quotedMsg?.body).toContain(FULL);

    // Deleting the card sends an update event: masked for the user too.
    expect((await host.request(`/api/messages/${card.id}`, { method: 'DELETE', token: admin })).status).toBe(
      204,
    );
    const deleted = await eventually(() => messageEvent(agentSocket.frames, card.id, 'update'));
    expect((deleted.data.message as MessageDto).body).not.toContain(FULL);
    const deletedForAdmin = await eventually(() => messageEvent(adminSocket.frames, card.id, 'update'));
    expect((deletedForAdmin.data.message as MessageDto).body).toContain(FULL);
    agentSocket.close();
    adminSocket.close();
  });

  it("masks a group message's sender (participant) for the user, in the page and on the socket", async () => {
    const agentSocket = await openSocket(host.url, agent);
    const r = await ingestOf(host).ingest(
      connection,
      inbound('grupo-do-bairro', 'Bom dia', { participant: '5521988887777' }),
    );
    if (r.outcome !== 'stored') throw new Error(r.outcome);
    const event = await eventually(() => messageEvent(agentSocket.frames, r.messageId, 'create'));
    expect((event.data.message as MessageDto).participant).toBe('552198*****77');
    const ticketId = r.ticketId;
    await host.request(`/api/tickets/${ticketId}`, {
      method: 'PUT',
      token: agent,
      body: { status: 'open', userId: agentId },
    });
    expect((await page(agent, ticketId)).find((m) => m.id === r.messageId)?.participant).toBe(
      '552198*****77',
    );
    expect((await page(admin, ticketId)).find((m) => m.id === r.messageId)?.participant).toBe(
      '5521988887777',
    );
    agentSocket.close();
  });
});
