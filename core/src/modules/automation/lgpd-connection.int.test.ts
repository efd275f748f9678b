import type { ConnectionDto } from '@balcao/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ConversationScript, startConversationScript } from '../../testing/conversation-script.js';

/**
 * A connection's own LGPD texts (spec part 1 Connection "LGPD message/link"), scripted: each, when set, replaces the
 * company's for that connection's contacts; the company's enableLGPD still decides whether consent is asked.
 */

const M = '\u200e';
const CONSENT = `${M}Estou ciente sobre o tratamento dos meus dados pessoais.\n\n*[1]* Sim\n*[2]* Não`;
/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let s: ConversationScript;
let suporte: number;
let vendas: number;
let own: ConnectionDto;
let plain: ConnectionDto;

beforeAll(async () => {
  // Monday 23 Nov 2026, 10:00 in São Paulo.
  s = await startConversationScript('2026-11-23T13:00:00Z');
  suporte = await s.queue('Suporte', 1);
  vendas = await s.queue('Vendas', 2);
  own = await s.connection({
    name: 'Loja Norte',
    greetingMessage: 'Bem-vinda, {{firstName}}!',
    queueIds: [suporte, vendas],
    lgpdMessage: '{{firstName}}, a {{connection}} cuida dos seus dados.',
    lgpdLink: 'https://norte.test/lgpd',
  });
  plain = await s.connection({ name: 'Loja Sul', greetingMessage: 'Oi!', queueIds: [suporte, vendas] });
});
beforeEach(async () => {
  await s.setting('enableLGPD', 'enabled');
  await s.setting('lgpdMessage', 'A empresa trata seus dados conforme a LGPD.');
  await s.setting('lgpdLink', 'https://empresa.test/privacidade');
  await s.setting('lgpdConsent', 'disabled');
});
afterAll(() => s?.host.stop());

describe("a connection's LGPD texts", () => {
  it('are kept with the connection and refused when they are not text', async () => {
    expect(own).toMatchObject({
      lgpdMessage: '{{firstName}}, a {{connection}} cuida dos seus dados.',
      lgpdLink: 'https://norte.test/lgpd',
    });
    expect(plain).toMatchObject({ lgpdMessage: null, lgpdLink: null });
    const res = await s.host.request(`/api/whatsapp/${plain.id}`, {
      method: 'PUT',
      token: s.token,
      body: { lgpdLink: 42 },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ path: 'lgpdLink' }] });
  });

  it("replace the company's for the connection's contacts; another connection keeps the company's", async () => {
    const id = await s.say(own, '5511944440001', 'Oi');
    expect(await s.heard(id)).toEqual([
      `${M}Maria, a Loja Norte cuida dos seus dados.`,
      `${M}https://norte.test/lgpd`,
      CONSENT,
    ]);
    expect(await s.state(id)).toMatchObject({ status: 'lgpd', isBot: true });

    const other = await s.say(plain, '5511944440002', 'Oi');
    expect(await s.heard(other)).toEqual([
      `${M}A empresa trata seus dados conforme a LGPD.`,
      `${M}https://empresa.test/privacidade`,
      CONSENT,
    ]);
  });

  it("each replaces its own: the connection's message with the company's link", async () => {
    const half = await s.api<ConnectionDto>(`/api/whatsapp/${plain.id}`, {
      method: 'PUT',
      body: { lgpdMessage: 'Só a mensagem é da {{connection}}.' },
    });
    try {
      const id = await s.say(half, '5511944440003', 'Oi');
      expect(await s.heard(id)).toEqual([
        `${M}Só a mensagem é da Loja Sul.`,
        `${M}https://empresa.test/privacidade`,
        CONSENT,
      ]);
    } finally {
      await s.api(`/api/whatsapp/${plain.id}`, { method: 'PUT', body: { lgpdMessage: null } });
    }
  });

  it("ask for consent without a company message; never while the company's LGPD is off", async () => {
    await s.setting('lgpdMessage', '');
    const id = await s.say(own, '5511944440004', 'Oi');
    expect(await s.heard(id)).toHaveLength(3);
    expect(await s.state(id)).toMatchObject({ status: 'lgpd' });
    // The company's other connection has no message at all: no consent flow there, the menu.
    const other = await s.say(plain, '5511944440005', 'Oi');
    expect(await s.state(other)).toMatchObject({ status: 'pending', amountUsedBotQueues: 1 });

    await s.setting('enableLGPD', 'disabled');
    const off = await s.say(own, '5511944440006', 'Oi');
    expect(await s.heard(off)).toEqual([
      `${M}Bem-vinda, Maria!\n\n*[ 1 ]* - Suporte\n*[ 2 ]* - Vendas\n\n*[ Sair ]* - Encerrar atendimento`,
    ]);
  });

  it('after "1" the menu comes as the greeting media, captioned', async () => {
    const withMedia = await s.greetingMedia(own, { name: 'boas-vindas.png', type: 'image/png', bytes: PNG });
    try {
      const id = await s.say(withMedia, '5511944440007', 'Oi');
      await s.say(withMedia, '5511944440007', '1');
      const received = await s.received(id);
      expect(received.map((m) => m.mediaType)).toEqual(['chat', 'chat', 'chat', 'image']);
      expect(received[3]).toEqual({
        body: `${M}Bem-vinda, Maria!\n\n*[ 1 ]* - Suporte\n*[ 2 ]* - Vendas\n\n*[ Sair ]* - Encerrar atendimento`,
        mediaType: 'image',
        // Its own name for the file (docs/automation.md "Greeting media").
        mediaUrl: expect.stringMatching(/^\/api\/media\/company1\/[0-9a-f]{32}\.png$/),
      });
      expect(received[3]?.mediaUrl).not.toBe(withMedia.greetingMediaAttachment);
      expect(await s.state(id)).toMatchObject({ status: 'pending', isBot: true, amountUsedBotQueues: 1 });
    } finally {
      await s.api(`/api/whatsapp/${own.id}/media-upload`, { method: 'DELETE' });
    }
  });
});
