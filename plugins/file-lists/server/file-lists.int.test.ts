import { randomUUID } from 'node:crypto';
import webchat from '@balcao/plugin-webchat/server/index.js';
import type { ConnectionDto, MessageDto, QueueDto, TicketDto } from '@balcao/sdk';
import { createTenant, createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileListDto, FileListPageDto } from '../shared/file-list.js';
import fileLists from './index.js';

/** File lists from the admin's API to the contact: a web chat visitor picks a chatbot option of type file. */
let host: TestHost;
let token: string;

// A 1×1 PNG: a real image, as the media store checks what it keeps.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const api = async <T>(
  path: string,
  opts: { method?: string; body?: unknown; as?: string } = {},
): Promise<T> => {
  const res = await host.request(path, { ...opts, token: opts.as ?? token });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

const upload = (listId: number, optionId: number, data: Buffer, query: string, as = token) =>
  fetch(`${host.url}/api/files/${listId}/options/${optionId}/file?${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${as}`, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(data),
  });

beforeAll(async () => {
  host = await createTestHost({ plugins: [webchat, fileLists] });
  token = (await host.login(host.admin.email, host.admin.password)).token;
});
afterAll(() => host?.stop());

describe('file lists', () => {
  let list: FileListDto;

  it('keeps a list with its message and attachments, each uploaded to the media store', async () => {
    list = await api<FileListDto>('/api/files', {
      body: {
        name: 'Cardápio',
        message: 'Segue nosso cardápio',
        options: [{ name: 'Foto' }, { name: 'Outra' }],
      },
    });
    expect(list.options.map((o) => [o.name, o.path])).toEqual([
      ['Foto', ''],
      ['Outra', ''],
    ]);
    const res = await upload(list.id, list.options[0].id, PNG, 'fileName=foto.png&mimeType=image/png');
    expect(res.status).toBe(200);
    const after = (await res.json()) as FileListDto;
    expect(after.options[0]).toMatchObject({ name: 'Foto', mediaType: 'image' });
    expect(after.options[0].path).toMatch(/^\/api\/media\//);
    // An edit keeps the attachments it names (with their file) and removes the others.
    list = await api<FileListDto>(`/api/files/${list.id}`, {
      method: 'PUT',
      body: {
        name: 'Cardápio',
        message: 'Segue nosso cardápio',
        options: [{ id: list.options[0].id, name: 'Foto do dia' }],
      },
    });
    expect(list.options).toEqual([{ ...after.options[0], name: 'Foto do dia' }]);
    const page = await api<FileListPageDto>('/api/files?searchParam=card');
    expect(page.files.map((f) => f.name)).toEqual(['Cardápio']);
  });

  it('refuses hostile input with 400 and the field, never 500', async () => {
    const cases: [unknown, string][] = [
      [{ name: 'ab', message: 'x' }, 'name'],
      [{ name: 'Lista', message: '' }, 'message'],
      [{ name: 'Lis\u0000ta', message: 'x' }, 'name'],
      [{ name: 'Lista', message: 'x', options: [{ id: 2_147_483_648, name: 'a' }] }, 'options.0.id'],
      [
        { name: 'Lista', message: 'x', options: Array.from({ length: 21 }, () => ({ name: 'a' })) },
        'options',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await host.request('/api/files', { token, body });
      expect(res.status, field).toBe(400);
      const answer = (await res.json()) as { fields: { path: string }[] };
      expect(answer.fields.map((f) => f.path)).toContain(field);
    }
    expect((await host.request('/api/files/99999999999', { token })).status).toBe(400);
    const bad = await upload(list.id, list.options[0].id, PNG, 'fileName=x.png&mimeType=not a type');
    expect(bad.status).toBe(400);
    const markup = await upload(
      list.id,
      list.options[0].id,
      Buffer.from('<script>alert(1)</script>'),
      'fileName=x.html&mimeType=text/html',
    );
    expect(markup.status).toBeGreaterThanOrEqual(400);
    expect(markup.status).toBeLessThan(500);
  });

  it('another company never reads, changes or uploads to the list', async () => {
    const other = await createTenant(host, token, { name: 'Outra Lista' });
    const { token: otherToken } = await host.login(other.email, other.password);
    expect((await api<FileListPageDto>('/api/files', { as: otherToken })).files).toEqual([]);
    expect((await host.request(`/api/files/${list.id}`, { token: otherToken })).status).toBe(404);
    const put = await host.request(`/api/files/${list.id}`, {
      token: otherToken,
      method: 'PUT',
      body: { name: 'Roubada', message: 'x' },
    });
    expect(put.status).toBe(404);
    const up = await upload(
      list.id,
      list.options[0].id,
      PNG,
      'fileName=a.png&mimeType=image/png',
      otherToken,
    );
    expect(up.status).toBe(404);
    expect((await api<FileListDto>(`/api/files/${list.id}`)).name).toBe('Cardápio');
  });

  it('a chatbot option of type file sends the list: its message, then its attachments', async () => {
    const queue = await api<QueueDto>('/api/queue', {
      body: {
        name: 'Cardápios',
        color: '#335577',
        greetingMessage: 'Escolha uma opção',
        chatbots: [
          {
            name: 'Ver cardápio',
            greetingMessage: 'Enviando o cardápio',
            queueType: 'file',
            optFileId: list.id,
          },
          { name: 'Falar conosco', queueType: 'text' },
        ],
      },
    });
    const site = await api<ConnectionDto>('/api/whatsapp', {
      body: { name: 'Site cardápio', channel: 'webchat', queueIds: [queue.id] },
    });
    const visitorId = randomUUID();
    const write = async (body: string) => {
      const res = await host.request(`/api/webchat/${site.token}/messages`, {
        body: { visitorId, name: 'Paula', body, clientMessageId: randomUUID() },
      });
      expect(res.status).toBe(201);
    };
    const sent = async () => {
      const { tickets } = await api<{ tickets: TicketDto[] }>('/api/tickets?showAll=true&status=pending');
      const ticket = tickets.find((t) => t.whatsappId === site.id);
      if (!ticket) return [];
      const { messages } = await api<{ messages: MessageDto[] }>(`/api/messages/${ticket.id}`);
      return messages.filter((m) => m.fromMe && !m.isPrivate);
    };
    await write('oi');
    await eventually(async () =>
      (await sent()).some((m) => m.body.includes('Ver cardápio')) ? true : undefined,
    );
    await write('1');
    const messages = await eventually(async () => {
      const out = await sent();
      return out.some((m) => m.mediaUrl) ? out : undefined;
    });
    const bodies = messages.map((m) => m.body);
    expect(bodies.indexOf('Enviando o cardápio')).toBeLessThan(bodies.indexOf('Segue nosso cardápio'));
    expect(messages.find((m) => m.mediaUrl)).toMatchObject({
      body: 'Foto do dia',
      mediaType: 'image',
      mediaUrl: list.options[0].path,
    });
  });

  it('deletes a list', async () => {
    const res = await host.request(`/api/files/${list.id}`, { token, method: 'DELETE' });
    expect(res.status).toBe(200);
    expect((await host.request(`/api/files/${list.id}`, { token })).status).toBe(404);
  });
});
