import type { ChannelConnection, ConnectionDto, InboundMessage } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import { type TenantWithAgent, tenantWithAgent } from '../../testing/tenant-fixtures.js';
import type { ConversationsService } from './conversations-service.js';
import { HISTORY_BATCH } from './history-ingest.js';

/**
 * Imported replies and reactions (balcao_ingest_history v3): the channel's id of the message one answers or reacts to
 * (InboundMessage.quotedExternalId) becomes its quoted_msg_id, as live ingest does (same contact, same connection),
 * whether the target is earlier or later in the same batch, in an earlier batch, or was stored live.
 */
let host: TestHost;
let shop: TenantWithAgent;
let conversations: ConversationsService;
const DAY = 86_400_000;
let seq = 0;

async function newConnection(name: string): Promise<ChannelConnection> {
  const res = await host.request('/api/whatsapp', {
    token: shop.adminToken,
    body: { channel: 'whatsapp', name },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const dto = (await res.json()) as ConnectionDto;
  const channel = await conversations.connectionByToken(dto.token as string, 'whatsapp');
  if (!channel) throw new Error('connection not found by token');
  return channel;
}

const old = (from: string, minutesAgo: number, extra: Partial<InboundMessage> = {}): InboundMessage => ({
  externalId: `hq-${++seq}`,
  from: { id: from, name: `Cliente ${from}` },
  body: `mensagem ${seq}`,
  timestamp: new Date(Date.now() - 3 * DAY - minutesAgo * 60_000),
  ...extra,
});

/** What each of `messages` points at, by external id (null: nothing). */
async function targetsOf(c: ChannelConnection, messages: InboundMessage[]) {
  const rows = await sql<{ external_id: string; target: string | null }>(
    host,
    `select m.external_id, q.external_id as target from messages m left join messages q on q.id = m.quoted_msg_id
      where m.whatsapp_id = $1 and m.external_id = any($2)`,
    [c.id, messages.map((m) => m.externalId)],
  );
  return Object.fromEntries(rows.map((r) => [r.external_id, r.target]));
}

beforeAll(async () => {
  host = await createTestHost();
  const superToken = (await host.login(host.admin.email, host.admin.password)).token;
  shop = await tenantWithAgent(host, superToken, 'Historico Citacoes');
  await host.request(`/api/plans/${shop.planId}`, {
    method: 'PUT',
    token: superToken,
    body: { connections: 20 },
  });
  conversations = host.resolve<ConversationsService>('conversations');
});
afterAll(() => host?.stop());

describe('imported replies and reactions', () => {
  it('point at their target in the same batch, earlier or later in it, the contact’s or the phone’s', async () => {
    const c = await newConnection('Citações lote');
    const number = '5511940000001';
    const asked = old(number, 60, { body: 'Qual o prazo?' });
    const answer = old(number, 50, { fromMe: true, body: 'Amanhã', quotedExternalId: asked.externalId });
    const liked = old(number, 40, {
      body: '👍',
      mediaType: 'reactionMessage',
      quotedExternalId: answer.externalId,
    });
    // Written before its target by the clock (phones' clocks differ): the target is later in the batch.
    const early = old(number, 30, { body: 'isso', quotedExternalId: `hq-later-${seq}` });
    const later = old(number, 20, { externalId: early.quotedExternalId as string, body: 'depois' });
    const all = [liked, later, asked, early, answer];
    expect(await conversations.ingestHistory(c, all)).toMatchObject({ stored: 5 });
    expect(await targetsOf(c, all)).toEqual({
      [asked.externalId]: null,
      [answer.externalId]: asked.externalId,
      [liked.externalId]: answer.externalId,
      [early.externalId]: later.externalId,
      [later.externalId]: null,
    });
  });

  it('point at a target an earlier batch of the import stored, or one stored live', async () => {
    const c = await newConnection('Citações antes');
    const number = '5511940000002';
    const live = old(number, 0, { body: 'ao vivo', timestamp: new Date(Date.now() - DAY) });
    await conversations.ingest(c, live);
    const first = old(number, 90, { body: 'primeira' });
    // More than a batch of others in between: the reply lands in the next statement.
    const filler = Array.from({ length: HISTORY_BATCH }, (_, i) => old(number, 80 - i / 1000));
    const reply = old(number, 10, { body: 'sobre aquilo', quotedExternalId: first.externalId });
    await conversations.ingestHistory(c, [first, ...filler, reply]);
    const reaction = old(number, 5, {
      body: '❤️',
      mediaType: 'reactionMessage',
      quotedExternalId: live.externalId,
    });
    const later = old(number, 4, { body: 'e a primeira?', quotedExternalId: first.externalId });
    expect(await conversations.ingestHistory(c, [reaction, later])).toMatchObject({ stored: 2 });
    expect(await targetsOf(c, [reply, reaction, later])).toEqual({
      [reply.externalId]: first.externalId,
      [reaction.externalId]: live.externalId,
      [later.externalId]: first.externalId,
    });
  });

  it('another contact’s message, one on another connection or one never stored is no target: stored unlinked', async () => {
    const c = await newConnection('Citações alheias');
    const elsewhere = await newConnection('Citações outra');
    const theirs = old('5511940000003', 30, { body: 'de outro contato' });
    const overThere = old('5511940000004', 30, { body: 'noutra conexão' });
    await conversations.ingestHistory(elsewhere, [overThere]);
    const replies = [
      old('5511940000004', 20, { quotedExternalId: theirs.externalId }),
      old('5511940000004', 19, { quotedExternalId: overThere.externalId }),
      old('5511940000004', 18, { mediaType: 'reactionMessage', body: '😮', quotedExternalId: 'nunca-visto' }),
    ];
    expect(await conversations.ingestHistory(c, [theirs, ...replies])).toMatchObject({ stored: 4 });
    const targets = await targetsOf(c, replies);
    expect(Object.values(targets)).toEqual([null, null, null]);
  });

  it('a reply stored before its target came is linked when the history is given again', async () => {
    const c = await newConnection('Citações de novo');
    const number = '5511940000005';
    const target = old(number, 30, { body: 'o pedido' });
    const reply = old(number, 20, { body: 'chegou?', quotedExternalId: target.externalId });
    await conversations.ingestHistory(c, [reply]);
    expect(await targetsOf(c, [reply])).toEqual({ [reply.externalId]: null });
    expect(await conversations.ingestHistory(c, [target, reply])).toMatchObject({ stored: 1, duplicate: 1 });
    expect(await targetsOf(c, [reply])).toEqual({ [reply.externalId]: target.externalId });
  });
});
