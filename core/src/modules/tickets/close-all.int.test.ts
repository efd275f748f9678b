import type { CloseAllResult } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attendant,
  createQueue,
  pendingTicket,
  sql,
  webchatConnection,
} from '../../testing/attendance-fixtures.js';

// Close all (spec part 1 §2 speed dial, §6 admin only; peer §4.2 "close all" closes without farewell).

let host: TestHost;
let admin: string;
let adminId: number;
let connection: Awaited<ReturnType<typeof webchatConnection>>;
let tag: number;

const put = (id: number, body: unknown) =>
  host.request(`/api/tickets/${id}`, { method: 'PUT', token: admin, body });
const closeAll = (token: string, body: unknown) => host.request('/api/tickets/closeAll', { token, body });
const setting = (key: string, value: 'enabled' | 'disabled') =>
  host.request(`/api/settings/${key}`, { method: 'PUT', token: admin, body: { value } });
const statuses = async (ids: number[]) =>
  (
    await sql<{ id: number; status: string }>(
      host,
      'select id, status from tickets where id = any($1) order by id',
      [ids],
    )
  ).map((r) => r.status);

/** An open ticket of the admin in the queue; its contact tagged or not. */
async function openTicket(queueId: number, tagged: boolean): Promise<number> {
  const id = await pendingTicket(host, connection, queueId);
  await put(id, { status: 'open', userId: adminId });
  if (tagged) {
    await sql(
      host,
      'insert into contact_tags (contact_id, tag_id) select contact_id, $1 from tickets where id = $2',
      [tag, id],
    );
  }
  return id;
}

beforeAll(async () => {
  host = await createTestHost();
  const login = await host.login(host.admin.email, host.admin.password);
  admin = login.token;
  adminId = login.user.id;
  connection = await webchatConnection(host, admin);
  [{ id: tag }] = await sql<{ id: number }>(
    host,
    "insert into tags (company_id, name, color) values (1, 'VIP', '#ff0000') returning id",
  );
});
afterAll(() => host?.stop());

describe('close all', () => {
  it('closes the open tickets of the chosen queues only, without farewell', async () => {
    const here = await createQueue(host, 1, 'Fechar', '#111111');
    const there = await createQueue(host, 1, 'Manter', '#222222');
    await sql(host, 'update whatsapps set complation_message = $1 where id = $2', ['Tchau!', connection.id]);
    const inHere = [await openTicket(here, false), await openTicket(here, false)];
    const inThere = await openTicket(there, false);
    const res = await closeAll(admin, { status: 'open', queueIds: [here] });
    expect(res.status).toBe(200);
    expect((await res.json()) as CloseAllResult).toEqual({ closed: 2, skipped: [] });
    expect(await statuses([...inHere, inThere])).toEqual(['closed', 'closed', 'open']);
    const farewells = await sql(
      host,
      "select 1 from messages where ticket_id = any($1) and body like '%Tchau!%'",
      [inHere],
    );
    expect(farewells).toEqual([]);
  });

  it('with requiredTag on, closes the tagged ones and reports the untagged it left open', async () => {
    const q = await createQueue(host, 1, 'Etiquetas', '#333333');
    const tagged = await openTicket(q, true);
    const untagged = [await openTicket(q, false), await openTicket(q, false)];
    await setting('requiredTag', 'enabled');
    try {
      const res = await closeAll(admin, { status: 'open', queueIds: [q] });
      expect(await res.json()).toEqual({
        closed: 1,
        skipped: untagged.map((id) => ({ id, error: 'ERR_TAG_REQUIRED' })),
      });
      expect(await statuses([tagged, ...untagged])).toEqual(['closed', 'open', 'open']);
      expect(
        await sql(host, "select 1 from ticket_logs where ticket_id = any($1) and type = 'closed'", [
          untagged,
        ]),
      ).toEqual([]);
    } finally {
      await setting('requiredTag', 'disabled');
    }
  });

  it('pending tickets are ignored, not closed: the tag rule does not hold them back', async () => {
    const q = await createQueue(host, 1, 'Espera', '#444444');
    const waiting = [await pendingTicket(host, connection, q), await pendingTicket(host, connection, q)];
    await setting('requiredTag', 'enabled');
    try {
      const res = await closeAll(admin, { status: 'pending', queueIds: [q] });
      expect(await res.json()).toEqual({ closed: 2, skipped: [] });
      expect(await statuses(waiting)).toEqual(['closed', 'closed']);
    } finally {
      await setting('requiredTag', 'disabled');
    }
  });

  it('only an admin may, and an unknown status is refused', async () => {
    const q = await createQueue(host, 1, 'Restrita', '#555555');
    const ana = await attendant(host, admin, 'Ana', [q]);
    const id = await openTicket(q, false);
    const refused = await closeAll(ana.token, { status: 'open', queueIds: [q] });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    expect((await closeAll(admin, { status: 'closed', queueIds: [q] })).status).toBe(400);
    expect(await statuses([id])).toEqual(['open']);
  });
});
