import type { ConnectionDto } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import { fakeWhatsappPlugin } from '../../testing/fake-whatsapp-plugin.js';

/**
 * timeCreateNewTicket (balcao_ingest v5): a contact writing again within the connection's window of a closed ticket
 * reopens it, pending and nobody's in its queue; after the window, or with 0, a new ticket starts.
 */

let host: TestHost;
let token: string;
let userId: number;
let seq = 0;

beforeAll(async () => {
  host = await createTestHost({ plugins: [fakeWhatsappPlugin] });
  const login = await host.login(host.admin.email, host.admin.password);
  token = login.token;
  userId = login.user.id;
});
afterAll(() => host?.stop());

async function api<T>(path: string, method: string, body?: unknown): Promise<T> {
  const res = await host.request(path, { method, body, token });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function says(conn: ConnectionDto, number: string, body: string) {
  seq += 1;
  const res = await host.request(`/test-channel/${conn.token}/inbound`, {
    body: { externalId: `reopen-${seq}`, from: { id: number, name: 'Lia' }, body },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { ticketId: number; ticketCreated: boolean; reopenedFrom?: unknown };
}

const row = async (id: number) =>
  (
    await sql<{ status: string; user_id: number | null; queue_id: number | null; finished_at: Date | null }>(
      host,
      'select status, user_id, queue_id, finished_at from tickets where id = $1',
      [id],
    )
  )[0];

describe('reopening within timeCreateNewTicket', () => {
  it('a closed ticket comes back pending in its queue, nobody’s, log reopen; past the window a new one starts', async () => {
    const queue = await api<{ id: number }>('/api/queue', 'POST', { name: 'Reabertos', color: '#336699' });
    const conn = await api<ConnectionDto>('/api/whatsapp', 'POST', {
      name: 'Janela',
      channel: 'whatsapp',
      timeCreateNewTicket: 10,
      queueIds: [queue.id],
    });
    const first = await says(conn, '5511966660001', 'Oi');
    expect(first.ticketCreated).toBe(true);
    await api(`/api/tickets/${first.ticketId}`, 'PUT', { status: 'open', userId, queueId: queue.id });
    await api(`/api/tickets/${first.ticketId}`, 'PUT', { status: 'closed' });

    const again = await says(conn, '5511966660001', 'Esqueci de perguntar uma coisa');
    expect(again).toMatchObject({
      ticketId: first.ticketId,
      ticketCreated: false,
      reopenedFrom: { userId, queueId: queue.id },
    });
    expect(await row(first.ticketId)).toEqual({
      status: 'pending',
      user_id: null,
      queue_id: queue.id,
      finished_at: null,
    });
    const logs = await api<{ type: string }[]>(`/api/tickets-log/${first.ticketId}`, 'GET');
    expect(logs.map((l) => l.type).at(-1)).toBe('reopen');

    // Closed again, and 11 minutes ago: past the window, the contact starts a new ticket.
    await api(`/api/tickets/${first.ticketId}`, 'PUT', { status: 'open', userId });
    await api(`/api/tickets/${first.ticketId}`, 'PUT', { status: 'closed' });
    await sql(host, "update tickets set updated_at = now() - interval '11 minutes' where id = $1", [
      first.ticketId,
    ]);
    const later = await says(conn, '5511966660001', 'Voltei');
    expect(later.ticketCreated).toBe(true);
    expect(later.ticketId).not.toBe(first.ticketId);
    expect((await row(first.ticketId))?.status).toBe('closed');
  });

  it('with timeCreateNewTicket 0 (the default) a closed ticket stays closed', async () => {
    const conn = await api<ConnectionDto>('/api/whatsapp', 'POST', {
      name: 'Sem janela',
      channel: 'whatsapp',
    });
    const first = await says(conn, '5511966660002', 'Oi');
    await api(`/api/tickets/${first.ticketId}`, 'PUT', { status: 'open', userId });
    await api(`/api/tickets/${first.ticketId}`, 'PUT', { status: 'closed' });
    const again = await says(conn, '5511966660002', 'Oi de novo');
    expect(again.ticketCreated).toBe(true);
    expect(again.reopenedFrom).toBeUndefined();
  });
});
