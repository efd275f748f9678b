import {
  type DomainEventName,
  type DomainEvents,
  definePlugin,
  idField,
  type PluginSubscriber,
  type TagDto,
  type TicketDto,
} from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from '../../testing/attendance-fixtures.js';
import { openSocket, type TenantWithAgent, tenantWithAgent } from '../../testing/tenant-fixtures.js';

// A ticket's own tags (spec part 2, kanban): PUT /api/ticket-tags/{ticketId}/{tagId} puts the card on a lane, DELETE
// /api/ticket-tags/{ticketId} takes it off its lanes; the same code as TicketsPort.addTag (ticket-tags.ts). Each change
// emits ticket.tags.changed with the old and new tags, and attendants who see the ticket get it as it is now.

const WATCHED = ['ticket.tags.changed', 'contact.tags.changed'] as const;
type Watched = (typeof WATCHED)[number];
const seen: { event: DomainEventName; payload: unknown }[] = [];
const recorder = definePlugin({
  name: 'tag-events',
  subscribers: WATCHED.map(
    (event) =>
      ({
        event,
        handler: async (payload: unknown) => {
          seen.push({ event, payload });
        },
      }) as PluginSubscriber<object>,
  ),
});

/** TicketsPort.moveToLane as a plugin reaches it: `PUT /api/lane-move/{ticketId}` with `{ laneId }`. */
const mover = definePlugin({
  name: 'lane-mover',
  requires: ['tickets'],
  routes(router) {
    router.put('/lane-move/:ticketId', async (ctx) => {
      const { laneId } = z.object({ laneId: idField.nullable() }).parse(ctx.request.body);
      ctx.body = await ctx.state.deps.tickets.moveToLane(Number(ctx.params.ticketId), laneId);
    });
  },
});

let host: TestHost;
let shop: TenantWithAgent;
let ticketId: number;
let contactId: number;
let lane: TagDto;
let otherLane: TagDto;
let plain: TagDto;

const put = (path: string, token = shop.adminToken) => host.request(path, { method: 'PUT', token });
const del = (path: string, token = shop.adminToken) => host.request(path, { method: 'DELETE', token });
const tagIdsOf = async (res: Response) => ((await res.json()) as TicketDto).tags.map((t) => t.id);
const events = <K extends Watched>(mark: number, event: K) =>
  seen
    .slice(mark)
    .filter((s) => s.event === event)
    .map((s) => s.payload as DomainEvents[K]);
const newTag = async (body: Record<string, unknown>) =>
  (await host.request('/api/tags', { token: shop.adminToken, body })).json() as Promise<TagDto>;
const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);

beforeAll(async () => {
  host = await createTestHost({ plugins: [recorder, mover] });
  const superToken = (await host.login(host.admin.email, host.admin.password)).token;
  shop = await tenantWithAgent(host, superToken, 'Kanban Loja');
  const contact = await host.request('/api/contacts', {
    token: shop.adminToken,
    body: { name: 'Dora Kanban', number: '5511944440001' },
  });
  contactId = ((await contact.json()) as { id: number }).id;
  const [admin] = await sql<{ id: number }>(
    host,
    `select id from users where company_id = $1 and profile = 'admin'`,
    [shop.companyId],
  );
  // The admin's open ticket: the attendant (no queues, not allTicket) does not see it.
  [{ id: ticketId }] = await sql<{ id: number }>(
    host,
    `insert into tickets (company_id, contact_id, user_id, status) values ($1, $2, $3, 'open') returning id`,
    [shop.companyId, contactId, admin.id],
  );
  lane = await newTag({ name: 'A fazer', kanban: 1 });
  otherLane = await newTag({ name: 'Fazendo', kanban: 1 });
  plain = await newTag({ name: 'Cliente bom' });
});
afterAll(() => host?.stop());

describe('PUT and DELETE /api/ticket-tags', () => {
  it('moves the card between lanes as the kanban does: off its lanes, onto the new one; ordinary tags stay', async () => {
    const socket = await openSocket(host.url, shop.adminToken);
    try {
      let mark = seen.length;
      expect(await tagIdsOf(await put(`/api/ticket-tags/${ticketId}/${plain.id}`))).toEqual([plain.id]);
      // The ticket's tags in name order: 'A fazer', 'Cliente bom'.
      expect(await tagIdsOf(await put(`/api/ticket-tags/${ticketId}/${lane.id}`))).toEqual([
        lane.id,
        plain.id,
      ]);
      await eventually(() => (events(mark, 'ticket.tags.changed').length === 2 ? true : undefined));
      expect(events(mark, 'ticket.tags.changed')).toEqual([
        { companyId: shop.companyId, ticketId, oldTagIds: [], tagIds: [plain.id] },
        { companyId: shop.companyId, ticketId, oldTagIds: [plain.id], tagIds: sorted(plain.id, lane.id) },
      ]);
      // The admin's screen gets the ticket with its new tags.
      await eventually(() =>
        socket.frames.find((f) => {
          const t = (f.data as { ticket?: TicketDto }).ticket;
          return f.data.action === 'update' && t?.id === ticketId && t.tags.length === 2 ? f : undefined;
        }),
      );

      mark = seen.length;
      const off = await del(`/api/ticket-tags/${ticketId}`);
      expect(off.status).toBe(200);
      expect(await tagIdsOf(off)).toEqual([plain.id]);
      expect(await tagIdsOf(await put(`/api/ticket-tags/${ticketId}/${otherLane.id}`))).toContain(
        otherLane.id,
      );
      await eventually(() => (events(mark, 'ticket.tags.changed').length === 2 ? true : undefined));
      expect(events(mark, 'ticket.tags.changed')[0]).toMatchObject({
        oldTagIds: sorted(plain.id, lane.id),
        tagIds: [plain.id],
      });
    } finally {
      socket.close();
    }
  });

  it('a tag the ticket has already, or a removal with no lane on it, changes nothing and emits nothing', async () => {
    const mark = seen.length;
    expect((await put(`/api/ticket-tags/${ticketId}/${otherLane.id}`)).status).toBe(200);
    await del(`/api/ticket-tags/${ticketId}`);
    await del(`/api/ticket-tags/${ticketId}`);
    await eventually(() => (events(mark, 'ticket.tags.changed').length ? true : undefined));
    expect(events(mark, 'ticket.tags.changed')).toHaveLength(1); // only the lane's removal
  });

  it("refuses a ticket the user may not see, another company's tag, and ids that are not ids", async () => {
    expect((await put(`/api/ticket-tags/${ticketId}/${lane.id}`, shop.agentToken)).status).toBe(404);
    expect((await del(`/api/ticket-tags/${ticketId}`, shop.agentToken)).status).toBe(404);
    const [foreign] = await sql<{ id: number }>(
      host,
      `insert into tags (company_id, name, color) values (1, 'Da outra', '#000000') returning id`,
    );
    const res = await put(`/api/ticket-tags/${ticketId}/${foreign.id}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'ERR_NO_TAG_FOUND' });
    for (const path of [`/api/ticket-tags/2147483648/${lane.id}`, `/api/ticket-tags/${ticketId}/abc`])
      expect((await put(path)).status).toBe(400);
    expect((await del('/api/ticket-tags/0')).status).toBe(400);
    const rows = await sql<{ tag_id: number }>(host, 'select tag_id from ticket_tags where ticket_id = $1', [
      ticketId,
    ]);
    expect(rows.map((r) => r.tag_id)).toEqual([plain.id]);
  });
});

describe("a contact's tags", () => {
  it('POST /api/tags/sync emits contact.tags.changed, and ticket.tags.changed for its ticket in progress', async () => {
    const mark = seen.length;
    await host.request('/api/tags/sync', {
      token: shop.adminToken,
      body: { contactId, tags: [{ id: lane.id }] },
    });
    await eventually(() => (events(mark, 'ticket.tags.changed').length ? true : undefined));
    expect(events(mark, 'contact.tags.changed')).toEqual([
      { companyId: shop.companyId, contactId, oldTagIds: [], tagIds: [lane.id] },
    ]);
    expect(events(mark, 'ticket.tags.changed')).toEqual([
      { companyId: shop.companyId, ticketId, oldTagIds: [plain.id], tagIds: sorted(plain.id, lane.id) },
    ]);
    const again = seen.length;
    await host.request('/api/tags/sync', {
      token: shop.adminToken,
      body: { contactId, tags: [{ id: lane.id }] },
    });
    await host.request('/api/tags/sync', { token: shop.adminToken, body: { contactId, tags: [] } });
    await eventually(() => (events(again, 'contact.tags.changed').length ? true : undefined));
    expect(events(again, 'contact.tags.changed')).toEqual([
      { companyId: shop.companyId, contactId, oldTagIds: [lane.id], tagIds: [] },
    ]);
  });
});

describe('TicketsPort.moveToLane', () => {
  const move = (laneId: number | null) =>
    host.request(`/api/lane-move/${ticketId}`, { method: 'PUT', token: shop.adminToken, body: { laneId } });

  it('switches the lane in one change and one event; ordinary tags stay; null is the default lane', async () => {
    let mark = seen.length;
    const onto = await move(lane.id);
    expect(onto.status).toBe(200);
    expect(await tagIdsOf(onto)).toEqual([lane.id, plain.id]);
    const across = await move(otherLane.id);
    expect(await tagIdsOf(across)).toEqual([plain.id, otherLane.id]);
    await eventually(() => (events(mark, 'ticket.tags.changed').length === 2 ? true : undefined));
    // The move across is one event from one lane to the other: never a state with no lane in between.
    expect(events(mark, 'ticket.tags.changed')[1]).toEqual({
      companyId: shop.companyId,
      ticketId,
      oldTagIds: sorted(plain.id, lane.id),
      tagIds: sorted(plain.id, otherLane.id),
    });
    mark = seen.length;
    expect(await tagIdsOf(await move(null))).toEqual([plain.id]);
    await eventually(() => (events(mark, 'ticket.tags.changed').length ? true : undefined));
    expect(events(mark, 'ticket.tags.changed')).toHaveLength(1);
  });

  it("refuses an ordinary tag (400 on laneId) and another company's tag (404), changing nothing", async () => {
    const ordinary = await move(plain.id);
    expect(ordinary.status).toBe(400);
    expect(await ordinary.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    const [foreign] = await sql<{ id: number }>(
      host,
      `insert into tags (company_id, name, color, kanban) values (1, 'Raia alheia', '#000000', 1) returning id`,
    );
    const theirs = await move(foreign.id);
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toMatchObject({ error: 'ERR_NO_TAG_FOUND' });
    const rows = await sql<{ tag_id: number }>(host, 'select tag_id from ticket_tags where ticket_id = $1', [
      ticketId,
    ]);
    expect(rows.map((r) => r.tag_id)).toEqual([plain.id]);
  });
});
