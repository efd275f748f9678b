import type { ContactDto, MessageDto, TicketDto } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tour from './index.js';

/**
 * Viewer-bound reads from a plugin author's side: `deps.viewer` answers a plugin route as its signed-in user, with the
 * same tickets and the same LGPD masking as core's REST answers that user (compared here answer against answer), and
 * refuses where nobody is signed in (a job).
 */
let host: TestHost;
let companyId: number;
let admin: string;
let ana: string;
const queues: Record<string, number> = {};
const contacts: ContactDto[] = [];
/** Tickets by what they are to Ana (Vendas attendant, no allTicket): the ones she sees and the ones she does not. */
const visibleToAna: number[] = [];
const hiddenFromAna: number[] = [];
/** Private notes (they never leave Balcão) on Ana's open ticket (one a contact card) and on another queue's. */
const notesOfAna: number[] = [];
let noteHiddenFromAna: number;

async function json<T>(path: string, token: string, init: { method?: string; body?: unknown } = {}) {
  const res = await host.request(path, { token, ...init });
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function user(name: string, queueIds: number[]): Promise<{ id: number; token: string }> {
  const email = `${name.toLowerCase()}@vitrine.test`;
  const { id } = await json<{ id: number }>('/api/users', admin, {
    body: { name, email, password: 'vitrine-pass', queueIds },
  });
  return { id, token: (await host.login(email, 'vitrine-pass')).token };
}

async function ticket(body: { status: 'open' | 'pending'; queueId: number | null; userId?: number }) {
  const contact = await json<ContactDto>('/api/contacts', admin, {
    body: { name: `Cliente ${contacts.length + 1}`, number: `55119999900${10 + contacts.length}` },
  });
  contacts.push(contact);
  const created = await json<TicketDto>('/api/tickets', admin, { body: { contactId: contact.id, ...body } });
  return created.id;
}

/** What the plugin's route answers (through the viewer door) and what core's REST answers, for the same user. */
const viaDoor = (token: string, status: string) =>
  json<{ tickets: TicketDto[] }>(`/api/tour/viewer/tickets?status=${status}`, token).then((b) => b.tickets);
const viaRest = (token: string, status: string, showAll: boolean) =>
  json<{ tickets: TicketDto[] }>(`/api/tickets?status=${status}&showAll=${showAll}`, token).then(
    (b) => b.tickets,
  );
const byId = (tickets: TicketDto[]) => [...tickets].sort((a, b) => a.id - b.id);

beforeAll(async () => {
  host = await createTestHost({ plugins: [tour] });
  const root = (await host.login(host.admin.email, host.admin.password)).token;
  // A company without connections (tickets are made through the REST API, as an admin makes them), two queues.
  const plan = await json<{ id: number }>('/api/plans', root, {
    body: { name: 'Vitrine plan', users: 10, queues: 5, useIntegration: true },
  });
  const email = 'admin@vitrine.test';
  companyId = (
    await json<{ id: number }>('/api/companies', root, {
      body: {
        name: 'Vitrine',
        email,
        planId: plan.id,
        status: true,
        dueDate: '2999-01-01',
        password: 'vitrine-pass',
      },
    })
  ).id;
  admin = (await host.login(email, 'vitrine-pass')).token;
  for (const [name, color] of [
    ['Vendas', '#2e7d32'],
    ['Suporte', '#1565c0'],
  ])
    queues[name] = (await json<{ id: number }>('/api/queue', admin, { body: { name, color } })).id;
  const anaUser = await user('Ana', [queues.Vendas]);
  ana = anaUser.token;
  const rui = await user('Rui', [queues.Vendas, queues.Suporte]);
  visibleToAna.push(
    await ticket({ status: 'open', queueId: queues.Vendas, userId: anaUser.id }),
    await ticket({ status: 'pending', queueId: queues.Vendas }),
    await ticket({ status: 'pending', queueId: null }),
  );
  hiddenFromAna.push(
    await ticket({ status: 'pending', queueId: queues.Suporte }),
    await ticket({ status: 'open', queueId: queues.Suporte, userId: rui.id }),
    await ticket({ status: 'open', queueId: queues.Vendas, userId: rui.id }),
  );
  const note = (ticketId: number, body: object) =>
    json<MessageDto>(`/api/messages/${ticketId}`, admin, { body: { isPrivate: true, ...body } }).then(
      (m) => m.id,
    );
  notesOfAna.push(
    await note(visibleToAna[0], { body: 'Cliente pediu retorno' }),
    await note(visibleToAna[0], { vCard: { contactId: contacts[4].id } }),
  );
  noteHiddenFromAna = await note(hiddenFromAna[1], { body: 'Só o suporte lê isto' });
  // LGPD: attendants (profile user) of this company see numbers masked; admins never do.
  await json('/api/settings/lgpdHideNumber', admin, { method: 'PUT', body: { value: 'enabled' } });
});
afterAll(() => host?.stop());

describe('deps.viewer.tickets answers as the signed-in user', () => {
  it('an attendant without allTicket gets exactly what GET /api/tickets shows them: their own and their queues', async () => {
    const seen: number[] = [];
    for (const status of ['open', 'pending']) {
      const door = byId(await viaDoor(ana, status));
      // Show all changes nothing for a user who does not see all tickets.
      expect(door).toEqual(byId(await viaRest(ana, status, false)));
      expect(door).toEqual(byId(await viaRest(ana, status, true)));
      seen.push(...door.map((t) => t.id));
    }
    expect(seen.sort()).toEqual([...visibleToAna].sort());
  });

  it("find answers a ticket the attendant may see as GET /api/tickets/:id does, and null (404) for another's", async () => {
    for (const id of visibleToAna) {
      const rest = await json<TicketDto>(`/api/tickets/${id}`, ana);
      expect(await json<TicketDto>(`/api/tour/viewer/tickets/${id}`, ana)).toEqual(rest);
    }
    for (const id of hiddenFromAna) {
      expect((await host.request(`/api/tickets/${id}`, { token: ana })).status).toBe(404);
      const res = await host.request(`/api/tour/viewer/tickets/${id}`, { token: ana });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'ERR_NO_TICKET_FOUND' });
    }
  });

  it('an admin sees every ticket, as the ticket list with Show all shows them', async () => {
    const seen: number[] = [];
    for (const status of ['open', 'pending']) {
      const door = byId(await viaDoor(admin, status));
      expect(door).toEqual(byId(await viaRest(admin, status, true)));
      seen.push(...door.map((t) => t.id));
    }
    expect(seen.sort()).toEqual([...visibleToAna, ...hiddenFromAna].sort());
  });
});

describe('deps.viewer masks numbers as core does (LGPD lgpdHideNumber)', () => {
  it("the attendant's tickets carry masked numbers, the admin's the stored ones", async () => {
    const [mine] = await viaDoor(ana, 'open');
    const stored = contacts.find((c) => c.id === mine.contactId)?.number ?? '';
    expect(stored).toMatch(/^5511\d+$/);
    expect(mine.contact?.number).toBe('551199*****10');
    const asAdmin = (await viaDoor(admin, 'open')).find((t) => t.id === mine.id);
    expect(asAdmin?.contact?.number).toBe(stored);
  });

  it('contacts by id and by number answer as GET /api/contacts/:id answers each user', async () => {
    const contact = contacts[3];
    for (const token of [ana, admin]) {
      const rest = await json<ContactDto>(`/api/contacts/${contact.id}`, token);
      expect(await json<ContactDto>(`/api/tour/viewer/contacts/${contact.id}`, token)).toEqual(rest);
      const byNumber = `/api/tour/viewer/contacts?number=${encodeURIComponent(contact.number)}`;
      expect(await json<ContactDto>(byNumber, token)).toEqual(rest);
    }
    expect((await json<ContactDto>(`/api/tour/viewer/contacts/${contact.id}`, ana)).number).toBe(
      '551199*****13',
    );
    expect((await json<ContactDto>(`/api/tour/viewer/contacts/${contact.id}`, admin)).number).toBe(
      contact.number,
    );
  });
});

describe('deps.viewer.messages answers as GET /api/messages/:ticketId answers the user', () => {
  const doorList = (token: string, ticketId: number) =>
    json<{ messages: MessageDto[] }>(`/api/tour/viewer/messages?ticketId=${ticketId}`, token).then(
      (b) => b.messages,
    );
  const msgsById = (messages: MessageDto[]) => [...messages].sort((a, b) => a.id - b.id);

  it('a ticket the user may see: the same messages, numbers masked for the attendant only', async () => {
    const stored = contacts[4].number;
    for (const token of [ana, admin]) {
      const rest = await json<{ messages: MessageDto[] }>(`/api/messages/${visibleToAna[0]}`, token);
      const door = await doorList(token, visibleToAna[0]);
      expect(door.map((m) => m.id)).toEqual([...notesOfAna].reverse()); // newest first, as the port pages
      expect(msgsById(door)).toEqual(msgsById(rest.messages));
      for (const m of door)
        expect(await json<MessageDto>(`/api/tour/viewer/messages/${m.id}`, token)).toEqual(m);
    }
    const card = (token: string) =>
      json<MessageDto>(`/api/tour/viewer/messages/${notesOfAna[1]}`, token).then((m) => m.body);
    expect(await card(admin)).toContain(stored);
    expect(await card(ana)).not.toContain(stored);
    expect(await card(ana)).toContain('551199*****14');
  });

  it("another queue's ticket: [] and null (404) for the attendant, as REST is 404; the admin reads it", async () => {
    const ticketId = hiddenFromAna[1];
    expect((await host.request(`/api/messages/${ticketId}`, { token: ana })).status).toBe(404);
    expect(await doorList(ana, ticketId)).toEqual([]);
    const res = await host.request(`/api/tour/viewer/messages/${noteHiddenFromAna}`, { token: ana });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'ERR_NO_MESSAGE_FOUND' });
    expect((await doorList(admin, ticketId)).map((m) => m.id)).toEqual([noteHiddenFromAna]);
    const asAdmin = await json<MessageDto>(`/api/tour/viewer/messages/${noteHiddenFromAna}`, admin);
    expect(asAdmin.body).toContain('Só o suporte lê isto');
  });
});

describe('deps.viewer.contacts.list masks as the contacts screen masks', () => {
  const doorContacts = (token: string, query = '') =>
    json<{ contacts: ContactDto[] }>(`/api/tour/viewer/contact-list${query}`, token).then((b) => b.contacts);
  const restContacts = (token: string, query = '') =>
    json<{ contacts: ContactDto[] }>(`/api/contacts${query}`, token).then((b) => b.contacts);
  const contactsById = (list: ContactDto[]) => [...list].sort((a, b) => a.id - b.id);

  it('the attendant gets every number masked, the admin the stored ones, each as GET /api/contacts shows them', async () => {
    const asAna = await doorContacts(ana);
    expect(contactsById(asAna)).toEqual(contactsById(await restContacts(ana)));
    expect(asAna.map((c) => c.id).sort()).toEqual(contacts.map((c) => c.id).sort());
    for (const c of asAna) expect(c.number).toMatch(/^551199\*{5}1\d$/);
    const asAdmin = await doorContacts(admin);
    expect(contactsById(asAdmin)).toEqual(contactsById(await restContacts(admin)));
    expect(contactsById(asAdmin).map((c) => c.number)).toEqual(contactsById(contacts).map((c) => c.number));
  });

  it("the company port's filters apply: a search finds one contact, masked for the attendant", async () => {
    const found = await doorContacts(ana, `?search=${encodeURIComponent(contacts[2].name)}`);
    expect(found.map((c) => c.id)).toEqual([contacts[2].id]);
    expect(found[0].number).toBe('551199*****12');
  });
});

describe('the viewer door outside a request, and hostile input', () => {
  it('a job has no signed-in user: the door refuses with a message that says so', async () => {
    await expect(host.runJob('tour:viewer-outside-a-request', { companyId })).rejects.toMatchObject({
      code: 'ERR_NO_PERMISSION',
      message: expect.stringContaining('answers as the signed-in user, and there is none here'),
    });
  });

  it('ids past int4, NUL characters and unknown statuses are 400 ERR_VALIDATION, never 5xx', async () => {
    for (const path of [
      '/api/tour/viewer/tickets/99999999999',
      '/api/tour/viewer/contacts/0',
      '/api/tour/viewer/contacts?number=55%0011',
      '/api/tour/viewer/tickets?status=everything',
      '/api/tour/viewer/messages/99999999999',
      '/api/tour/viewer/messages?ticketId=0',
      '/api/tour/viewer/messages?ticketId=1&limit=100000',
      '/api/tour/viewer/contact-list?search=a%00b',
      '/api/tour/viewer/contact-list?beforeId=99999999999',
    ]) {
      const res = await host.request(path, { token: ana });
      expect(res.status, path).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'ERR_VALIDATION' });
    }
  });

  it("another company's tickets and contacts are not found through the door, even by its admin", async () => {
    const root = (await host.login(host.admin.email, host.admin.password)).token;
    const other = await json<ContactDto>('/api/contacts', root, {
      body: { name: 'Outra empresa', number: '5521988887777' },
    });
    for (const [path, token] of [
      [`/api/tour/viewer/contacts/${other.id}`, admin],
      [`/api/tour/viewer/contacts/${contacts[0].id}`, root],
      [`/api/tour/viewer/contacts?number=${contacts[0].number}`, root],
      [`/api/tour/viewer/tickets/${visibleToAna[0]}`, root],
    ]) {
      expect((await host.request(path, { token })).status, path).toBe(404);
    }
    expect(await viaDoor(root, 'open')).toEqual([]);
  });
});
