import type { ChannelConnection, ConnectionDto, DomainEventName, InboundMessage } from '@balcao/sdk';
import { IMPORT_MESSAGES_FRAME, readFrame } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventBus } from '../../events/event-bus.js';
import { createQueue, sql } from '../../testing/attendance-fixtures.js';
import { openSocket, type TenantWithAgent, tenantWithAgent } from '../../testing/tenant-fixtures.js';
import type { ConversationsService } from './conversations-service.js';
import type { HistoryImports } from './history-imports.js';
import { HISTORY_BATCH } from './history-ingest.js';

/**
 * History import in core (issue 13): ConversationsPort.ingestHistory stores a channel's old messages in batches with
 * nothing a live message sets off, idempotently; the sessions' reporter keeps statusImportMessages and sends the
 * importMessages frames; "close imported" closes what the import opened, in the admin's own company only.
 */
let host: TestHost;
let shop: TenantWithAgent;
let other: TenantWithAgent;
let conversations: ConversationsService;
let imports: HistoryImports;
const live: DomainEventName[] = [];
const DAY = 86_400_000;

async function newConnection(tenant: TenantWithAgent, body: Record<string, unknown>) {
  const res = await host.request('/api/whatsapp', {
    token: tenant.adminToken,
    body: { channel: 'whatsapp', ...body },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const dto = (await res.json()) as ConnectionDto;
  const channel = await conversations.connectionByToken(dto.token as string, 'whatsapp');
  if (!channel) throw new Error('connection not found by token');
  return { dto, channel };
}

let seq = 0;
const old = (from: string, daysAgo: number, extra: Partial<InboundMessage> = {}): InboundMessage => ({
  externalId: `hist-${++seq}`,
  from: { id: from, name: `Cliente ${from}` },
  body: `mensagem ${seq}`,
  timestamp: new Date(Date.now() - daysAgo * DAY),
  ...extra,
});

const ticketsOf = (c: ChannelConnection) =>
  sql<{
    id: number;
    status: string;
    unread_messages: number;
    queue_id: number | null;
    last_message: string;
    imported: boolean;
  }>(
    host,
    `select id, status, unread_messages, queue_id, last_message, imported_at is not null as imported
       from tickets where whatsapp_id = $1 order by id`,
    [c.id],
  );

beforeAll(async () => {
  host = await createTestHost();
  const superToken = (await host.login(host.admin.email, host.admin.password)).token;
  shop = await tenantWithAgent(host, superToken, 'Historico Loja', { queues: 3 });
  other = await tenantWithAgent(host, superToken, 'Historico Outra');
  for (const t of [shop, other])
    await host.request(`/api/plans/${t.planId}`, {
      method: 'PUT',
      token: superToken,
      body: { connections: 20 },
    });
  conversations = host.resolve<ConversationsService>('conversations');
  imports = host.resolve<HistoryImports>('historyImports');
  const bus = host.resolve<EventBus>('events');
  for (const event of ['message.created', 'ticket.created'] as const)
    bus.on(event, async () => void live.push(event));
});
afterAll(() => host?.stop());

describe('ingestHistory', () => {
  it('stores old messages once, in imported tickets of the import queue, read, with nothing set off', async () => {
    const queueId = await createQueue(host, shop.companyId, 'Importados', '#123456');
    const { channel } = await newConnection(shop, { name: 'Import 1', queueIdImportMessages: queueId });
    const messages = [
      old('5511930000001', 3, { body: 'mais nova' }),
      old('5511930000001', 9, { body: 'mais velha' }),
    ];
    const mine = old('5511930000001', 5, { fromMe: true, body: 'resposta' });
    const before = live.length;
    const first = await conversations.ingestHistory(channel, [...messages, mine]);
    // storedIds: the new ones, oldest first (what a channel fetches files for).
    const [newer, older] = messages.map((m) => m.externalId);
    expect(first).toEqual({
      stored: 3,
      duplicate: 0,
      ignored: 0,
      blocked: 0,
      storedIds: [older, mine.externalId, newer],
    });
    // Played again (and a copy inside the same call): nothing twice.
    const again = await conversations.ingestHistory(channel, [...messages, messages[0] as InboundMessage]);
    expect(again).toEqual({ stored: 0, duplicate: 3, ignored: 0, blocked: 0, storedIds: [] });
    expect(live.length).toBe(before);
    const [ticket, ...more] = await ticketsOf(channel);
    expect(more).toEqual([]);
    expect(ticket).toMatchObject({
      status: 'pending',
      unread_messages: 0,
      queue_id: queueId,
      imported: true,
    });
    expect(ticket?.last_message).toBe('mais nova');
    const stored = await sql<{ body: string; read: boolean; created_at: Date }>(
      host,
      'select body, read, created_at from messages where ticket_id = $1 order by created_at',
      [ticket?.id],
    );
    expect(stored.map((m) => [m.body, m.read])).toEqual([
      ['mais velha', true],
      ['resposta', true],
      ['mais nova', true],
    ]);
    expect(new Date(stored[0]?.created_at as Date).getTime()).toBe(messages[1]?.timestamp?.getTime());
  });

  it('takes group messages only when the connection imports groups', async () => {
    const group = (id: string) =>
      old('120363099990001', 2, { externalId: id, isGroup: true, participant: '5511930000009' });
    const without = await newConnection(shop, { name: 'Import sem grupos' });
    expect(await conversations.ingestHistory(without.channel, [group('g-1')])).toMatchObject({
      stored: 0,
      ignored: 1,
    });
    const withGroups = await newConnection(shop, {
      name: 'Import com grupos',
      importOldMessagesGroups: true,
    });
    expect(await conversations.ingestHistory(withGroups.channel, [group('g-1')])).toMatchObject({
      stored: 1,
    });
    expect((await ticketsOf(withGroups.channel))[0]).toMatchObject({ status: 'group', imported: true });
  });

  it('joins a live ticket without touching its last message, and goes through many batches', async () => {
    const { channel } = await newConnection(shop, { name: 'Import lote' });
    await conversations.ingest(channel, old('5511930000100', 0, { body: 'ao vivo', timestamp: new Date() }));
    const many = Array.from({ length: HISTORY_BATCH + 20 }, (_, i) =>
      old(`55119300${String(100 + (i % 30)).padStart(5, '0')}`, 10 + (i % 7)),
    );
    expect(await conversations.ingestHistory(channel, many)).toMatchObject({ stored: HISTORY_BATCH + 20 });
    const tickets = await ticketsOf(channel);
    expect(tickets).toHaveLength(30);
    expect(tickets.find((t) => !t.imported)).toMatchObject({ last_message: 'ao vivo', unread_messages: 1 });
  });
});

describe('the import as the company sees it', () => {
  it('reports progress on company-{id}-importMessages and offers to close the imported tickets', async () => {
    const { dto, channel } = await newConnection(shop, { name: 'Import frames' });
    const socket = await openSocket(host.url, shop.agentToken);
    const stranger = await openSocket(host.url, other.adminToken);
    const reporter = imports.reporter(channel);
    await reporter.progress(-1, 0);
    const running = await host.request(`/api/whatsapp/${dto.id}`, { token: shop.adminToken });
    expect(((await running.json()) as ConnectionDto).statusImportMessages).toBe('Running');
    await conversations.ingestHistory(channel, [old('5511930000200', 4), old('5511930000201', 4)]);
    await reporter.progress(2, 2);
    await reporter.finished();
    const channelName = `company-${shop.companyId}-importMessages`;
    const frames = await eventually(() => {
      const got = socket.frames
        .filter((f) => f.channel === channelName)
        .map((f) => readFrame(IMPORT_MESSAGES_FRAME, f.data));
      return got.length === 3 ? got : undefined;
    });
    expect(frames).toEqual([
      { action: 'update', status: { this: -1, all: 0 }, whatsappId: dto.id },
      { action: 'update', status: { this: 2, all: 2 }, whatsappId: dto.id },
      { action: 'refresh', whatsappId: dto.id },
    ]);
    const update = await eventually(() =>
      socket.frames.find(
        (f) =>
          f.channel === `company-${shop.companyId}-whatsapp` &&
          (f.data.whatsapp as ConnectionDto | undefined)?.statusImportMessages === 'renderButtonCloseTickets',
      ),
    );
    expect((update.data.whatsapp as ConnectionDto).id).toBe(dto.id);
    expect(stranger.frames.some((f) => f.channel.includes(`company-${shop.companyId}-`))).toBe(false);
    expect((await ticketsOf(channel)).map((t) => t.status)).toEqual(['pending', 'pending']);
    socket.close();
    stranger.close();
  });

  it('stamps importStartedAt when the import starts (its first report), keeps it through the import, and tells the screens', async () => {
    const { dto, channel } = await newConnection(shop, {
      name: 'Import início',
      importOldMessages: new Date(Date.now() - 10 * DAY).toISOString().slice(0, 10),
    });
    expect(dto.importStartedAt).toBeNull();
    const socket = await openSocket(host.url, shop.agentToken);
    const read = async () =>
      (await (
        await host.request(`/api/whatsapp/${dto.id}`, { token: shop.adminToken })
      ).json()) as ConnectionDto;
    const reporter = imports.reporter(channel);
    const before = Date.now();
    await reporter.progress(-1, 0);
    const after = Date.now();
    const started = (await read()).importStartedAt;
    expect(started).not.toBeNull();
    // The database's clock and the test's may differ by a little: a second either side.
    expect(Date.parse(started as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(started as string)).toBeLessThanOrEqual(after + 1000);
    const frame = await eventually(() =>
      socket.frames.find(
        (f) =>
          f.channel === `company-${shop.companyId}-whatsapp` &&
          (f.data.whatsapp as ConnectionDto | undefined)?.id === dto.id,
      ),
    );
    expect(frame.data.whatsapp).toMatchObject({ statusImportMessages: 'Running', importStartedAt: started });
    await reporter.progress(3, 10);
    expect((await read()).importStartedAt).toBe(started);
    await reporter.finished();
    expect(await read()).toMatchObject({
      importStartedAt: started,
      statusImportMessages: 'renderButtonCloseTickets',
    });
    // A new session's import (a new QR code) starts the window again.
    await imports.reporter(channel).progress(-1, 0);
    expect(Date.parse((await read()).importStartedAt as string)).toBeGreaterThan(
      Date.parse(started as string),
    );
    socket.close();
  });

  it('closes the imported tickets itself when the connection says so', async () => {
    const { dto, channel } = await newConnection(shop, {
      name: 'Import fecha',
      closedTicketsPostImported: true,
    });
    await conversations.ingest(channel, old('5511930000300', 0, { timestamp: new Date() }));
    await conversations.ingestHistory(channel, [old('5511930000300', 6), old('5511930000301', 6)]);
    const reporter = imports.reporter(channel);
    await reporter.progress(-1, 0);
    await reporter.finished();
    expect((await ticketsOf(channel)).map((t) => [t.imported, t.status])).toEqual([
      [false, 'pending'],
      [true, 'closed'],
    ]);
    const row = (await (
      await host.request(`/api/whatsapp/${dto.id}`, { token: shop.adminToken })
    ).json()) as ConnectionDto;
    expect(row.statusImportMessages).toBeNull();
  });
});

describe('POST /api/closedimported/{whatsappId}', () => {
  it("closes the connection's imported tickets still open or pending, and clears the offer", async () => {
    const { dto, channel } = await newConnection(shop, { name: 'Import botão' });
    await conversations.ingest(channel, old('5511930000400', 0, { timestamp: new Date() }));
    await conversations.ingestHistory(channel, [old('5511930000401', 3), old('5511930000402', 3)]);
    const [, openOne] = await ticketsOf(channel);
    await sql(host, `update tickets set status = 'open' where id = $1`, [openOne?.id]);
    const reporter = imports.reporter(channel);
    await reporter.progress(-1, 0);
    await reporter.finished();

    const agent = await host.request(`/api/closedimported/${dto.id}`, {
      method: 'POST',
      token: shop.agentToken,
    });
    expect(agent.status).toBe(403);
    const res = await host.request(`/api/closedimported/${dto.id}`, {
      method: 'POST',
      token: shop.adminToken,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ closed: 2 });
    expect((await ticketsOf(channel)).map((t) => t.status)).toEqual(['pending', 'closed', 'closed']);
    const row = (await (
      await host.request(`/api/whatsapp/${dto.id}`, { token: shop.adminToken })
    ).json()) as ConnectionDto;
    expect(row.statusImportMessages).toBeNull();
  });

  it("answers 404 for another company's connection and closes nothing there", async () => {
    const { dto, channel } = await newConnection(other, { name: 'Import alheio' });
    await conversations.ingestHistory(channel, [old('5511930000500', 3)]);
    const res = await host.request(`/api/closedimported/${dto.id}`, {
      method: 'POST',
      token: shop.adminToken,
    });
    expect(res.status).toBe(404);
    expect((await res.json()).error).toBe('ERR_NO_WAPP_FOUND');
    expect((await ticketsOf(channel)).map((t) => t.status)).toEqual(['pending']);
  });
});

describe('the connection API carries the import settings', () => {
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);

  it('stores and answers them', async () => {
    const queueId = await createQueue(host, shop.companyId, 'Fila import', '#654321');
    const { dto } = await newConnection(shop, {
      name: 'Import campos',
      importOldMessages: day(60),
      importRecentMessages: day(1),
      importOldMessagesGroups: true,
      closedTicketsPostImported: true,
      queueIdImportMessages: queueId,
    });
    expect(dto).toMatchObject({
      importOldMessages: `${day(60)}T00:00:00.000Z`,
      importRecentMessages: `${day(1)}T00:00:00.000Z`,
      importOldMessagesGroups: true,
      closedTicketsPostImported: true,
      statusImportMessages: null,
      queueIdImportMessages: queueId,
    });
  });

  it('refuses a window the spec forbids, naming the field and the rule, also against the stored date', async () => {
    const bad = await host.request('/api/whatsapp', {
      token: shop.adminToken,
      body: { name: 'Import velho', channel: 'whatsapp', importOldMessages: day(800) },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toEqual([
      { path: 'importOldMessages', message: 'ERR_IMPORT_OLD_MESSAGES_TOO_OLD' },
    ]);
    const { dto } = await newConnection(shop, { name: 'Import janela', importOldMessages: day(30) });
    const before = await host.request(`/api/whatsapp/${dto.id}`, {
      method: 'PUT',
      token: shop.adminToken,
      body: { importRecentMessages: day(40) },
    });
    expect(before.status).toBe(400);
    expect((await before.json()).fields).toEqual([
      { path: 'importRecentMessages', message: 'ERR_IMPORT_RECENT_BEFORE_OLD' },
    ]);
  });

  it("refuses another company's queue for imported tickets", async () => {
    const foreign = await createQueue(host, other.companyId, 'Fila alheia', '#abcdef');
    const res = await host.request('/api/whatsapp', {
      token: shop.adminToken,
      body: { name: 'Import fila alheia', channel: 'whatsapp', queueIdImportMessages: foreign },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual([{ path: 'queueIdImportMessages', message: 'Unknown queue' }]);
  });
});
