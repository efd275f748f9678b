import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ConnectionDto, MessageDto, QueueDto } from '@balcao/sdk';
import { createFakeChannel, createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PromptDto } from '../shared/prompt.js';
import { createOpenAiPlugin } from './index.js';
import { startMockOpenAi } from './mock-openai.js';

/**
 * Voice with the OpenAI engine. A contact's voice note is transcribed by the provider when it can (the text is what
 * the model reads), handed to humans with a note when it cannot; a prompt with a voice and a speech provider answers
 * with a voice note. The providers are local mocks; the contact writes through the fake channel, which carries files
 * as a channel does.
 */
const fake = createFakeChannel();
let host: TestHost;
let token: string;
let speaking: Awaited<ReturnType<typeof startMockOpenAi>>;
let mute: Awaited<ReturnType<typeof startMockOpenAi>>;
/** Azure Speech's text-to-speech, by region: 'brazilsouth' speaks (answers Ogg bytes), any other refuses the key. */
const spoken: { path: string; headers: IncomingHttpHeaders; ssml: string }[] = [];
const tts = createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const ssml = Buffer.concat(chunks).toString('utf8');
  spoken.push({ path: req.url ?? '', headers: req.headers, ssml });
  if (!req.url?.startsWith('/brazilsouth/')) return void res.writeHead(401).end();
  res.writeHead(200, { 'content-type': 'audio/ogg' }).end(Buffer.from(`OggS fala:${ssml.length}`));
});
let ttsUrl = '';

const VOICE = Buffer.from('OggS voz-do-contato-0123456789');

const api = async <T>(path: string, opts: { method?: string; body?: unknown } = {}): Promise<T> => {
  const res = await host.request(path, { ...opts, token });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

/** A fake-channel line whose conversations the engine answers with a prompt pointing at `baseUrl`. */
async function lineAnsweredBy(name: string, color: string, baseUrl: string, fields: object = {}) {
  const queue = await api<QueueDto>('/api/queue', { body: { name, color } });
  const prompt = await api<PromptDto>('/api/prompt', {
    body: { name, prompt: 'Você atende a loja.', queueId: queue.id, apiKey: 'sk-audio', baseUrl, ...fields },
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
  await new Promise<void>((resolve) => tts.listen(0, '127.0.0.1', resolve));
  ttsUrl = `http://127.0.0.1:${(tts.address() as AddressInfo).port}`;
  const openai = createOpenAiPlugin({ speechUrl: (region) => `${ttsUrl}/${region}/cognitiveservices/v1` });
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
  tts.closeAllConnections();
  await new Promise((resolve) => tts.close(resolve));
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

describe('openai: replies as speech', () => {
  it('a prompt with a voice and a speech provider answers with a voice note of the reply', async () => {
    const line = await lineAnsweredBy('Padaria fala', '#557733', speaking.url, {
      voice: 'pt-BR-FranciscaNeural',
      voiceKey: 'chave-de-voz',
      voiceRegion: 'BrazilSouth',
    });
    const inbound = await line.receive({ from: '5511955550003', name: 'Tina', body: 'pão & café?' });
    const { ticketId } = inbound as { ticketId: number };
    const reply = await eventually(async () =>
      (await messagesOf(ticketId)).find((m) => m.fromMe && !m.isPrivate),
    );
    expect(reply.mediaType).toBe('audio');
    const call = spoken.find((c) => c.path === '/brazilsouth/cognitiveservices/v1');
    expect(call?.headers['ocp-apim-subscription-key']).toBe('chave-de-voz');
    expect(call?.headers['x-microsoft-outputformat']).toBe('ogg-16khz-16bit-mono-opus');
    expect(call?.ssml).toBe(
      "<speak version='1.0' xml:lang='pt-BR'><voice name='pt-BR-FranciscaNeural'>Modelo ouviu: pão &amp; café?</voice></speak>",
    );
    const file = await host.request(reply.mediaUrl as string, { token });
    expect(Buffer.from(await file.arrayBuffer()).toString()).toBe(`OggS fala:${call?.ssml.length}`);
  });

  it('a speech provider that refuses sends the reply as text; a region that is not a word is refused', async () => {
    const line = await lineAnsweredBy('Padaria rouca', '#337755', speaking.url, {
      voice: 'pt-BR-AntonioNeural',
      voiceKey: 'chave-vencida',
      voiceRegion: 'eastus',
    });
    const inbound = await line.receive({ from: '5511955550004', name: 'Ugo', body: 'tem bolo?' });
    const { ticketId } = inbound as { ticketId: number };
    const reply = await eventually(async () =>
      (await messagesOf(ticketId)).find((m) => m.fromMe && !m.isPrivate),
    );
    expect(reply).toMatchObject({ body: 'Modelo ouviu: tem bolo?', mediaType: 'chat' });
    expect(spoken.some((c) => c.path.startsWith('/eastus/'))).toBe(true);

    const queue = await api<QueueDto>('/api/queue', { body: { name: 'Região', color: '#123123' } });
    const refused = await host.request('/api/prompt', {
      token,
      body: { name: 'Região', prompt: 'x', queueId: queue.id, voiceRegion: 'evil.example/#' },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      fields: [{ path: 'voiceRegion', message: 'Invalid option' }],
    });
  });
});
