import type { ContactDto } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  declareVisitorChannel,
  inbound,
  ingestOf,
  sql,
  webchatConnection,
} from '../../testing/attendance-fixtures.js';

let host: TestHost;
let admin: string;
let agent: string;
let connection: Awaited<ReturnType<typeof webchatConnection>>;

const read = async (token: string, id: number) =>
  (await (await host.request(`/api/contacts/${id}`, { token })).json()) as ContactDto;
const save = (token: string, id: number, body: Record<string, unknown>) =>
  host.request(`/api/contacts/${id}`, { method: 'PUT', token, body });
const storedNumber = async (id: number) =>
  (await sql<{ number: string }>(host, 'select number from contacts where id = $1', [id]))[0].number;

beforeAll(async () => {
  host = await createTestHost();
  declareVisitorChannel(host);
  admin = (await host.login(host.admin.email, host.admin.password)).token;
  connection = await webchatConnection(host, admin);
  const user = await host.request('/api/users', {
    token: admin,
    body: { name: 'Bruna', email: 'bruna@lgpd-contacts.test', password: 'agent-pass' },
  });
  expect(user.status).toBe(201);
  agent = (await host.login('bruna@lgpd-contacts.test', 'agent-pass')).token;
  const setting = await host.request('/api/settings/lgpdHideNumber', {
    method: 'PUT',
    token: admin,
    body: { value: 'enabled' },
  });
  expect(setting.status).toBe(200);
});
afterAll(() => host?.stop());

describe('a user who sees numbers masked edits contacts (LGPD, spec part 1 §6)', () => {
  it('renaming a contact saves the name and keeps the number as stored', async () => {
    const created = await host.request('/api/contacts', {
      token: admin,
      body: { name: 'Carla Prado', number: '5511999991234' },
    });
    const { id } = (await created.json()) as ContactDto;
    const shown = await read(agent, id);
    expect(shown.number).toBe('551199*****34');
    // The edit form sends back every field as shown, the masked number included.
    const res = await save(agent, id, { name: 'Carla Prado Lima', number: shown.number, email: '' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'Carla Prado Lima', number: '551199*****34' });
    expect(await storedNumber(id)).toBe('5511999991234');
    expect(await read(admin, id)).toMatchObject({ name: 'Carla Prado Lima', number: '5511999991234' });
  });

  it("a web chat visitor's contact keeps its id, so the visitor's next message stays in the same ticket", async () => {
    const first = await ingestOf(host).ingest(connection, inbound('visitor-90210', 'Oi'));
    if (first.outcome !== 'stored') throw new Error(first.outcome);
    const [{ contact_id: contactId }] = await sql<{ contact_id: number }>(
      host,
      'select contact_id from tickets where id = $1',
      [first.ticketId],
    );
    expect((await read(agent, contactId)).number).not.toBe('visitor-90210');
    // The form of a viewer who sees the number masked leaves it out (the field is read-only for them).
    const res = await save(agent, contactId, { name: 'Visitante do site' });
    expect(res.status).toBe(200);
    expect(await storedNumber(contactId)).toBe('visitor-90210');
    const next = await ingestOf(host).ingest(connection, inbound('visitor-90210', 'Ainda aqui?'));
    expect(next).toMatchObject({ outcome: 'stored', ticketId: first.ticketId, ticketCreated: false });
  });

  it("nobody changes a web chat visitor's id, not even an admin; saving it unchanged is fine", async () => {
    const r = await ingestOf(host).ingest(connection, inbound('visitor-31337', 'Olá'));
    if (r.outcome !== 'stored') throw new Error(r.outcome);
    const [{ contact_id: id }] = await sql<{ contact_id: number }>(
      host,
      'select contact_id from tickets where id = $1',
      [r.ticketId],
    );
    const changed = await save(admin, id, { name: 'Visitante', number: 'visitor-other' });
    expect(changed.status).toBe(400);
    expect((await changed.json()).fields).toEqual([
      { path: 'number', message: "A visitor's id cannot be changed" },
    ]);
    expect((await save(admin, id, { name: 'Visitante', number: 'visitor-31337' })).status).toBe(200);
    expect(await storedNumber(id)).toBe('visitor-31337');
  });

  it('any other number is refused with ERR_NUMBER_HIDDEN; an admin may change it', async () => {
    const created = await host.request('/api/contacts', {
      token: admin,
      body: { name: 'Davi Rocha', number: '5511988885678' },
    });
    const { id } = (await created.json()) as ContactDto;
    const refused = await save(agent, id, { name: 'Davi Rocha', number: '5511900000000' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'ERR_NUMBER_HIDDEN' });
    expect(await storedNumber(id)).toBe('5511988885678');
    const changed = await save(admin, id, { name: 'Davi Rocha', number: '5511900000000' });
    expect(changed.status).toBe(200);
    expect(await storedNumber(id)).toBe('5511900000000');
  });
});
