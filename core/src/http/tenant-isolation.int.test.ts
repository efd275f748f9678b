import { randomBytes } from 'node:crypto';
import { eventually } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../testing/hostile-requests.js';
import { type SweepServer, startSweepServer } from '../testing/route-sweep.js';
import { openSocket } from '../testing/tenant-fixtures.js';

/**
 * Tenant isolation over every route of the routers' own tables: another company's admin sends company 1's ids in the
 * path, the query filters and the body of every authenticated route, every method. No answer may carry company 1's
 * data, none of company 1's rows may change, and no row of the other company may come to point at company 1's.
 * Over the socket: company 1's events never reach the other company, and its ticket rooms are refused.
 */

const MARK = `alvo${randomBytes(4).toString('hex')}`;
const HACK = `hack${randomBytes(4).toString('hex')}`;
const CONCURRENCY = 8;

let server: SweepServer;
/** Company 1's rows, by kind. */
const a = { queue: 0, tag: 0, contact: 0, ticket: 0, connection: 0, user: 0, message: 0, note: 0, uuid: '' };
/** What must never appear in an answer to the other company: company 1's names, number, texts, ticket uuid. */
let secrets: string[] = [];

async function created(url: string, body: Record<string, unknown>): Promise<{ id: number; uuid?: string }> {
  const res = await server.send('POST', url, server.superToken, body);
  if (res.status !== 201 && res.status !== 200) throw new Error(`${url}: ${res.status} ${res.text}`);
  const answer = JSON.parse(res.text);
  return Array.isArray(answer) ? answer[0] : answer;
}

async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return server.kernel.orm.em.getConnection().execute<T[]>(sql, params);
}

/** Company 1's rows and their texts, to compare before and after the sweep. */
const snapshot = () =>
  rows<{ kind: string; id: number; text: string }>(
    `select 'queue' kind, id, name text from queues where company_id = 1
     union all select 'tag', id, name from tags where company_id = 1
     union all select 'contact', id, name || ' ' || number from contacts where company_id = 1
     union all select 'connection', id, name from whatsapps where company_id = 1
     union all select 'user', id, name || ' ' || email from users where company_id = 1
     union all select 'ticket', id, status || ' ' || coalesce(queue_id, 0) || ' ' || coalesce(user_id, 0) from tickets where company_id = 1
     union all select 'message', id, body from messages where company_id = 1 and not is_deleted
     union all select 'note', id, note from ticket_notes where company_id = 1
     order by 1, 2`,
  );

async function pool<T>(items: readonly T[], run: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/** Company 1's id for a path parameter: by its name where it says the kind, else every kind in turn. */
function idsFor(param: string): string[] {
  const byName: Record<string, number[]> = {
    ticketId: [a.ticket],
    contactId: [a.contact],
    whatsappId: [a.connection],
    queueId: [a.queue],
    tagId: [a.tag],
    userId: [a.user],
  };
  if (param === 'uuid') return [a.uuid];
  const ids = byName[param] ?? [a.queue, a.tag, a.contact, a.ticket, a.connection, a.user, a.message, a.note];
  return [...new Set(ids)].map(String);
}

/** Every URL of the route with company 1's ids in its parameters (one kind at a time). */
function urlsOf(route: RouteEntry): string[] {
  if (route.params.length === 0) return [route.url({})];
  const first = route.params[0];
  return idsFor(first).map((value) =>
    route.url(
      Object.fromEntries(route.params.map((p) => [p, p === first ? value : (idsFor(p)[0] ?? value)])),
    ),
  );
}

beforeAll(async () => {
  server = await startSweepServer();
  a.queue = (await created('/api/queue', { name: `${MARK} fila`, color: '#2e7d32' })).id;
  a.tag = (await created('/api/tags', { name: `${MARK} tag`, color: '#1565c0' })).id;
  a.contact = (await created('/api/contacts', { name: `${MARK} contato`, number: '5511987650001' })).id;
  a.connection = (await created('/api/whatsapp', { name: `${MARK} conexão`, channel: 'whatsapp' })).id;
  a.user = (
    await created('/api/users', {
      name: `${MARK} usuária`,
      email: `${MARK}@alvo.test`,
      password: 'alvo-pass',
      queueIds: [a.queue],
    })
  ).id;
  const ticket = await created('/api/tickets', {
    contactId: a.contact,
    queueId: a.queue,
    whatsappId: a.connection,
    status: 'open',
    userId: 1,
  });
  a.ticket = ticket.id;
  a.uuid = ticket.uuid ?? '';
  a.message = (await created(`/api/messages/${a.ticket}`, { body: `${MARK} mensagem` })).id;
  a.note = (
    await created('/api/ticket-notes', { note: `${MARK} nota`, ticketId: a.ticket, contactId: a.contact })
  ).id;
  await server.send('POST', '/api/tags/sync', server.superToken, {
    contactId: a.contact,
    tags: [{ id: a.tag, name: `${MARK} tag` }],
  });
  secrets = [MARK, '5511987650001', a.uuid];
});
afterAll(() => server?.stop());

describe('tenant isolation', () => {
  it("another company's admin reaches nothing of company 1 through any route, with company 1's ids anywhere", async () => {
    const before = await snapshot();
    expect(before.length).toBeGreaterThanOrEqual(8);
    // Public routes check their own credential (a connection token, a media file's random name): not tenant-scoped.
    const routes = server.routes.filter(
      (r) =>
        r.path.startsWith('/api/') && !r.path.startsWith('/api/webchat/') && r.path !== '/api/auth/logout',
    );
    const filters = {
      queueIds: JSON.stringify([a.queue]),
      selectedQueues: JSON.stringify([a.queue]),
      tags: JSON.stringify([a.tag]),
      contactTag: JSON.stringify([a.tag]),
      users: JSON.stringify([a.user]),
      whatsappIds: JSON.stringify([a.connection]),
      ticketId: String(a.ticket),
      contactId: String(a.contact),
      showAll: 'true',
    };
    const body = {
      name: `${HACK} nome`,
      number: '5511900000000',
      body: `${HACK} corpo`,
      note: `${HACK} nota`,
      status: 'closed',
      contactId: a.contact,
      ticketId: a.ticket,
      queueId: a.queue,
      whatsappId: a.connection,
      userId: a.user,
      tagId: a.tag,
      messageId: a.message,
      queueIds: [a.queue],
      tags: [{ id: a.tag, name: `${MARK} tag` }],
      contacts: [{ id: a.contact }],
    };
    const leaks: string[] = [];
    const jobs = routes.flatMap((route) =>
      urlsOf(route).map((url) => async () => {
        const query = route.method === 'GET' ? `?${new URLSearchParams(filters)}` : '';
        const res = await server.send(
          route.method,
          `${url}${query}`,
          server.other.token,
          route.method === 'GET' || route.method === 'DELETE' ? undefined : body,
        );
        const leaked = secrets.filter((s) => s && res.text.includes(s));
        // (A 2xx is no proof of a breach: ids of different kinds overlap, and the sweep also makes the other
        // company's own rows. What was done is read from the database below.)
        if (leaked.length) leaks.push(`${route.method} ${url} → ${res.status} carries ${leaked.join(', ')}`);
      }),
    );
    await pool(jobs, (job) => job());
    expect(leaks.sort()).toEqual([]);
    expect(jobs.length).toBeGreaterThan(routes.length);

    // Company 1's rows are as they were, and none of the other company's rows points at them.
    expect(await snapshot()).toEqual(before);
    const crossing = await rows<{ what: string; n: string }>(
      `select 'tickets' what, count(*) n from tickets where company_id = ?
          and (contact_id = ? or queue_id = ? or whatsapp_id = ? or user_id = ?)
       union all select 'users', count(*) from users where company_id = ? and whatsapp_id = ?
       union all select 'user_queues', count(*) from user_queues uq join users u on u.id = uq.user_id
          where u.company_id = ? and uq.queue_id = ?
       union all select 'contact_tags', count(*) from contact_tags ct join contacts c on c.id = ct.contact_id
          join tags t on t.id = ct.tag_id where c.company_id <> t.company_id
       union all select 'ticket_tags', count(*) from ticket_tags tt join tickets k on k.id = tt.ticket_id
          join tags t on t.id = tt.tag_id where k.company_id <> t.company_id
       union all select 'whatsapp_queues', count(*) from whatsapp_queues wq join whatsapps w on w.id = wq.whatsapp_id
          join queues q on q.id = wq.queue_id where w.company_id <> q.company_id
       union all select 'ticket_notes', count(*) from ticket_notes where company_id = ? and (ticket_id = ? or contact_id = ?)
       union all select 'messages', count(*) from messages where company_id = ? and (ticket_id = ? or contact_id = ?)`,
      [
        ...[server.other.companyId, a.contact, a.queue, a.connection, a.user],
        ...[server.other.companyId, a.connection],
        ...[server.other.companyId, a.queue],
        ...[server.other.companyId, a.ticket, a.contact],
        ...[server.other.companyId, a.ticket, a.contact],
      ],
    );
    expect(crossing.filter((c) => Number(c.n) > 0)).toEqual([]);
  }, 120_000);

  it("company 1's events never reach the other company's socket, and its ticket room is refused", async () => {
    const theirs = await openSocket(server.kernel.url, server.other.token);
    theirs.send({ type: 'joinChatBox', ticketId: a.ticket });
    await eventually(() => theirs.frames.find((f) => f.channel === 'error'));
    const mine = await openSocket(server.kernel.url, server.superToken);
    await server.send('PUT', `/api/contacts/${a.contact}`, server.superToken, {
      name: `${MARK} renomeado`,
      number: '5511987650001',
    });
    await server.send('POST', `/api/messages/${a.ticket}`, server.superToken, { body: `${MARK} de novo` });
    await eventually(() => mine.frames.find((f) => JSON.stringify(f).includes(`${MARK} de novo`)));
    expect(theirs.frames.filter((f) => secrets.some((s) => JSON.stringify(f).includes(s)))).toEqual([]);
    expect(theirs.frames.some((f) => f.channel.startsWith('company-1-'))).toBe(false);
    theirs.close();
    mine.close();
  });
});
