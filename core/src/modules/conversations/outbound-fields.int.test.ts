import type { ConnectionDto, MessageDto, OutboundMessage } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWhatsappPlugin } from '../../testing/fake-whatsapp-plugin.js';

/**
 * What the outbox tells the channel about a message beyond its text, from the message's row: a recorded audio is a
 * voice note (OutboundMessage.voiceNote), and a reply carries the message it quotes as the channel knows it
 * (OutboundMessage.quoted: its channel id, author side, text). The fake WhatsApp channel records what it was handed.
 */
let host: TestHost;
let admin: string;
let connection: ConnectionDto;
let ticketId: number;
let inboundId: number;
const CONTACT = '5511977001001';

async function outbox(): Promise<OutboundMessage[]> {
  const res = await host.request(`/test-channel/${connection.token}/outbox`);
  return ((await res.json()) as { messages: OutboundMessage[] }).messages;
}

/** What the channel was handed for Balcão's message `id`, once the worker delivered it. */
const delivered = (id: number) => eventually(async () => (await outbox()).find((m) => m.messageId === id));

async function reply(body: object): Promise<MessageDto> {
  const res = await host.request(`/api/messages/${ticketId}`, { token: admin, body });
  expect(res.status).toBe(201);
  return (await res.json()) as MessageDto;
}

function uploadAudio(fields: Record<string, string>): Promise<Response> {
  const form = new FormData();
  form.append('medias', new Blob([new Uint8Array(12_000).fill(7)], { type: 'audio/mpeg' }), 'audio-1.mp3');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return fetch(`${host.url}/api/messages/${ticketId}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${admin}` },
  });
}

beforeAll(async () => {
  host = await createTestHost({ plugins: [fakeWhatsappPlugin] });
  const login = await host.login(host.admin.email, host.admin.password);
  admin = login.token;
  const res = await host.request('/api/whatsapp', {
    token: admin,
    body: { name: 'Zap', channel: 'whatsapp' },
  });
  connection = (await res.json()) as ConnectionDto;
  const posted = await host.request(`/test-channel/${connection.token}/inbound`, {
    body: { externalId: 'WA-Q-1', from: { id: CONTACT, name: 'Cida' }, body: 'Qual o prazo?' },
  });
  const stored = (await posted.json()) as { ticketId: number; messageId: number };
  ticketId = stored.ticketId;
  inboundId = stored.messageId;
  const accepted = await host.request(`/api/tickets/${ticketId}`, {
    method: 'PUT',
    token: admin,
    body: { status: 'open', userId: login.user.id },
  });
  expect(accepted.status).toBe(200);
});
afterAll(() => host?.stop());

describe('outbound message fields', () => {
  it('a reply to the contact’s message carries it: WhatsApp’s id, not ours, and its text', async () => {
    const sent = await reply({ body: 'Amanhã', quotedMsg: { id: inboundId } });
    expect((await delivered(sent.id)).quoted).toEqual({
      externalId: 'WA-Q-1',
      fromMe: false,
      body: 'Qual o prazo?',
      participant: null,
    });
  });

  it('a reply to an attendant’s delivered message quotes it by the id the channel gave it; a plain one quotes nothing', async () => {
    const first = await reply({ body: 'Primeira' });
    const firstOut = await delivered(first.id);
    expect(firstOut.quoted ?? null).toBeNull();
    const second = await reply({ body: 'Segunda', quotedMsg: { id: first.id } });
    expect((await delivered(second.id)).quoted).toMatchObject({
      externalId: `fake-out-${first.id}`,
      fromMe: true,
    });
  });

  it('a reply to a private note (never sent: no channel id) goes without a quote', async () => {
    const note = await reply({ body: 'só para a equipe', isPrivate: true });
    const sent = await reply({ body: 'Resposta', quotedMsg: { id: note.id } });
    expect((await delivered(sent.id)).quoted ?? null).toBeNull();
  });

  it('a recorded audio goes as a voice note; an audio file does not', async () => {
    const recorded = await uploadAudio({ voiceNote: 'true' });
    expect(recorded.status).toBe(201);
    const [note] = (await recorded.json()) as MessageDto[];
    const file = await uploadAudio({});
    const [plain] = (await file.json()) as MessageDto[];
    expect(await delivered(note?.id ?? 0)).toMatchObject({ mediaType: 'audio', voiceNote: true });
    expect(await delivered(plain?.id ?? 0)).toMatchObject({ mediaType: 'audio', voiceNote: false });
  });
});
