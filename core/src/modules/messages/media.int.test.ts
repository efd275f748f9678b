import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type MessageDto, parseVCard } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../kernel/config.js';
import { acceptedTicket, sql, webchatConnection } from '../../testing/attendance-fixtures.js';
import { tenantWithAgent } from '../../testing/tenant-fixtures.js';

/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let host: TestHost;
let admin: string;
let adminId: number;
let adminName: string;
let ticketId: number;
let dataDir: string;

type Part = { name: string; type: string; bytes: Buffer };
const file = (name: string, type: string, size?: number): Part => ({
  name,
  type,
  bytes: size === undefined ? PNG : Buffer.alloc(size, 7),
});

function upload(id: number, files: Part[], fields: Record<string, string> = {}, token = admin) {
  const form = new FormData();
  for (const f of files) form.append('medias', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return fetch(`${host.url}/api/messages/${id}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
}

const messageCount = async (id: number) =>
  Number(
    (await sql<{ n: string }>(host, 'select count(*) as n from messages where ticket_id = $1', [id]))[0].n,
  );

const lastMessage = async (id: number) =>
  (
    await sql<{ last_message: string | null }>(host, 'select last_message from tickets where id = $1', [id])
  )[0].last_message;

beforeAll(async () => {
  host = await createTestHost();
  const login = await host.login(host.admin.email, host.admin.password);
  admin = login.token;
  adminId = login.user.id;
  adminName = login.user.name;
  dataDir = host.resolve<Config>('config').dataDir;
  const connection = await webchatConnection(host, admin);
  ticketId = await acceptedTicket(host, connection, admin, adminId);
});
afterAll(() => host?.stop());

describe('media upload', () => {
  it('stores an image under the company folder with a random name, keeps the caption, and serves it', async () => {
    const res = await upload(ticketId, [file('foto da loja.png', 'image/png')], { body: 'Veja a vitrine' });
    expect(res.status).toBe(201);
    const [m] = (await res.json()) as MessageDto[];
    expect(m).toMatchObject({ mediaType: 'image', body: 'Veja a vitrine', fromMe: true, ticketId });
    expect(m.mediaUrl).toMatch(/^\/api\/media\/company1\/[0-9a-f]{32}\.png$/);
    const onDisk = path.join(dataDir, 'media', 'company1', path.basename(m.mediaUrl ?? ''));
    expect(await readFile(onDisk)).toEqual(PNG);
    const [row] = await sql<{ media_type: string; media_url: string }>(
      host,
      'select media_type, media_url from messages where id = $1',
      [m.id],
    );
    expect(row).toEqual({ media_type: 'image', media_url: m.mediaUrl });
    const served = await fetch(`${host.url}${m.mediaUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
  });

  it("stores the recorder's MP3 as audio without a body, previews the ticket as [audio], serves audio/mpeg", async () => {
    const res = await upload(ticketId, [file('audio-1700000000000.mp3', 'audio/mpeg', 16_000)], {
      signMessage: 'true',
    });
    expect(res.status).toBe(201);
    const [m] = (await res.json()) as MessageDto[];
    expect(m).toMatchObject({ mediaType: 'audio', body: '' });
    const [row] = await sql<{ body: string }>(host, 'select body from messages where id = $1', [m.id]);
    expect(row.body).toBe('');
    expect(await lastMessage(ticketId)).toBe('[audio]');
    // A reply says what it quotes, so the UI can name a voice note that has no text.
    const reply = await host.request(`/api/messages/${ticketId}`, {
      token: admin,
      body: { body: 'Ouviu?', quotedMsg: { id: m.id } },
    });
    expect((await reply.json()).quotedMsg).toEqual({ id: m.id, body: '', fromMe: true, mediaType: 'audio' });
    expect(m.mediaUrl).toMatch(/^\/api\/media\/company1\/[0-9a-f]{32}\.mp3$/);
    const served = await fetch(`${host.url}${m.mediaUrl}`);
    expect(served.headers.get('content-type')).toBe('audio/mpeg');
    expect((await served.arrayBuffer()).byteLength).toBe(16_000);
  });

  it('sends several files as one message each: the caption on the first, only a document keeps its name', async () => {
    const res = await upload(
      ticketId,
      [
        file('a.png', 'image/png'),
        file('contrato.pdf', 'application/pdf', 2000),
        file('v.mp4', 'video/mp4', 3000),
      ],
      { body: 'Documentos' },
    );
    expect(res.status).toBe(201);
    const sent = (await res.json()) as MessageDto[];
    expect(sent.map((m) => [m.mediaType, m.body])).toEqual([
      ['image', 'Documentos'],
      ['application', 'contrato.pdf'],
      ['video', ''],
    ]);
    expect(new Set(sent.map((m) => m.mediaUrl)).size).toBe(3);
    const pdf = await fetch(`${host.url}${sent[1].mediaUrl}`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(await lastMessage(ticketId)).toBe('[video]');
  });

  it('gives uncaptioned photos no body, while an uncaptioned PDF keeps its name, also as the preview', async () => {
    const photo = (await (
      await upload(ticketId, [file('IMG_0042.png', 'image/png')])
    ).json()) as MessageDto[];
    expect(photo[0]).toMatchObject({ mediaType: 'image', body: '' });
    expect(await lastMessage(ticketId)).toBe('[image]');
    const res = await upload(ticketId, [file('boleto março.pdf', 'application/pdf', 2000)]);
    const [pdf] = (await res.json()) as MessageDto[];
    expect(pdf).toMatchObject({ mediaType: 'application', body: 'boleto março.pdf' });
    expect(await lastMessage(ticketId)).toBe('boleto março.pdf');
  });

  it('signs the caption when asked, and a private media note has the invisible joiner as its body', async () => {
    const signed = (await (
      await upload(ticketId, [file('x.png', 'image/png')], { body: 'Oi', signMessage: 'true' })
    ).json()) as MessageDto[];
    expect(signed[0].body).toBe(`*${adminName}:*\nOi`);
    const res = await upload(ticketId, [file('nota.png', 'image/png')], {
      body: 'só p/ equipe',
      isPrivate: 'true',
    });
    const [note] = (await res.json()) as MessageDto[];
    expect(note).toMatchObject({ isPrivate: true, body: '\u200d', ack: 3, mediaType: 'image' });
    const before = await lastMessage(ticketId);
    const voice = await upload(ticketId, [file('audio-1.mp3', 'audio/mpeg', 12_000)], { isPrivate: 'true' });
    expect(((await voice.json()) as MessageDto[])[0]).toMatchObject({ isPrivate: true, body: '\u200d' });
    // A private note never becomes the ticket's preview.
    expect(await lastMessage(ticketId)).toBe(before);
  });

  it('refuses markup and executables, oversized files, and audio under 10000 bytes, storing nothing', async () => {
    const before = await messageCount(ticketId);
    const html = await upload(ticketId, [file('page.html', 'text/html', 100)]);
    expect(html.status).toBe(400);
    expect((await html.json()).error).toBe('ERR_MEDIA_TYPE_NOT_ALLOWED');
    const svg = await upload(ticketId, [file('a.png', 'image/png'), file('logo.svg', 'image/svg+xml', 50)]);
    expect((await svg.json()).error).toBe('ERR_MEDIA_TYPE_NOT_ALLOWED');
    const short = await upload(ticketId, [file('voz.ogg', 'audio/ogg', 9_999)]);
    expect(short.status).toBe(400);
    expect((await short.json()).error).toBe('ERR_AUDIO_TOO_SHORT');
    const shortMp3 = await upload(ticketId, [file('audio-1.mp3', 'audio/mpeg', 9_999)]);
    expect((await shortMp3.json()).error).toBe('ERR_AUDIO_TOO_SHORT');
    const big = await upload(ticketId, [file('big.pdf', 'application/pdf', 20 * 1024 * 1024 + 1)]);
    expect(big.status).toBe(413);
    expect((await big.json()).error).toBe('ERR_MEDIA_TOO_LARGE');
    const none = await upload(ticketId, [], { body: 'sem arquivo' });
    expect(none.status).toBe(400);
    // PostgreSQL cannot store a NUL: the form's text fields are refused like JSON ones, naming the field.
    const nul = await upload(ticketId, [file('a.png', 'image/png')], { body: 'legenda\u0000' });
    expect(nul.status).toBe(400);
    expect(await nul.json()).toEqual({
      error: 'ERR_VALIDATION',
      fields: [{ path: 'body', message: 'Invalid character' }],
    });
    expect(await messageCount(ticketId)).toBe(before);
    const audio = await upload(ticketId, [file('voz.ogg', 'audio/ogg', 10_000)]);
    expect(audio.status).toBe(201);
    expect(((await audio.json()) as MessageDto[])[0].mediaType).toBe('audio');
  });

  it('needs an open ticket, and another company can neither post to it nor read its media list', async () => {
    const superToken = admin;
    const other = await tenantWithAgent(host, superToken, 'Loja Vizinha');
    const res = await upload(ticketId, [file('x.png', 'image/png')], {}, other.adminToken);
    expect(res.status).toBe(404);
    const list = await host.request(`/api/messages/${ticketId}`, { token: other.adminToken });
    expect(list.status).toBe(404);
    await sql(host, `update tickets set status = 'pending', user_id = null where id = $1`, [ticketId]);
    const pending = await upload(ticketId, [file('x.png', 'image/png')]);
    expect((await pending.json()).error).toBe('ERR_TICKET_NOT_OPEN');
    await sql(host, `update tickets set status = 'open', user_id = $2 where id = $1`, [ticketId, adminId]);
  });

  it('serves only stored names inside a company folder: other folders and path tricks are 404', async () => {
    const [m] = (await (await upload(ticketId, [file('y.png', 'image/png')])).json()) as MessageDto[];
    const name = path.basename(m.mediaUrl ?? '');
    expect((await fetch(`${host.url}/api/media/company2/${name}`)).status).toBe(404);
    expect((await fetch(`${host.url}/api/media/company1/..%2F..%2Fsecrets.json`)).status).toBe(404);
    expect((await fetch(`${host.url}/api/media/company1/${'0'.repeat(32)}.png`)).status).toBe(404);
  });
});

describe('file names and active types', () => {
  it('reads a name ending in dots or spaces as Windows does: page.html. is HTML, refused; a PDF keeps its name', async () => {
    for (const name of ['page.html.', 'logo.svg ', 'run.js. . ']) {
      const res = await upload(ticketId, [file(name, 'application/octet-stream', 100)]);
      expect(res.status, name).toBe(400);
      expect((await res.json()).error).toBe('ERR_MEDIA_TYPE_NOT_ALLOWED');
    }
    const [pdf] = (await (
      await upload(ticketId, [file('contrato.pdf. ', 'application/pdf', 2000)])
    ).json()) as MessageDto[];
    expect(pdf).toMatchObject({ mediaType: 'application', body: 'contrato.pdf' });
    expect(pdf.mediaUrl).toMatch(/^\/api\/media\/company1\/[0-9a-f]{32}\.pdf$/);
  });

  it('serves markup and scripts as downloads only (attachment, octet-stream, nosniff), however they were stored', async () => {
    const [xml] = (await (
      await upload(ticketId, [file('nota-fiscal.xml', 'application/xml', 300)])
    ).json()) as MessageDto[];
    expect(xml.mediaType).toBe('application');
    // Files that reached the store some other way (an older version, a channel's download) are served the same.
    const folder = path.join(dataDir, 'media', 'company1');
    const planted = ['svg', 'html', 'xhtml', 'js', 'xml', 'css', 'txt', ''].map((ext) => {
      const name = `${randomBytes(16).toString('hex')}${ext && `.${ext}`}`;
      return { name, url: `/api/media/company1/${name}` };
    });
    for (const p of planted) await writeFile(path.join(folder, p.name), '<svg onload="alert(1)"/>');
    for (const url of [xml.mediaUrl, ...planted.map((p) => p.url)]) {
      const res = await fetch(`${host.url}${url}`);
      expect(res.status, url ?? '').toBe(200);
      expect(res.headers.get('content-disposition'), url ?? '').toMatch(/^attachment/);
      expect(res.headers.get('content-type'), url ?? '').toBe('application/octet-stream');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

describe('a stored file sent again (JSON mediaUrl)', () => {
  it("sends one of the company's stored files with a caption, and refuses anything else", async () => {
    const [first] = (await (await upload(ticketId, [file('z.png', 'image/png')])).json()) as MessageDto[];
    const again = await host.request(`/api/messages/${ticketId}`, {
      token: admin,
      body: { mediaUrl: first.mediaUrl, body: 'De novo' },
    });
    expect(again.status).toBe(201);
    expect(await again.json()).toMatchObject({
      mediaType: 'image',
      mediaUrl: first.mediaUrl,
      body: 'De novo',
    });
    for (const mediaUrl of [
      first.mediaUrl?.replace('company1', 'company2'),
      '/api/media/company1/../../secrets.json',
      'https://example.com/x.png',
    ]) {
      const res = await host.request(`/api/messages/${ticketId}`, { token: admin, body: { mediaUrl } });
      expect((await res.json()).fields).toEqual([{ path: 'mediaUrl', message: 'Unknown media' }]);
    }
  });
});

describe('contact card', () => {
  it('sends a vCard as a contactMessage whose body is the vCard text', async () => {
    const res = await host.request(`/api/messages/${ticketId}`, {
      token: admin,
      body: { vCard: { name: 'Ana Souza', number: '5511988887777' } },
    });
    expect(res.status).toBe(201);
    const m = (await res.json()) as MessageDto;
    expect(m.mediaType).toBe('contactMessage');
    expect(m.body).toMatch(/^BEGIN:VCARD\nVERSION:3\.0\n/);
    expect(parseVCard(m.body)).toEqual({ name: 'Ana Souza', number: '5511988887777' });
  });

  it('refuses a card without a valid number, and an empty message without one', async () => {
    const bad = await host.request(`/api/messages/${ticketId}`, {
      token: admin,
      body: { vCard: { name: 'Ana', number: 'abc' } },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toEqual([{ path: 'vCard.number', message: 'Invalid number' }]);
    const empty = await host.request(`/api/messages/${ticketId}`, { token: admin, body: { body: '  ' } });
    expect((await empty.json()).fields).toEqual([{ path: 'body', message: 'Required' }]);
  });
});
