import type { ChannelConnection, ConnectionDto, InboundMessage } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import { type TenantWithAgent, tenantWithAgent } from '../../testing/tenant-fixtures.js';
import type { ConversationsService } from './conversations-service.js';
import { HISTORY_BATCH } from './history-ingest.js';

/**
 * Imported replies and reactions (balcao_ingest_history v3, v4): the channel's id of the message one answers or reacts
 * to (InboundMessage.quotedExternalId) becomes its quoted_msg_id, as live ingest does (same contact, same connection),
 * whether the target is earlier or later in the same batch, in an earlier batch, was stored live, or (v4) comes in a
 * later batch or (balcao_ingest v11) live: until then the reply waits with the id in quoted_external_id. A reply that
 * arrives live quoting a message Balcão does not hold waits the same way (balcao_ingest v12), for an import to bring it.
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

/** Each of `messages`' waiting id (quoted_external_id) and row version (xmin: any write changes it), by external id. */
async function rowsOf(c: ChannelConnection, messages: InboundMessage[]) {
  const rows = await sql<{ external_id: string; waiting: string | null; xmin: string }>(
    host,
    `select external_id, quoted_external_id as waiting, xmin::text from messages
      where whatsapp_id = $1 and external_id = any($2)`,
    [c.id, messages.map((m) => m.externalId)],
  );
  return Object.fromEntries(rows.map((r) => [r.external_id, { waiting: r.waiting, xmin: r.xmin }]));
}

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

describe('imported replies and reactions whose target comes in a later batch', () => {
  it('wait with the target’s id, then are linked by the batch that stores it, and stop waiting', async () => {
    const c = await newConnection('Citações tardias');
    const number = '5511940000011';
    // WhatsApp's full sync: the recent batch first, the older one later.
    const target = old(number, 60, { body: 'o pedido 42' });
    const liked = old(number, 50, { fromMe: true, body: 'anotado' });
    const reply = old(number, 20, { body: 'e o 42?', quotedExternalId: target.externalId });
    const reaction = old(number, 19, {
      body: '👍',
      mediaType: 'reactionMessage',
      quotedExternalId: liked.externalId,
    });
    expect(await conversations.ingestHistory(c, [reply, reaction])).toMatchObject({ stored: 2 });
    expect(await targetsOf(c, [reply, reaction])).toEqual({
      [reply.externalId]: null,
      [reaction.externalId]: null,
    });
    const waiting = await rowsOf(c, [reply, reaction]);
    expect(waiting[reply.externalId]?.waiting).toBe(target.externalId);
    expect(waiting[reaction.externalId]?.waiting).toBe(liked.externalId);

    expect(await conversations.ingestHistory(c, [target, liked])).toMatchObject({ stored: 2 });
    expect(await targetsOf(c, [reply, reaction])).toEqual({
      [reply.externalId]: target.externalId,
      [reaction.externalId]: liked.externalId,
    });
    const linked = await rowsOf(c, [reply, reaction]);
    expect([linked[reply.externalId]?.waiting, linked[reaction.externalId]?.waiting]).toEqual([null, null]);
  });

  it('within one import too: a reply older by its clock than its target, more than a batch apart', async () => {
    const c = await newConnection('Citações relógio');
    const number = '5511940000012';
    // Sorted oldest first, the reply lands in the first statement and its target in the next one.
    const reply = old(number, 90, {
      body: 'viu?',
      externalId: `hq-clock-${++seq}`,
      quotedExternalId: 'hq-clock-t',
    });
    const filler = Array.from({ length: HISTORY_BATCH }, (_, i) => old(number, 80 - i / 1000));
    const target = old(number, 10, { externalId: 'hq-clock-t', body: 'a foto' });
    const result = await conversations.ingestHistory(c, [target, ...filler, reply]);
    expect(result).toMatchObject({ stored: HISTORY_BATCH + 2 });
    expect(await targetsOf(c, [reply])).toEqual({ [reply.externalId]: target.externalId });
    expect((await rowsOf(c, [reply]))[reply.externalId]?.waiting).toBeNull();
  });

  it('another contact’s message, or one on another connection, with the awaited id is no target: it keeps waiting', async () => {
    const c = await newConnection('Citações espera alheia');
    const elsewhere = await newConnection('Citações espera outra');
    const mine = '5511940000013';
    const replies = [
      old(mine, 30, { body: 'sobre a sua', quotedExternalId: 'hq-wait-theirs' }),
      old(mine, 29, { mediaType: 'reactionMessage', body: '😮', quotedExternalId: 'hq-wait-there' }),
    ];
    await conversations.ingestHistory(c, replies);
    // The awaited ids arrive: one from another contact on this connection, one from this contact on another.
    await conversations.ingestHistory(c, [
      old('5511940000014', 40, { externalId: 'hq-wait-theirs', body: 'de outro contato' }),
    ]);
    await conversations.ingestHistory(elsewhere, [
      old(mine, 40, { externalId: 'hq-wait-there', body: 'noutra' }),
    ]);
    expect(Object.values(await targetsOf(c, replies))).toEqual([null, null]);
    const rows = await rowsOf(c, replies);
    expect(replies.map((r) => rows[r.externalId]?.waiting)).toEqual(['hq-wait-theirs', 'hq-wait-there']);
  });

  it('replaying the batches, in either order, answers duplicates and writes nothing', async () => {
    const c = await newConnection('Citações repetidas');
    const number = '5511940000015';
    const target = old(number, 60, { body: 'o boleto' });
    const reply = old(number, 20, { body: 'pago', quotedExternalId: target.externalId });
    const orphan = old(number, 19, { body: 'e aquele?', quotedExternalId: 'hq-never' });
    const recent = [reply, orphan];
    await conversations.ingestHistory(c, recent);
    const waiting = await rowsOf(c, recent);
    // Given again before the target came: still waiting, the rows untouched.
    expect(await conversations.ingestHistory(c, recent)).toMatchObject({ stored: 0, duplicate: 2 });
    expect(await rowsOf(c, recent)).toEqual(waiting);

    await conversations.ingestHistory(c, [target]);
    const all = [target, reply, orphan];
    const settled = await rowsOf(c, all);
    expect(settled[reply.externalId]?.waiting).toBeNull();
    expect(settled[orphan.externalId]).toEqual(waiting[orphan.externalId]);
    expect(await conversations.ingestHistory(c, [target])).toMatchObject({ duplicate: 1 });
    expect(await conversations.ingestHistory(c, recent)).toMatchObject({ duplicate: 2 });
    expect(await conversations.ingestHistory(c, all)).toMatchObject({ duplicate: 3 });
    expect(await rowsOf(c, all)).toEqual(settled);
    expect(await targetsOf(c, all)).toEqual({
      [target.externalId]: null,
      [reply.externalId]: target.externalId,
      [orphan.externalId]: null,
    });
  });
});

describe('imported replies and reactions whose target arrives live', () => {
  it('are linked by live ingest storing the target, and stop waiting', async () => {
    const c = await newConnection('Citações ao vivo');
    const number = '5511940000021';
    const target = old(number, 0, { body: 'chegou agora', timestamp: new Date() });
    const reply = old(number, 20, { body: 'e aquela?', quotedExternalId: target.externalId });
    const reaction = old(number, 19, {
      body: '👍',
      mediaType: 'reactionMessage',
      quotedExternalId: target.externalId,
    });
    await conversations.ingestHistory(c, [reply, reaction]);
    expect(await targetsOf(c, [reply, reaction])).toEqual({
      [reply.externalId]: null,
      [reaction.externalId]: null,
    });
    expect(await conversations.ingest(c, target)).toMatchObject({ outcome: 'stored' });
    expect(await targetsOf(c, [reply, reaction])).toEqual({
      [reply.externalId]: target.externalId,
      [reaction.externalId]: target.externalId,
    });
    const rows = await rowsOf(c, [reply, reaction]);
    expect([rows[reply.externalId]?.waiting, rows[reaction.externalId]?.waiting]).toEqual([null, null]);
  });

  it('a live message of another connection, or of another contact, with the awaited id leaves it waiting', async () => {
    const c = await newConnection('Citações ao vivo aqui');
    const elsewhere = await newConnection('Citações ao vivo ali');
    const mine = '5511940000022';
    const replies = [
      old(mine, 30, { body: 'e a de lá?', quotedExternalId: 'hq-live-there' }),
      old(mine, 29, { body: 'e a dele?', quotedExternalId: 'hq-live-theirs' }),
    ];
    await conversations.ingestHistory(c, replies);
    const now = new Date();
    // The awaited ids arrive live: one from this contact on another connection, one from another contact here.
    await conversations.ingest(elsewhere, old(mine, 0, { externalId: 'hq-live-there', timestamp: now }));
    await conversations.ingest(c, old('5511940000023', 0, { externalId: 'hq-live-theirs', timestamp: now }));
    expect(Object.values(await targetsOf(c, replies))).toEqual([null, null]);
    const rows = await rowsOf(c, replies);
    expect(replies.map((r) => rows[r.externalId]?.waiting)).toEqual(['hq-live-there', 'hq-live-theirs']);
    // The awaited message then arrives where it belongs: linked.
    const here = old(mine, 0, { externalId: 'hq-live-there', timestamp: now });
    expect(await conversations.ingest(c, here)).toMatchObject({ outcome: 'stored' });
    expect(Object.values(await targetsOf(c, replies))).toEqual(['hq-live-there', null]);
  });
});

describe('live replies whose target Balcão does not hold yet', () => {
  it('wait with the target’s id, and the history import that brings it links them; a live reply to a held message does not wait', async () => {
    const c = await newConnection('Citações do passado');
    const number = '5511940000024';
    const target = old(number, 60, { body: 'aquela de antes da conexão' });
    const now = new Date();
    const reply = old(number, 0, { body: 'e aquela?', quotedExternalId: target.externalId, timestamp: now });
    const reaction = old(number, 0, {
      body: '❤️',
      mediaType: 'reactionMessage',
      quotedExternalId: target.externalId,
      timestamp: now,
    });
    expect(await conversations.ingest(c, reply)).toMatchObject({ outcome: 'stored' });
    expect(await conversations.ingest(c, reaction)).toMatchObject({ outcome: 'stored' });
    const waiting = await rowsOf(c, [reply, reaction]);
    expect([waiting[reply.externalId]?.waiting, waiting[reaction.externalId]?.waiting]).toEqual([
      target.externalId,
      target.externalId,
    ]);
    await conversations.ingestHistory(c, [target]);
    expect(await targetsOf(c, [reply, reaction])).toEqual({
      [reply.externalId]: target.externalId,
      [reaction.externalId]: target.externalId,
    });
    const linked = await rowsOf(c, [reply, reaction]);
    expect([linked[reply.externalId]?.waiting, linked[reaction.externalId]?.waiting]).toEqual([null, null]);
    // A reply to a message Balcão holds is linked at once and waits for nothing.
    const again = old(number, 0, {
      body: 'isso',
      quotedExternalId: target.externalId,
      timestamp: new Date(),
    });
    expect(await conversations.ingest(c, again)).toMatchObject({ outcome: 'stored' });
    expect(await targetsOf(c, [again])).toEqual({ [again.externalId]: target.externalId });
    expect((await rowsOf(c, [again]))[again.externalId]?.waiting).toBeNull();
  });
});
