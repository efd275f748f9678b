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
