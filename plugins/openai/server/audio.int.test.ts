import type { ConnectionDto, MessageDto, QueueDto } from '@balcao/sdk';
import { createFakeChannel, createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PromptDto } from '../shared/prompt.js';
import openai from './index.js';
import { startMockOpenAi } from './mock-openai.js';

/**
 * A contact's voice note to the OpenAI engine: transcribed by the provider when it can (the text is what the model
 * reads), handed to humans with a note when it cannot. The provider is a local mock; the contact writes through the
 * fake channel, which carries files as a channel does.
 */
const fake = createFakeChannel();
let host: TestHost;
let token: string;
let speaking: Awaited<ReturnType<typeof startMockOpenAi>>;
let mute: Awaited<ReturnType<typeof startMockOpenAi>>;

const VOICE = Buffer.from('OggS voz-do-contato-0123456789');

const api = async <T>(path: string, opts: { method?: string; body?: unknown } = {}): Promise<T> => {
  const res = await host.request(path, { ...opts, token });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

/** A fake-channel line whose conversations the engine answers with a prompt pointing at `baseUrl`. */
async function lineAnsweredBy(name: string, color: string, baseUrl: string) {
  const queue = await api<QueueDto>('/api/queue', { body: { name, color } });
  const prompt = await api<PromptDto>('/api/prompt', {
    body: { name, prompt: 'Você atende a loja.', queueId: queue.id, apiKey: 'sk-audio', baseUrl },
  });
  const line = await fake.connect(host, token, `Linha ${name}`);
  await api<ConnectionDto>(`/api/whatsapp/${line.connection.id}`, {
    method: 'PUT',
    body: { botEngine: 'openai:prompt', promptId: prompt.id },
  });
  return line;
}

const messagesOf = async (ticketId: number) =>
  (await api<{ messages: MessageDto[] }>(`/api/messages/${ticketId}`)).messages;

beforeAll(async () => {
  speaking = await startMockOpenAi((last) => ({ text: `Modelo ouviu: ${last}` }), 'quero dois pães');
  mute = await startMockOpenAi((last) => ({ text: `Modelo: ${last}` }), null);
  host = await createTestHost({
    plugins: [fake.plugin, openai],
    env: { BALCAO_EGRESS_ALLOW: '127.0.0.1' },
  });
  token = (await host.login(host.admin.email, host.admin.password)).token;
});
afterAll(async () => {
  await host?.stop();
  await speaking?.close();
  await mute?.close();
});

const voiceNote = { data: VOICE, fileName: 'nota.ogg', mimeType: 'audio/ogg', mediaType: 'audio' };

describe('openai: audio from the contact', () => {
  it('is transcribed by the provider and the model answers the transcription', async () => {
    const line = await lineAnsweredBy('Padaria voz', '#335577', speaking.url);
    const inbound = await line.receive({ from: '5511955550001', name: 'Rita', body: '', media: voiceNote });
    const { ticketId } = inbound as { ticketId: number };
    const reply = await eventually(async () =>
      (await messagesOf(ticketId)).find((m) => m.fromMe && !m.isPrivate),
    );
    expect(reply.body).toBe('Modelo ouviu: quero dois pães');
    // The provider got the contact's file itself, for its speech-to-text model.
    const transcription = speaking.calls.find((c) => c.path.endsWith('/audio/transcriptions'));
    expect(transcription?.authorization).toBe('Bearer sk-audio');
    expect(transcription?.multipart).toContain(VOICE.toString('latin1'));
    expect(transcription?.multipart).toContain('whisper-1');
    const chat = speaking.calls.find((c) => c.path.endsWith('/chat/completions'));
    expect(chat?.body.messages?.at(-1)).toEqual({ role: 'user', content: 'quero dois pães' });
  });

  it('a provider without speech-to-text: a note says the audio was not transcribed and humans take the ticket', async () => {
    const line = await lineAnsweredBy('Padaria muda', '#775533', mute.url);
    const inbound = await line.receive({ from: '5511955550002', name: 'Sara', body: '', media: voiceNote });
    const { ticketId } = inbound as { ticketId: number };
    const note = await eventually(async () => (await messagesOf(ticketId)).find((m) => m.isPrivate));
    expect(note.body).toMatch(/o áudio do contato não foi transcrito: o modelo respondeu 404/);
    expect(mute.calls.filter((c) => c.path.endsWith('/chat/completions'))).toHaveLength(0);
    const ticket = await api<{ status: string; isBot: boolean }>(`/api/tickets/${ticketId}`);
    expect([ticket.status, ticket.isBot]).toEqual(['pending', false]);
    // The contact's next message no longer goes to the engine.
    await line.receive({ from: '5511955550002', name: 'Sara', body: 'alô?' });
    await eventually(async () =>
      (await messagesOf(ticketId)).some((m) => m.body === 'alô?') ? true : undefined,
    );
    expect(mute.calls).toHaveLength(1);
  });
});
