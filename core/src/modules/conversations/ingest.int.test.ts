import { buildVCard } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inbound, ingestOf, sql } from '../../testing/attendance-fixtures.js';

let host: TestHost;
let connection: { id: number; companyId: number; channel: string };

beforeAll(async () => {
  host = await createTestHost();
  const admin = (await host.login(host.admin.email, host.admin.password)).token;
  const res = await host.request('/api/whatsapp', {
    token: admin,
    body: { name: 'Site', channel: 'webchat' },
  });
  connection = { id: (await res.json()).id, companyId: 1, channel: 'webchat' };
});
afterAll(() => host?.stop());

const ticketOf = async (number: string) =>
  (
    await sql<{ unread_messages: number; n: string }>(
      host,
      `select t.unread_messages, (select count(*) from messages m where m.ticket_id = t.id) as n
         from tickets t join contacts c on c.id = t.contact_id where c.number = $1`,
      [number],
    )
  )[0];

// Concurrent messages are group-committed (IngestBatcher): these run many in one statement.
describe('ingest under concurrency', () => {
  it('concurrent replays of one message store it once and touch the ticket once', async () => {
    const msg = inbound('5511911110001', 'uma vez só');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => ingestOf(host).ingest(connection, msg)),
    );
    expect(results.filter((r) => r.outcome === 'stored')).toHaveLength(1);
    expect(results.filter((r) => r.outcome === 'duplicate')).toHaveLength(19);
    expect(await ticketOf('5511911110001')).toEqual({ unread_messages: 1, n: '1' });
  });

  it('in one burst, a blocked contact, a replay and new messages each get their own outcome', async () => {
    await ingestOf(host).ingest(connection, inbound('5511911110002', 'antes do bloqueio'));
    await sql(host, "update contacts set active = false where number = '5511911110002'");
    const stored = inbound('5511911110003', 'já recebida');
    await ingestOf(host).ingest(connection, stored);
    const burst = [
      inbound('5511911110002', 'bloqueado'),
      stored,
      ...Array.from({ length: 10 }, (_, i) => inbound('5511911110004', `nova ${i}`)),
    ];
    const results = await Promise.all(burst.map((m) => ingestOf(host).ingest(connection, m)));
    expect(results[0]).toEqual({ outcome: 'blocked' });
    expect(results[1]).toEqual({ outcome: 'duplicate' });
    expect(results.slice(2).every((r) => r.outcome === 'stored')).toBe(true);
    expect(await ticketOf('5511911110002')).toEqual({ unread_messages: 1, n: '1' });
    expect(await ticketOf('5511911110003')).toEqual({ unread_messages: 1, n: '1' });
    expect(await ticketOf('5511911110004')).toEqual({ unread_messages: 10, n: '10' });
  });
});

describe('the ticket preview of inbound messages', () => {
  const lastMessage = async (number: string) =>
    (
      await sql<{ last_message: string }>(
        host,
        'select t.last_message from tickets t join contacts c on c.id = t.contact_id where c.number = $1',
        [number],
      )
    )[0].last_message;

  it('follows the rule of outgoing messages: text, the marker of uncaptioned media, a card by its name', async () => {
    const number = '5511911110010';
    const media = { mediaUrl: '/api/media/company1/x.mp3' };
    await ingestOf(host).ingest(connection, inbound(number, 'Olá'));
    expect(await lastMessage(number)).toBe('Olá');
    await ingestOf(host).ingest(connection, inbound(number, '', { ...media, mediaType: 'audio' }));
    expect(await lastMessage(number)).toBe('[audio]');
    await ingestOf(host).ingest(connection, inbound(number, 'Minha loja', { ...media, mediaType: 'image' }));
    expect(await lastMessage(number)).toBe('Minha loja');
    const card = buildVCard({ name: 'Bia Lima', number: '5511977776666' });
    await ingestOf(host).ingest(connection, inbound(number, card, { mediaType: 'contactMessage' }));
    expect(await lastMessage(number)).toBe('Bia Lima');
    const [stored] = await sql<{ body: string }>(
      host,
      "select body from messages where media_type = 'contactMessage' order by id desc limit 1",
    );
    expect(stored.body).toBe(card);
  });
});

describe('a Brazilian mobile number with or without its ninth digit', () => {
  const contactsNamed = async (numbers: string[]) =>
    sql<{ number: string }>(host, 'select number from contacts where number = any($1) order by id', [
      numbers,
    ]);

  it('is one contact: the form stored first is kept, and a message in the other form reaches its ticket', async () => {
    // Stored without the ninth digit (as WhatsApp reports numbers registered before it), then written to with it.
    const first = await ingestOf(host).ingest(connection, inbound('553188881111', 'sem o nove'));
    const second = await ingestOf(host).ingest(connection, inbound('5531988881111', 'com o nove'));
    if (first.outcome !== 'stored' || second.outcome !== 'stored')
      throw new Error('both messages are stored');
    expect(second.ticketId).toBe(first.ticketId);
    expect(await contactsNamed(['553188881111', '5531988881111'])).toEqual([{ number: '553188881111' }]);
    // And the other way round.
    await ingestOf(host).ingest(connection, inbound('5521977772222', 'com o nove'));
    await ingestOf(host).ingest(connection, inbound('552177772222', 'sem o nove'));
    expect(await contactsNamed(['5521977772222', '552177772222'])).toEqual([{ number: '5521977772222' }]);
  });

  it('leaves numbers of other shapes alone: a landline, another country, both forms already stored', async () => {
    // A landline (local number starting 2–5) has no ninth-digit twin.
    await ingestOf(host).ingest(connection, inbound('553132221111', 'fixo'));
    await ingestOf(host).ingest(connection, inbound('5531932221111', 'celular'));
    expect(await contactsNamed(['553132221111', '5531932221111'])).toHaveLength(2);
    // Not Brazil.
    await ingestOf(host).ingest(connection, inbound('351912345678', 'Portugal'));
    await ingestOf(host).ingest(connection, inbound('3519912345678', 'outro'));
    expect(await contactsNamed(['351912345678', '3519912345678'])).toHaveLength(2);
    // Both forms stored (before this rule): each keeps its own contact, the exact number first.
    await sql(
      host,
      `insert into contacts (company_id, channel, number, name) values (1, 'webchat', '551177773333', 'A'),
        (1, 'webchat', '5511977773333', 'B')`,
    );
    await ingestOf(host).ingest(connection, inbound('5511977773333', 'para B'));
    const [b] = await sql<{ n: string }>(
      host,
      `select count(*) as n from messages m join contacts c on c.id = m.contact_id where c.number = '5511977773333'`,
    );
    expect(b.n).toBe('1');
  });
});
