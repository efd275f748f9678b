import type { QueueDto } from '@balcao/sdk';
import {
  createFakeChannel,
  createTestHost,
  eventually,
  type FakeConnection,
  type TestHost,
} from '@balcao/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileListDto } from '../shared/file-list.js';
import fileLists from './index.js';

/**
 * A file list reaching the contact over a channel (the fake one): a chatbot option of type file, a queue with a file
 * list, and an option that also closes the conversation — the files go before the close.
 */
let host: TestHost;
let token: string;
let list: FileListDto;
const fake = createFakeChannel();

// A 1×1 PNG: a real image, as the media store checks what it keeps.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const LIST_MESSAGE = 'Segue o catálogo';
const U = '\u200e';

const api = async <T>(path: string, opts: { method?: string; body?: unknown } = {}): Promise<T> => {
  const res = await host.request(path, { ...opts, token });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

async function sql<T>(text: string, params: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: host.databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** The contact writes; answers the ticket once the automation's turn has read every message the contact sent. */
async function say(line: FakeConnection, from: string, body: string): Promise<number> {
  const result = await line.receive({ from, body, name: 'Paula' });
  if (result.outcome !== 'stored') throw new Error(`the message was not stored: ${result.outcome}`);
  const { ticketId } = result;
  await eventually(async () => {
    const [row] = await sql<{ done: boolean }>(
      `select coalesce(t.bot_cursor, 0) >= (select coalesce(max(id), 0) from messages
                                             where ticket_id = t.id and not from_me) as done
         from tickets t where t.id = $1`,
      [ticketId],
    );
    return row?.done ? true : undefined;
  }, 20_000);
  return ticketId;
}

/** What Balcão stored for the contact on the ticket, oldest first: the text, or `[image] caption` for a file. */
async function heard(ticketId: number): Promise<string[]> {
  const rows = await sql<{ body: string; media_type: string }>(
    'select body, media_type from messages where ticket_id = $1 and from_me and not is_private order by id',
    [ticketId],
  );
  return rows.map((r) => (r.media_type === 'chat' ? r.body : `[${r.media_type}] ${r.body}`));
}

const status = async (ticketId: number) =>
  (await sql<{ status: string }>('select status from tickets where id = $1', [ticketId]))[0]?.status;

/** A connection of the fake channel serving `queueIds` (its menu lists them). */
async function lineFor(queueIds: number[]): Promise<FakeConnection> {
  const line = await fake.connect(host, token);
  await api(`/api/whatsapp/${line.connection.id}`, {
    method: 'PUT',
    body: { greetingMessage: 'Olá!', queueIds },
  });
  return line;
}

/** The list's attachment reached the contact through the channel, with its caption. */
const attachmentDelivered = (line: FakeConnection, to: string) =>
  line.waitForSent((m) => m.to === to && m.mediaType === 'image' && m.body === 'Foto');

beforeAll(async () => {
  host = await createTestHost({ plugins: [fake.plugin, fileLists] });
  token = (await host.login(host.admin.email, host.admin.password)).token;
  const created = await api<FileListDto>('/api/files', {
    body: { name: 'Catálogo', message: LIST_MESSAGE, options: [{ name: 'Foto' }] },
  });
  const res = await fetch(
    `${host.url}/api/files/${created.id}/options/${created.options[0].id}/file?fileName=foto.png&mimeType=image/png`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(PNG),
    },
  );
  expect(res.status).toBe(200);
  list = (await res.json()) as FileListDto;
});
afterAll(() => host?.stop());

describe('file lists sent to the contact', () => {
  it('a chatbot option of type file sends its text, then the list: message and attachments', async () => {
    const queue = await api<QueueDto>('/api/queue', {
      body: {
        name: 'Vendas arquivos',
        color: '#224466',
        greetingMessage: 'Vendas:',
        chatbots: [
          { name: 'Catálogo', greetingMessage: 'Enviando', queueType: 'file', optFileId: list.id },
          { name: 'Falar conosco', greetingMessage: 'Aguarde' },
        ],
      },
    });
    const other = await api<QueueDto>('/api/queue', { body: { name: 'Outra fila', color: '#664422' } });
    const line = await lineFor([queue.id, other.id]);
    const to = '5511933330001';
    const id = await say(line, to, 'oi');
    await say(line, to, '1');
    expect(await heard(id)).toHaveLength(2); // the queue menu, the queue's options: no list yet
    await say(line, to, '1');
    expect((await heard(id)).slice(2)).toEqual([`${U}Enviando`, LIST_MESSAGE, '[image] Foto']);
    await attachmentDelivered(line, to);
    expect(await status(id)).toBe('pending');
  });

  it('a queue with a file list sends it once when the ticket enters it, after its greeting', async () => {
    const queue = await api<QueueDto>('/api/queue', {
      body: { name: 'Catálogo direto', color: '#446622', greetingMessage: 'Bem-vindo ao catálogo' },
    });
    await api(`/api/queue/${queue.id}`, {
      method: 'PUT',
      body: { name: queue.name, color: queue.color, fileListId: list.id },
    });
    const other = await api<QueueDto>('/api/queue', { body: { name: 'Sem arquivos', color: '#226644' } });
    const line = await lineFor([queue.id, other.id]);
    const to = '5511933330002';
    const id = await say(line, to, 'oi');
    expect(await heard(id)).toHaveLength(1); // the menu: entering no queue yet, no list
    await say(line, to, '1');
    await say(line, to, 'obrigada');
    const after = (await heard(id)).slice(1);
    expect(after).toEqual([`${U}Bem-vindo ao catálogo`, LIST_MESSAGE, '[image] Foto']);
    await attachmentDelivered(line, to);
    // The other queue has no list: entering it sends none.
    const to2 = '5511933330003';
    const id2 = await say(line, to2, 'oi');
    await say(line, to2, '2');
    expect(await heard(id2)).not.toContain(LIST_MESSAGE);
  });

  it('an option that closes the conversation sends its files first, then closes', async () => {
    const queue = await api<QueueDto>('/api/queue', {
      body: {
        name: 'Arquivos e tchau',
        color: '#662244',
        greetingMessage: 'Escolha:',
        chatbots: [
          {
            name: 'Catálogo e encerrar',
            greetingMessage: 'Enviando e encerrando',
            queueType: 'file',
            optFileId: list.id,
            closeTicket: true,
          },
          { name: 'Ficar', greetingMessage: 'Fico' },
        ],
      },
    });
    const other = await api<QueueDto>('/api/queue', { body: { name: 'Mais uma fila', color: '#442266' } });
    const line = await lineFor([queue.id, other.id]);
    const to = '5511933330004';
    const id = await say(line, to, 'oi');
    await say(line, to, '1');
    await say(line, to, '1');
    // A closed ticket takes no message: had the close gone first, the list would be missing.
    expect(await status(id)).toBe('closed');
    expect((await heard(id)).slice(2)).toEqual([`${U}Enviando e encerrando`, LIST_MESSAGE, '[image] Foto']);
    await attachmentDelivered(line, to);
  });
});
