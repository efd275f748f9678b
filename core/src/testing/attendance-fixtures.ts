import type { InboundMessage } from '@balcao/sdk';
import pg from 'pg';
import type { IngestService } from '../modules/conversations/ingest-service.js';
import type { ChannelRegistry } from '../modules/conversations/outbound.js';
import type { TestHost } from './test-host.js';

/** Direct SQL on the test database, for arranging state the API under test does not own. */
export async function sql<T extends pg.QueryResultRow>(
  host: Pick<TestHost, 'databaseUrl'>,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: host.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * The batch statement before balcao_ingest_many (conversations-0016): balcao_ingest for each element of the JSON array
 * of IngestArgs (`$1`), in order. Kept to compare the function with, in its test and in ingest-db-cost.ts.
 */
export const INGEST_EACH_ALONE = `select r.*, e.n from jsonb_array_elements($1::jsonb) with ordinality as e(v, n)
  cross join lateral balcao_ingest((v->>0)::int, (v->>1)::int, v->>2, v->>3, v->>4, v->>5, (v->>6)::boolean, v->>7,
    v->>8, v->>9, (v->>10)::boolean, v->>11, v->>12, v->>13, (v->>14)::timestamptz, v->>15, v->>16) r
  order by e.n`;

export async function createQueue(
  host: TestHost,
  companyId: number,
  name: string,
  color: string,
): Promise<number> {
  const [row] = await sql<{ id: number }>(
    host,
    'insert into queues (company_id, name, color) values ($1, $2, $3) returning id',
    [companyId, name, color],
  );
  return row.id;
}

export async function joinQueue(host: TestHost, userId: number, queueId: number): Promise<void> {
  await sql(host, 'insert into user_queues (user_id, queue_id) values ($1, $2)', [userId, queueId]);
}

let seq = 0;
/** An inbound message from a web chat visitor, as an adapter would hand it over. */
export function inbound(from: string, body: string, extra: Partial<InboundMessage> = {}): InboundMessage {
  seq += 1;
  return {
    externalId: `ext-${Date.now()}-${seq}`,
    from: { id: from, name: `Visitor ${from}` },
    body,
    ...extra,
  };
}

export function ingestOf(host: TestHost): IngestService {
  return host.resolve<IngestService>('ingest');
}

/** A web chat connection of company 1 made through the API, as ingest sees it. */
export async function webchatConnection(
  host: TestHost,
  adminToken: string,
  name = 'Site',
): Promise<{ id: number; companyId: number; channel: 'webchat' }> {
  const res = await host.request('/api/whatsapp', { token: adminToken, body: { name, channel: 'webchat' } });
  if (res.status !== 201) throw new Error(`connection: ${res.status} ${await res.text()}`);
  return { id: (await res.json()).id, companyId: 1, channel: 'webchat' };
}

/**
 * A WhatsApp connection of company 1 made through the API: a phone channel's connection, which reaches the phone
 * numbers contacts are made with (no adapter is loaded: it sends nothing).
 */
export async function phoneConnection(
  host: TestHost,
  adminToken: string,
  name = 'Celular',
): Promise<{ id: number; companyId: number; channel: 'whatsapp' }> {
  const res = await host.request('/api/whatsapp', { token: adminToken, body: { name, channel: 'whatsapp' } });
  if (res.status !== 201) throw new Error(`connection: ${res.status} ${await res.text()}`);
  return { id: (await res.json()).id, companyId: 1, channel: 'whatsapp' };
}

/**
 * Declares the 'webchat' channel as the web chat plugin does (core cannot load it): visitors known by an opaque id,
 * reached only on the connection they wrote in on. Nothing is delivered.
 */
export function declareVisitorChannel(host: TestHost): void {
  host.resolve<ChannelRegistry>('channels').add({
    kind: 'webchat',
    traits: { contactAddress: 'visitor', reaches: 'own-contacts', needsSession: false, groups: false },
    send: async () => ({ ack: 2 }),
  });
}

/** A visitor's new ticket, accepted by the token's user: open and writable. */
export async function acceptedTicket(
  host: TestHost,
  connection: { id: number; companyId: number; channel: 'webchat' },
  token: string,
  userId: number,
  from = `v-${Math.random().toString(36).slice(2)}`,
): Promise<number> {
  const r = await ingestOf(host).ingest(connection, inbound(from, 'Olá'));
  if (r.outcome !== 'stored') throw new Error(r.outcome);
  const res = await host.request(`/api/tickets/${r.ticketId}`, {
    method: 'PUT',
    token,
    body: { status: 'open', userId },
  });
  if (res.status !== 200) throw new Error(`accept: ${res.status} ${await res.text()}`);
  return r.ticketId;
}

/** An attendant (profile user) of company 1 in the given queues, made through the API: their id and token. */
export async function attendant(
  host: TestHost,
  adminToken: string,
  name: string,
  queues: number[],
  extra: Record<string, unknown> = {},
): Promise<{ id: number; token: string }> {
  const email = `${name.toLowerCase()}.${Math.random().toString(36).slice(2, 8)}@balcao.test`;
  const res = await host.request('/api/users', {
    token: adminToken,
    body: { name, email, password: 'agent-pass', ...extra },
  });
  const { id } = await res.json();
  for (const q of queues) await joinQueue(host, id, q);
  return { id, token: (await host.login(email, 'agent-pass')).token };
}

/** A fresh pending ticket from a new visitor on the connection, optionally in a queue. */
export async function pendingTicket(
  host: TestHost,
  connection: { id: number; companyId: number; channel: 'webchat' },
  queueId: number | null = null,
): Promise<number> {
  const r = await ingestOf(host).ingest(connection, inbound(`v-${Math.random()}`, 'Olá, preciso de ajuda'));
  if (r.outcome !== 'stored') throw new Error(r.outcome);
  if (queueId) await sql(host, 'update tickets set queue_id = $1 where id = $2', [queueId, r.ticketId]);
  return r.ticketId;
}
