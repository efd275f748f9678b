import type { ChannelConnection, ConnectionDto } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationsService } from '../modules/conversations/conversations-service.js';
import { createQueue, sql } from '../testing/attendance-fixtures.js';
import { fakeWhatsappPlugin } from '../testing/fake-whatsapp-plugin.js';
import {
  companyRows,
  isNothing,
  type PortSweep,
  portProbe,
  runSweep,
  type SweepOutcome,
} from '../testing/port-sweep.js';
import { type TenantWithAgent, tenantWithAgent } from '../testing/tenant-fixtures.js';

/**
 * Every port is bound to the caller's company (issue 25, item 1): a plugin running for company B that passes company
 * A's ids or objects — a connection `{ id, companyId: A }`, A's ticket, contact, queue, user, file or company id —
 * reads nothing of A and changes none of A's rows. One call per method of every port (the sweep's type makes a new
 * method fail to compile until it is swept), then the same calls where there is no company (a public route).
 */

const NUMBER = '5511966660001';
const ACCOUNT = '5511977770000';
let host: TestHost;
let tokenA: string;
let adminA: number;
let connection: ConnectionDto;
let connToken: string;
let handle: ChannelConnection;
let ticketId: number;
let contactId: number;
let queueId: number;
let tagId: number;
let messageId: number;
let mediaUrl: string;
let jobOfA: string;
let b: TenantWithAgent;

const probe = async (token: string | undefined, port: string, method: string, args: unknown[]) => {
  const res = await host.request(token ? '/api/port-probe' : '/port-probe/public', {
    token,
    body: { port, method, args },
  });
  return { status: res.status, body: (await res.json()) as { value?: unknown; error?: string } };
};

beforeAll(async () => {
  host = await createTestHost({ plugins: [fakeWhatsappPlugin, portProbe] });
  const login = await host.login(host.admin.email, host.admin.password);
  tokenA = login.token;
  adminA = login.user.id;
  connection = await (
    await host.request('/api/whatsapp', { token: tokenA, body: { name: 'Fone Alfa', channel: 'whatsapp' } })
  ).json();
  connToken = connection.token ?? '';
  await sql(host, 'update whatsapps set number = $1 where id = $2', [ACCOUNT, connection.id]);
  const inbound = await host.request(`/test-channel/${connToken}/inbound`, {
    body: { externalId: 'alfa-1', from: { id: NUMBER, name: 'Vítima Alfa' }, body: 'segredo alfa' },
  });
  ticketId = ((await inbound.json()) as { ticketId: number }).ticketId;
  const [row] = await sql<{ contact_id: number }>(host, 'select contact_id from tickets where id = $1', [
    ticketId,
  ]);
  contactId = row.contact_id;
  queueId = await createQueue(host, 1, 'Fila Alfa', '#123456');
  tagId = (await (await host.request('/api/tags', { token: tokenA, body: { name: 'Tag Alfa' } })).json()).id;
  // A's ticket and contact carry A's tag: B removing or listing by it must change and find nothing.
  expect((await probe(tokenA, 'tickets', 'addTag', [ticketId, tagId])).status).toBe(200);
  expect((await probe(tokenA, 'contacts', 'setTags', [contactId, [tagId]])).status).toBe(200);
  [{ id: messageId }] = await sql<{ id: number }>(host, 'select id from messages where ticket_id = $1', [
    ticketId,
  ]);
  const stored = await probe(tokenA, 'media', 'store', [
    { data: { $bytes: '%PDF-1.4 alfa' }, fileName: 'alfa.pdf', mimeType: 'application/pdf' },
  ]);
  if (stored.status !== 200) throw new Error(`media.store: ${stored.status} ${JSON.stringify(stored.body)}`);
  mediaUrl = (stored.body.value as { url: string }).url;
  expect((await probe(tokenA, 'config', 'set', ['secret', 'alfa-config'])).status).toBe(200);
  const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
  jobOfA = String((await probe(tokenA, 'jobs', 'schedule', [inAnHour, 'noop', { companyId: 1 }])).body.value);
  handle = {
    id: connection.id,
    companyId: 1,
    channel: 'whatsapp',
    name: connection.name,
    token: connToken,
    greetingMessage: null,
    embedOrigins: [],
  };
  b = await tenantWithAgent(host, tokenA, 'Outra Loja');
});
afterAll(() => host?.stop());

/** Company A's rows and objects, as a plugin of company B would pass them. */
const sweepOfA = (): PortSweep => {
  const msg = { externalId: 'intruso-1', from: { id: NUMBER, name: 'Mallory' }, body: 'intruso' };
  const by = b.agentId;
  return {
    conversations: {
      ingest: [{ args: [handle, msg] }],
      ingestHistory: [{ args: [handle, [msg], { imported: true }] }],
      call: [{ args: [handle, { externalId: 'CALL-X', from: { id: NUMBER, name: '' }, video: false }] }],
      mergeContact: [{ args: [handle, NUMBER, '5511900000009'] }],
      connectionByToken: [{ args: [connToken, 'whatsapp'] }],
      connectionByAccount: [{ args: [ACCOUNT, 'whatsapp'] }],
      connectionStore: [{ args: [handle] }, { args: [{ ...handle, channel: 'echo' }] }],
      sendsOnTheirWay: [{ args: [handle, NUMBER] }],
      storeMedia: [
        { args: [handle, { data: { $bytes: 'x' }, fileName: 'x.pdf', mimeType: 'application/pdf' }] },
      ],
      attachMedia: [{ args: [handle, 'alfa-1', { url: mediaUrl }] }],
      history: [{ args: [handle, NUMBER, 50] }],
      markRead: [{ args: [handle, NUMBER] }],
      presence: [{ args: [handle, NUMBER, 'composing'] }],
      ack: [{ args: [handle, 'alfa-1', 3] }],
      edited: [{ args: [handle, 'alfa-1', 'alterado'] }],
      revoked: [{ args: [handle, 'alfa-1'] }],
    },
    tickets: {
      find: [{ args: [ticketId] }],
      list: [{ args: [{ contactId }] }, { args: [{ queueId }] }, { args: [{ tagId }] }],
      create: [
        { args: [{ contactId, status: 'open', whatsappId: connection.id }, by] },
        { args: [{ contactId, status: 'pending', whatsappId: connection.id }, 'plugin'] },
      ],
      accept: [{ args: [ticketId, by] }, { args: [ticketId, adminA] }, { args: [ticketId, 'plugin'] }],
      transfer: [{ args: [ticketId, { queueId }, by] }, { args: [ticketId, { queueId }, 'plugin'] }],
      close: [{ args: [ticketId, { byUserId: by }] }, { args: [ticketId, { byUserId: 'plugin' }] }],
      reopen: [{ args: [ticketId, by] }, { args: [ticketId, 'plugin'] }],
      setTags: [{ args: [ticketId, []] }, { args: [ticketId, [tagId]] }],
      addTag: [{ args: [ticketId, tagId] }],
      removeTag: [{ args: [ticketId, tagId] }],
      moveToLane: [{ args: [ticketId, null] }, { args: [ticketId, tagId] }],
    },
    messages: {
      send: [{ args: [{ ticketId, body: 'intruso' }] }],
      sendToContact: [
        { args: [{ contactId, connectionId: connection.id, body: 'intruso', idempotencyKey: 'intruso-1' }] },
      ],
      find: [{ args: [messageId] }],
      list: [{ args: [{ ticketId }] }, { args: [{ ticketId, beforeId: messageId + 1 }] }],
    },
    contacts: {
      find: [{ args: [contactId] }],
      findByNumber: [{ args: [NUMBER] }],
      findOrCreate: [{ args: [{ number: NUMBER, name: 'Mallory' }], answers: true }],
      findOrCreateId: [{ args: [{ number: NUMBER, name: 'Mallory' }], answers: true }],
      update: [{ args: [contactId, { name: 'Mallory' }] }],
      setTags: [{ args: [contactId, [tagId]] }],
      block: [{ args: [contactId, true] }],
      list: [
        { args: [{ tagIds: [tagId] }] },
        { args: [{ connectionId: connection.id }] },
        { args: [{ search: 'Vítima' }] },
      ],
    },
    tags: {
      list: [
        { args: [], answers: true },
        { args: [{ kanban: false }], answers: true },
      ],
      find: [{ args: [tagId] }],
      create: [{ args: [{ name: 'Tag Intrusa' }], answers: true }],
    },
    queues: { list: [{ args: [], answers: true }], find: [{ args: [queueId] }] },
    users: { list: [{ args: [], answers: true }], find: [{ args: [adminA] }] },
    media: {
      store: [
        { args: [{ data: { $bytes: 'b' }, fileName: 'b.pdf', mimeType: 'application/pdf' }], answers: true },
      ],
      read: [{ args: [mediaUrl] }],
      remove: [{ args: [mediaUrl] }],
    },
    connections: {
      list: [{ args: [] }],
      default: [{ args: [] }],
      find: [{ args: [connection.id] }],
      reportStatus: [{ args: [connection.id, { status: 'DISCONNECTED' }] }],
      create: [{ args: [{ name: 'Intrusa', channel: 'whatsapp' }] }],
      checkLink: [{ args: ['whatsapp'] }],
      session: [{ args: [connection.id] }],
      // B asks through B's own connections (it has none): nothing of A's is read.
      checkAddress: [{ args: [{ number: NUMBER }], answers: true }],
    },
    config: {
      get: [{ args: ['secret'] }],
      set: [{ args: ['secret', null] }],
      keys: [{ args: [] }],
      forConnection: [{ args: [connection.id] }],
    },
    settings: { get: [{ args: [1, 'userRating'] }], isEnabled: [{ args: [1, 'userRating'] }] },
    hours: { ofTicket: [{ args: [ticketId] }], ofCompany: [{ args: [], answers: true }] },
    jobs: {
      now: [{ args: ['noop', { companyId: 1 }] }],
      schedule: [{ args: [new Date(Date.now() + 60_000).toISOString(), 'noop', { companyId: 1 }] }],
      cancel: [{ args: [jobOfA] }],
      quiet: { none: "waits on this process's HTTP requests; takes and answers no company data" },
    },
    events: { emit: [{ args: ['ticket.updated', { companyId: 1, ticketId }] }] },
    realtime: {
      publish: [{ args: [{ companyId: 1, channel: 'company-1-ticket', data: { action: 'update' } }] }],
      defineRoom: { none: 'declares a room kind for every company; takes no company data' },
      defineGuest: { none: 'declares a guest kind for every company; takes no company data' },
    },
  };
};

/** What only company A's rows hold (B passes A's contact's number itself), so no answer to B may carry one. */
const secretsOfA = () => [
  'Vítima Alfa',
  'segredo alfa',
  connToken,
  'Fila Alfa',
  'Tag Alfa',
  'alfa-config',
  host.admin.email,
  mediaUrl,
];

const wrong = (outcomes: SweepOutcome[], sweep: PortSweep) => {
  const answering = new Set(
    Object.entries(sweep).flatMap(([port, methods]) =>
      Object.entries(methods).flatMap(([method, calls]) =>
        Array.isArray(calls) && calls.some((c) => c.answers) ? [`${port}.${method}(`] : [],
      ),
    ),
  );
  return outcomes.filter((o) => {
    const leaks = secretsOfA().some((s) => JSON.stringify(o.body).includes(s));
    const mayAnswer = [...answering].some((p) => o.call.startsWith(p)) && o.status === 200;
    return leaks || !(isNothing(o) || mayAnswer);
  });
};

describe('every port is bound to the caller’s company', () => {
  it('company B’s plugin passing A’s handles, ids and company id reads nothing of A and changes none of A’s rows', async () => {
    const sweep = sweepOfA();
    const before = await companyRows(host, 1);
    const outcomes = await runSweep(host, sweep, b.adminToken);
    expect(wrong(outcomes, sweep)).toEqual([]);
    expect(outcomes.every((o) => o.status < 500)).toBe(true);
    // B's findOrCreate of A's contact's number makes B's own contact, never answers A's.
    const created = outcomes.find((o) => o.call.startsWith('contacts.findOrCreate('));
    expect(created?.body.value).toMatchObject({
      name: 'Mallory',
      id: expect.not.toSatisfy((id: unknown) => id === contactId),
    });
    expect(await companyRows(host, 1)).toEqual(before);
  });

  it('with no company (a public route) the same calls are refused or find nothing, and change nothing', async () => {
    const sweep = sweepOfA();
    const before = await companyRows(host, 1);
    const outcomes = await runSweep(host, sweep, undefined);
    const lookups = ['conversations.connectionByToken(', 'conversations.connectionByAccount('];
    // Finding a connection by its token or account is what a public route is for; everything else is refused.
    const refused = outcomes.filter((o) => !lookups.some((l) => o.call.startsWith(l)));
    expect(refused.filter((o) => !(o.status === 403 || o.status === 404))).toEqual([]);
    expect(await companyRows(host, 1)).toEqual(before);
  });

  it('company A’s own plugin reaches the same rows with the same calls (the sweep is not vacuous)', async () => {
    const history = await probe(tokenA, 'conversations', 'history', [handle, NUMBER, 10]);
    expect(history.body.value).toEqual([expect.objectContaining({ body: 'segredo alfa' })]);
    const byToken = await probe(tokenA, 'conversations', 'connectionByToken', [connToken, 'whatsapp']);
    expect(byToken.body.value).toMatchObject({ id: connection.id, companyId: 1 });
    expect((await probe(tokenA, 'tickets', 'find', [ticketId])).body.value).toMatchObject({ id: ticketId });
    expect((await probe(tokenA, 'contacts', 'find', [contactId])).body.value).toMatchObject({
      number: NUMBER,
    });
    expect((await probe(tokenA, 'messages', 'find', [messageId])).body.value).toMatchObject({
      body: 'segredo alfa',
    });
    expect((await probe(tokenA, 'messages', 'list', [{ ticketId }])).body.value).toHaveLength(1);
    for (const query of [{ tagIds: [tagId] }, { connectionId: connection.id }, { search: 'Vítima' }])
      expect((await probe(tokenA, 'contacts', 'list', [query])).body.value).toEqual([
        expect.objectContaining({ id: contactId }),
      ]);
    expect((await probe(tokenA, 'tags', 'find', [tagId])).body.value).toMatchObject({
      name: 'Tag Alfa',
      contactsCount: 1,
      ticketsCount: 1,
    });
    expect((await probe(tokenA, 'config', 'get', ['secret'])).body.value).toBe('alfa-config');
    expect((await probe(tokenA, 'settings', 'isEnabled', [1, 'userRating'])).status).toBe(200);
    expect((await probe(tokenA, 'jobs', 'now', ['noop', { companyId: 1 }])).status).toBe(200);
    // B's cancel (and the public route's) left A's scheduled job: A's own cancel removes it.
    expect((await probe(tokenA, 'jobs', 'cancel', [jobOfA])).body.value).toBe(true);
    const publish = [{ companyId: 1, channel: 'company-1-probe', data: {} }];
    expect((await probe(tokenA, 'realtime', 'publish', publish)).status).toBe(200);
    expect(
      (await probe(tokenA, 'events', 'emit', ['ticket.updated', { companyId: 1, ticketId }])).status,
    ).toBe(200);
  });

  it('a handle core gave out for company A is refused by a port bound to B (a channel session’s view)', async () => {
    const conversations = host.resolve<ConversationsService>('conversations');
    const own = await conversations.connectionByToken(connToken, 'whatsapp');
    if (!own) throw new Error('connection not found by token');
    const asB = conversations.boundTo({
      companyId: b.companyId,
      ownKinds: ['whatsapp'],
      store: () => never(),
    });
    await expect(asB.history(own, NUMBER, 10)).rejects.toMatchObject({
      code: 'ERR_NO_WAPP_FOUND',
      status: 404,
    });
    const asA = conversations.boundTo({ companyId: 1, ownKinds: ['whatsapp'], store: () => never() });
    // A handle is taken as core read it: changing its fields afterwards points it nowhere else.
    const mutated = Object.assign(own, { companyId: b.companyId });
    expect(await asA.history(mutated, NUMBER, 10)).toEqual([
      expect.objectContaining({ body: 'segredo alfa' }),
    ]);
    await expect(asB.history(mutated, NUMBER, 10)).rejects.toMatchObject({ code: 'ERR_NO_WAPP_FOUND' });
  });
});

function never(): never {
  throw new Error('the store is not opened by these calls');
}
