import { createTestHost, type TestHost } from '@balcao/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attendant,
  createQueue,
  pendingTicket,
  sql,
  webchatConnection,
} from '../../testing/attendance-fixtures.js';
import { tenantWithAgent } from '../../testing/tenant-fixtures.js';
import { TicketRatings } from './ticket-ratings.js';

// The dashboard's raw material (issue 14): the tracking times the transitions keep, and the ratings service.

let host: TestHost;
let admin: string;
let connection: Awaited<ReturnType<typeof webchatConnection>>;
let sales: number;
let ana: { id: number; token: string };
let bia: { id: number; token: string };

interface Times {
  queued_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}
const times = async (id: number) =>
  (await sql<Times>(host, 'select queued_at, started_at, finished_at from tickets where id = $1', [id]))[0];
const put = async (token: string, id: number, body: unknown) => {
  const res = await host.request(`/api/tickets/${id}`, { method: 'PUT', token, body });
  expect(res.status).toBe(200);
};
const ratings = () => new TicketRatings({ em: host.resolve<MikroORM>('orm').em.fork() });
const ratingOf = async (id: number) =>
  (
    await sql<{ user_id: number | null; rate: number | null; asked_at: Date | null; rated_at: Date | null }>(
      host,
      'select user_id, rate, asked_at, rated_at from ticket_ratings where ticket_id = $1',
      [id],
    )
  )[0];

beforeAll(async () => {
  host = await createTestHost();
  admin = (await host.login(host.admin.email, host.admin.password)).token;
  connection = await webchatConnection(host, admin);
  sales = await createQueue(host, 1, 'Vendas', '#2e7d32');
  ana = await attendant(host, admin, 'Ana', [sales]);
  bia = await attendant(host, admin, 'Bia', [sales]);
});
afterAll(() => host?.stop());

describe('tracking times kept by the transitions', () => {
  it('a new ticket waits from its arrival; accept starts it once; close finishes it', async () => {
    const id = await pendingTicket(host, connection, sales);
    const fresh = await times(id);
    expect(fresh.queued_at).toBeInstanceOf(Date);
    expect(fresh.started_at).toBeNull();
    expect(fresh.finished_at).toBeNull();

    await put(ana.token, id, { status: 'open', userId: ana.id });
    const accepted = await times(id);
    expect(accepted.started_at?.getTime()).toBeGreaterThanOrEqual(fresh.queued_at.getTime());
    await put(ana.token, id, { status: 'open', userId: bia.id, isTransfered: true });
    await put(bia.token, id, { status: 'pending', queueId: sales });
    await put(bia.token, id, { status: 'open', userId: bia.id });
    expect((await times(id)).started_at).toEqual(accepted.started_at);
    expect((await times(id)).queued_at).toEqual(fresh.queued_at);

    await put(bia.token, id, { status: 'closed' });
    const closed = await times(id);
    expect(closed.finished_at?.getTime()).toBeGreaterThanOrEqual(accepted.started_at?.getTime() ?? 0);
  });

  it('an ignored ticket is finished without being started', async () => {
    const id = await pendingTicket(host, connection, sales);
    await put(admin, id, { status: 'closed' });
    const ignored = await times(id);
    expect(ignored.started_at).toBeNull();
    expect(ignored.finished_at).not.toBeNull();
  });

  it('a reopen starts a new attendance: waiting and taken now, not finished', async () => {
    const id = await pendingTicket(host, connection, sales);
    await put(ana.token, id, { status: 'open', userId: ana.id });
    await put(ana.token, id, { status: 'closed' });
    const before = await times(id);
    await put(ana.token, id, { status: 'open', userId: ana.id });
    const reopened = await times(id);
    expect(reopened.finished_at).toBeNull();
    expect(reopened.queued_at.getTime()).toBeGreaterThanOrEqual(before.finished_at?.getTime() ?? 0);
    expect(reopened.started_at).toEqual(reopened.queued_at);
  });
});

describe('TicketRatings', () => {
  it("marks a rating as asked for the ticket's attendant, then records the answer", async () => {
    const id = await pendingTicket(host, connection, sales);
    await put(ana.token, id, { status: 'open', userId: ana.id });
    await put(ana.token, id, { status: 'closed' });
    await ratings().markAsked(1, id);
    const asked = await ratingOf(id);
    expect(asked).toMatchObject({ user_id: ana.id, rate: null, rated_at: null });
    expect(asked.asked_at).not.toBeNull();

    await ratings().record(1, id, 9);
    const rated = await ratingOf(id);
    expect(rated).toMatchObject({ user_id: ana.id, rate: 9, asked_at: asked.asked_at });
    expect(rated.rated_at).not.toBeNull();

    // Asked again (reopened and closed anew): the earlier answer is dropped until the new one comes.
    await ratings().markAsked(1, id);
    expect(await ratingOf(id)).toMatchObject({ rate: null, rated_at: null });
  });

  it('refuses a rate outside 0–10 and a ticket of another company', async () => {
    const id = await pendingTicket(host, connection, sales);
    for (const rate of [-1, 11, 7.5, Number.NaN]) {
      await expect(ratings().record(1, id, rate)).rejects.toMatchObject({
        code: 'ERR_VALIDATION',
        status: 400,
      });
    }
    const superToken = admin;
    const other = await tenantWithAgent(host, superToken, 'Avaliações Outra');
    await expect(ratings().record(other.companyId, id, 5)).rejects.toMatchObject({
      code: 'ERR_NO_TICKET_FOUND',
    });
    await expect(ratings().markAsked(other.companyId, id)).rejects.toMatchObject({
      code: 'ERR_NO_TICKET_FOUND',
    });
    expect(await ratingOf(id)).toBeUndefined();
  });
});
