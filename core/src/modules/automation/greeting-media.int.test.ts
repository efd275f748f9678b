import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { ConnectionDto, Logger } from '@balcao/sdk';
import { eventually } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ConversationScript, startConversationScript } from '../../testing/conversation-script.js';

/**
 * The greeting with the connection's greeting media (peer §2.1): the menu, and a one-queue connection's greeting, go
 * out as ONE media message with the rendered greeting as caption; a file gone from the store falls back to the text.
 */

const M = '\u200e';
/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const SAIR = '\n\n*[ Sair ]* - Encerrar atendimento';
/** A message's own name for the greeting's file (never the connection's: that one may be replaced or removed). */
const ownFile = (ext: string) =>
  expect.stringMatching(new RegExp(`^/api/media/company1/[0-9a-f]{32}\\.${ext}$`));

let s: ConversationScript;
let vendas: number;
let suporte: number;

/** What the fake WhatsApp was handed for the ticket's messages, oldest first. */
async function delivered(conn: ConnectionDto, count: number, to: string) {
  return eventually(async () => {
    const res = await s.host.request(`/test-channel/${conn.token}/outbox`);
    const { messages } = (await res.json()) as {
      messages: { to: string; body: string; mediaType?: string; mediaUrl?: string | null }[];
    };
    const mine = messages.filter((m) => m.to === to);
    return mine.length >= count
      ? mine.map(({ body, mediaType, mediaUrl }) => ({ body, mediaType, mediaUrl }))
      : undefined;
  });
}

beforeAll(async () => {
  // Monday 23 Nov 2026, 10:00 in São Paulo.
  s = await startConversationScript('2026-11-23T13:00:00Z');
  suporte = await s.queue('Suporte', 1);
  vendas = await s.queue('Vendas', 2, 'Fila {{queue}}.');
  await s.setting('sendGreetingMessageOneQueues', 'enabled');
});
afterAll(() => s?.host.stop());

describe('greeting media', () => {
  it('sends the queue menu as one image with the greeting and the queues as its caption', async () => {
    const created = await s.connection({
      name: 'Loja Foto',
      greetingMessage: '{{ms}}, {{firstName}}!',
      queueIds: [suporte, vendas],
    });
    const conn = await s.greetingMedia(created, { name: 'vitrine.png', type: 'image/png', bytes: PNG });
    const url = conn.greetingMediaAttachment;
    expect(url).toMatch(/^\/api\/media\/company1\/[0-9a-f]{32}\.png$/);
    const menu = `${M}Bom dia, Maria!\n\n*[ 1 ]* - Suporte\n*[ 2 ]* - Vendas${SAIR}`;

    const id = await s.say(conn, '5511922220001', 'Olá');
    const [first] = await s.received(id);
    expect(first).toEqual({ body: menu, mediaType: 'image', mediaUrl: ownFile('png') });
    expect(first?.mediaUrl).not.toBe(url);
    expect(await delivered(conn, 1, '5511922220001')).toEqual([
      { body: menu, mediaType: 'image', mediaUrl: first?.mediaUrl },
    ]);
    expect(await s.state(id)).toMatchObject({
      status: 'pending',
      queueId: null,
      isBot: true,
      amountUsedBotQueues: 1,
    });

    // A wrong answer repeats the same media menu; a queue's own greeting is text.
    await s.say(conn, '5511922220001', 'hein?');
    await s.say(conn, '5511922220001', '2');
    expect(await s.received(id)).toEqual([
      { body: menu, mediaType: 'image', mediaUrl: first?.mediaUrl },
      { body: menu, mediaType: 'image', mediaUrl: ownFile('png') },
      { body: `${M}Fila Vendas.`, mediaType: 'chat', mediaUrl: null },
    ]);
    expect(await s.state(id)).toMatchObject({ queueId: vendas, amountUsedBotQueues: 0 });

    // The admin removes the media: the greetings already sent keep their file, the same bytes.
    await s.api(`/api/whatsapp/${conn.id}/media-upload`, { method: 'DELETE' });
    expect((await s.host.request(url as string)).status).toBe(404);
    const kept = await s.host.request(first?.mediaUrl as string);
    expect(kept.status).toBe(200);
    expect(Buffer.from(await kept.arrayBuffer())).toEqual(PNG);
  });

  it("sends a one-queue connection's greeting as a document with the greeting as caption", async () => {
    const created = await s.connection({
      name: 'Loja PDF',
      greetingMessage: 'Olá {{name}}, veja o cardápio.',
      queueIds: [vendas],
    });
    const conn = await s.greetingMedia(created, {
      name: 'cardapio.pdf',
      type: 'application/pdf',
      bytes: PDF,
    });
    const id = await s.say(conn, '5511922220002', 'oi');
    const [greeting] = await s.received(id);
    expect(greeting).toEqual({
      body: `${M}Olá Maria Souza, veja o cardápio.`,
      mediaType: 'application',
      mediaUrl: ownFile('pdf'),
    });
    expect(await delivered(conn, 1, '5511922220002')).toEqual([greeting]);
    expect(await s.state(id)).toMatchObject({ status: 'pending', queueId: vendas, isBot: false });
  });

  it('falls back to the text when the file is gone from the store (logged), and after the media is removed', async () => {
    const created = await s.connection({
      name: 'Loja Sumida',
      greetingMessage: 'Bem-vinda!',
      queueIds: [suporte, vendas],
    });
    const conn = await s.greetingMedia(created, { name: 'sumiu.png', type: 'image/png', bytes: PNG });
    const { dataDir } = s.host.resolve<{ dataDir: string }>('config');
    await rm(path.join(dataDir, 'media', 'company1', path.basename(conn.greetingMediaAttachment as string)));
    const menu = `${M}Bem-vinda!\n\n*[ 1 ]* - Suporte\n*[ 2 ]* - Vendas${SAIR}`;

    const logger = s.host.resolve<Logger>('logger');
    const warn = vi.spyOn(logger, 'warn');
    try {
      const id = await s.say(conn, '5511922220003', 'oi');
      expect(await s.received(id)).toEqual([{ body: menu, mediaType: 'chat', mediaUrl: null }]);
      expect(warn).toHaveBeenCalledWith(
        { companyId: 1, whatsappId: conn.id, url: conn.greetingMediaAttachment },
        'greeting media missing: greeting sent as text',
      );
    } finally {
      warn.mockRestore();
    }

    await s.api(`/api/whatsapp/${conn.id}/media-upload`, { method: 'DELETE' });
    const later = await s.say(conn, '5511922220004', 'oi');
    expect(await s.received(later)).toEqual([{ body: menu, mediaType: 'chat', mediaUrl: null }]);
  });
});
