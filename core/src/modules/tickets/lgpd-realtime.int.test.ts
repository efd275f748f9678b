import type { ContactDto, TicketDto } from '@balcao/sdk';
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
import { openSocket, type TestFrame } from '../../testing/tenant-fixtures.js';
import type { TicketsPublisher } from './tickets-publisher.js';

let host: TestHost;
let admin: string;
let agent: string;
let connection: { id: number; companyId: number; channel: string };
let queueId: number;
let agentId: number;

const setLgpd = (value: 'enabled' | 'disabled') =>
  host.request('/api/settings/lgpdHideNumber', { method: 'PUT', token: admin, body: { value } });

/** A new visitor's message in the agent's queue; answers the ticket id. */
async function visitorWrites(number: string): Promise<number> {
  const r = await ingestOf(host).ingest(connection, inbound(number, 'olá'));
  if (r.outcome !== 'stored') throw new Error(r.outcome);
  await sql(host, 'update tickets set queue_id = $1 where id = $2', [queueId, r.ticketId]);
  return r.ticketId;
}

const created = (frames: TestFrame[], ticketId: number) =>
  frames.find(
    (f) =>
      f.channel === 'company-1-appMessage' &&
      f.data.action === 'create' &&
      (f.data.ticket as TicketDto).id === ticketId,
  );

beforeAll(async () => {
  host = await createTestHost();
  admin = (await host.login(host.admin.email, host.admin.password)).token;
  connection = await webchatConnection(host, admin);
  queueId = await createQueue(host, 1, 'Vendas', '#2e7d32');
  const user = await host.request('/api/users', {
    token: admin,
    body: { name: 'Ana', email: 'ana@lgpd.test', password: 'agent-pass' },
  });
  agentId = (await user.json()).id;
  await joinQueue(host, agentId, queueId);
  agent = (await host.login('ana@lgpd.test', 'agent-pass')).token;
});
afterAll(() => host?.stop());

describe('LGPD number masking on the socket (spec part 1 §6)', () => {
  it('a profile-user socket gets masked numbers in ticket and message events; an admin socket the real one', async () => {
    await setLgpd('enabled');
    const adminSocket = await openSocket(host.url, admin);
    const agentSocket = await openSocket(host.url, agent);
    const ticketId = await visitorWrites('5511987650001');

    const forAgent = await eventually(() => created(agentSocket.frames, ticketId));
    const forAdmin = await eventually(() => created(adminSocket.frames, ticketId));
    expect((forAgent.data.ticket as TicketDto).contact.number).toBe('551198*****01');
    expect((forAgent.data.contact as TicketDto['contact']).number).toBe('551198*****01');
    expect((forAdmin.data.ticket as TicketDto).contact.number).toBe('5511987650001');
    const update = await eventually(() =>
      agentSocket.frames.find(
        (f) => f.channel === 'company-1-ticket' && (f.data.ticket as TicketDto)?.id === ticketId,
      ),
    );
    expect((update.data.ticket as TicketDto).contact.number).toBe('551198*****01');
    adminSocket.close();
    agentSocket.close();
  });

  it('contact events follow the same rule, and turning the setting off unmasks open sockets at once', async () => {
    await setLgpd('enabled');
    const adminSocket = await openSocket(host.url, admin);
    const agentSocket = await openSocket(host.url, agent);
    const contact = (await (
      await host.request('/api/contacts', {
        token: admin,
        body: { name: 'Cliente Sigiloso', number: '5511912340002' },
      })
    ).json()) as ContactDto;
    const contactEvent = (frames: TestFrame[]) =>
      frames.find(
        (f) => f.channel === 'company-1-contact' && (f.data.contact as ContactDto).id === contact.id,
      );
    expect(
      ((await eventually(() => contactEvent(agentSocket.frames))).data.contact as ContactDto).number,
    ).toBe('551191*****02');
    expect(
      ((await eventually(() => contactEvent(adminSocket.frames))).data.contact as ContactDto).number,
    ).toBe('5511912340002');

    await setLgpd('disabled');
    const ticketId = await visitorWrites('5511987650003');
    const forAgent = await eventually(() => created(agentSocket.frames, ticketId));
    expect((forAgent.data.ticket as TicketDto).contact.number).toBe('5511987650003');
    adminSocket.close();
    agentSocket.close();
  });
});

describe("a user's access on open sockets", () => {
  it('joining a queue lets the socket hear that queue at once, leaving it stops it', async () => {
    const support = await createQueue(host, 1, 'Suporte', '#1565c0');
    const agentSocket = await openSocket(host.url, agent);
    const r = await ingestOf(host).ingest(connection, inbound('5511987650009', 'olá'));
    if (r.outcome !== 'stored') throw new Error(r.outcome);
    await sql(host, 'update tickets set queue_id = $1 where id = $2', [support, r.ticketId]);
    const publisher = host.resolve<TicketsPublisher>('ticketsPublisher');
    const heard = () =>
      agentSocket.frames.filter(
        (f) =>
          f.channel === 'company-1-ticket' &&
          f.data.action === 'update' &&
          (f.data.ticket as TicketDto).queueId === support,
      ).length;

    await publisher.ticketUpdated(1, r.ticketId);
    const setQueues = (queueIds: number[]) =>
      host.request(`/api/users/${agentId}`, { method: 'PUT', token: admin, body: { queueIds } });
    expect((await setQueues([queueId, support])).status).toBe(200);
    await publisher.ticketUpdated(1, r.ticketId);
    await eventually(() => (heard() === 1 ? true : undefined));

    expect((await setQueues([queueId])).status).toBe(200);
    await publisher.ticketUpdated(1, r.ticketId);
    // A later event the socket may hear proves the one before it was not delivered.
    const marker = await visitorWrites('5511987650010');
    await eventually(() => created(agentSocket.frames, marker));
    expect(heard()).toBe(1);
    agentSocket.close();
  });
});
