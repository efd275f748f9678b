import type { ContactDto, TicketNoteDto } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TenantWithAgent, tenantWithAgent } from '../../testing/tenant-fixtures.js';
import { Ticket } from '../tickets/ticket.entity.js';

let host: TestHost;
let shop: TenantWithAgent;
let other: TenantWithAgent;
let secondAgentToken: string;
let contact: ContactDto;
let ticketId: number;
let otherTicketId: number;
let foreign: { contactId: number; ticketId: number };

const json = async <T>(res: Promise<Response>): Promise<T> => (await res).json() as Promise<T>;
const addNote = (token: string, body: Record<string, unknown>) =>
  host.request('/api/ticket-notes', { token, body });

/** Tickets arrive through the tickets module; here they are written directly. */
async function openTicket(
  companyId: number,
  contactId: number,
  owner: { status: string; userId: number | null } = { status: 'closed', userId: null },
): Promise<number> {
  const em = host.resolve<MikroORM>('orm').em.fork();
  const ticket = em.create(Ticket, { companyId, contactId, ...owner });
  await em.flush();
  return ticket.id;
}

beforeAll(async () => {
  host = await createTestHost();
  const superToken = (await host.login(host.admin.email, host.admin.password)).token;
  shop = await tenantWithAgent(host, superToken, 'Notas Loja');
  other = await tenantWithAgent(host, superToken, 'Notas Outra');
  await host.request('/api/users', {
    token: shop.adminToken,
    body: { name: 'Segunda Atendente', email: 'segunda@notas.test', password: 'agent-pass' },
  });
  secondAgentToken = (await host.login('segunda@notas.test', 'agent-pass')).token;
  contact = await json(
    host.request('/api/contacts', {
      token: shop.agentToken,
      body: { name: 'Dora', number: '5511933334444' },
    }),
  );
  ticketId = await openTicket(shop.companyId, contact.id);
  otherTicketId = await openTicket(shop.companyId, contact.id);
  const theirContact = await json<ContactDto>(
    host.request('/api/contacts', {
      token: other.agentToken,
      body: { name: 'Deles', number: '5511933335555' },
    }),
  );
  foreign = { contactId: theirContact.id, ticketId: await openTicket(other.companyId, theirContact.id) };
});
afterAll(() => host?.stop());

describe('ticket notes', () => {
  it('an attendant adds a note to a ticket and gets it back with their name', async () => {
    const res = await addNote(shop.agentToken, {
      note: 'Ligou pedindo segunda via',
      ticketId,
      contactId: contact.id,
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      id: expect.any(Number),
      note: 'Ligou pedindo segunda via',
      ticketId,
      contactId: contact.id,
      user: { id: shop.agentId, name: 'Notas Loja Agent' },
      createdAt: expect.any(String),
    });
  });

  it('validates the note: required, at least 2 characters', async () => {
    const short = await addNote(shop.agentToken, { note: 'x', ticketId, contactId: contact.id });
    expect(short.status).toBe(400);
    expect((await short.json()).fields).toEqual([{ path: 'note', message: 'Too Short!' }]);
    const missing = await addNote(shop.agentToken, { ticketId, contactId: contact.id });
    expect((await missing.json()).fields).toEqual([{ path: 'note', message: 'Required' }]);
  });

  it("refuses another company's ticket or contact, and a contact that is not the ticket's", async () => {
    const theirTicket = await addNote(shop.agentToken, {
      note: 'intrusa',
      ticketId: foreign.ticketId,
      contactId: contact.id,
    });
    expect(theirTicket.status).toBe(404);
    expect((await theirTicket.json()).error).toBe('ERR_NO_TICKET_FOUND');
    const theirContact = await addNote(shop.agentToken, {
      note: 'intrusa',
      ticketId,
      contactId: foreign.contactId,
    });
    expect(theirContact.status).toBe(404);
    expect((await theirContact.json()).error).toBe('ERR_NO_CONTACT_FOUND');
    const someone = await json<ContactDto>(
      host.request('/api/contacts', {
        token: shop.agentToken,
        body: { name: 'Outra Pessoa', number: '5511933336666' },
      }),
    );
    const mismatch = await addNote(shop.agentToken, { note: 'troca', ticketId, contactId: someone.id });
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).fields).toEqual([
      { path: 'contactId', message: "Not the ticket's contact" },
    ]);
  });

  it('lists the notes of a ticket or a contact, newest first, with author names', async () => {
    await addNote(secondAgentToken, { note: 'Retornei a ligação', ticketId, contactId: contact.id });
    await addNote(shop.adminToken, {
      note: 'Outro atendimento',
      ticketId: otherTicketId,
      contactId: contact.id,
    });
    const ofTicket = await json<TicketNoteDto[]>(
      host.request(`/api/ticket-notes/list?ticketId=${ticketId}`, { token: shop.agentToken }),
    );
    expect(ofTicket.map((n) => [n.note, n.user?.name])).toEqual([
      ['Retornei a ligação', 'Segunda Atendente'],
      ['Ligou pedindo segunda via', 'Notas Loja Agent'],
    ]);
    const ofContact = await json<TicketNoteDto[]>(
      host.request(`/api/ticket-notes/list?ticketId=${otherTicketId}&contactId=${contact.id}`, {
        token: shop.agentToken,
      }),
    );
    expect(ofContact.map((n) => n.note)).toEqual(['Outro atendimento']);
    const byContact = await json<TicketNoteDto[]>(
      host.request(`/api/ticket-notes/list?contactId=${contact.id}`, { token: shop.agentToken }),
    );
    expect(byContact).toHaveLength(3);
    const none = await host.request('/api/ticket-notes/list', { token: shop.agentToken });
    expect(none.status).toBe(400);
  });

  it("never lists or reads another company's notes", async () => {
    const theirs = await json<TicketNoteDto>(
      addNote(other.agentToken, {
        note: 'Nota deles',
        ticketId: foreign.ticketId,
        contactId: foreign.contactId,
      }),
    );
    // Their ticket answers as one that does not exist.
    const listed = await host.request(`/api/ticket-notes/list?ticketId=${foreign.ticketId}`, {
      token: shop.adminToken,
    });
    expect(listed.status).toBe(404);
    expect(await listed.json()).toEqual({ error: 'ERR_NO_TICKET_FOUND' });
    expect(
      await json(
        host.request(`/api/ticket-notes/list?contactId=${foreign.contactId}`, { token: shop.adminToken }),
      ),
    ).toEqual([]);
    expect((await host.request(`/api/ticket-notes/${theirs.id}`, { token: shop.adminToken })).status).toBe(
      404,
    );
    const del = await host.request(`/api/ticket-notes/${theirs.id}`, {
      method: 'DELETE',
      token: shop.adminToken,
    });
    expect(del.status).toBe(404);
    expect(await json(host.request(`/api/ticket-notes/${theirs.id}`, { token: other.agentToken }))).toEqual(
      theirs,
    );
  });

  it('only the author or an admin deletes a note', async () => {
    const [latest, first] = await json<TicketNoteDto[]>(
      host.request(`/api/ticket-notes/list?ticketId=${ticketId}`, { token: shop.agentToken }),
    );
    const denied = await host.request(`/api/ticket-notes/${first.id}`, {
      method: 'DELETE',
      token: secondAgentToken,
    });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    expect(
      (await host.request(`/api/ticket-notes/${first.id}`, { method: 'DELETE', token: shop.agentToken }))
        .status,
    ).toBe(204);
    expect(
      (await host.request(`/api/ticket-notes/${latest.id}`, { method: 'DELETE', token: shop.adminToken }))
        .status,
    ).toBe(204);
    expect(
      await json(host.request(`/api/ticket-notes/list?ticketId=${ticketId}`, { token: shop.agentToken })),
    ).toEqual([]);
  });

  it('a plain user neither reads nor adds notes on a ticket they cannot see, as GET /tickets/:id answers', async () => {
    const eva = await json<ContactDto>(
      host.request('/api/contacts', {
        token: shop.agentToken,
        body: { name: 'Eva', number: '5511933337777' },
      }),
    );
    const hidden = await openTicket(shop.companyId, eva.id, { status: 'open', userId: shop.agentId });
    const mine = await json<TicketNoteDto>(
      addNote(shop.agentToken, { note: 'Só minha', ticketId: hidden, contactId: eva.id }),
    );
    const asTicket = await host.request(`/api/tickets/${hidden}`, { token: secondAgentToken });
    expect(asTicket.status).toBe(404);
    expect(await asTicket.json()).toEqual({ error: 'ERR_NO_TICKET_FOUND' });

    const added = await addNote(secondAgentToken, {
      note: 'Intrometida',
      ticketId: hidden,
      contactId: eva.id,
    });
    expect(added.status).toBe(404);
    expect(await added.json()).toEqual({ error: 'ERR_NO_TICKET_FOUND' });
    const ofTicket = await host.request(`/api/ticket-notes/list?ticketId=${hidden}`, {
      token: secondAgentToken,
    });
    expect(ofTicket.status).toBe(404);
    expect(await ofTicket.json()).toEqual({ error: 'ERR_NO_TICKET_FOUND' });
    expect(
      await json(host.request(`/api/ticket-notes/list?contactId=${eva.id}`, { token: secondAgentToken })),
    ).toEqual([]);
    const read = await host.request(`/api/ticket-notes/${mine.id}`, { token: secondAgentToken });
    expect(read.status).toBe(404);
    expect(await read.json()).toEqual({ error: 'ERR_NO_TICKET_NOTE_FOUND' });
    const page = await json<{ ticketNotes: TicketNoteDto[] }>(
      host.request(`/api/ticket-notes?contactId=${eva.id}`, { token: secondAgentToken }),
    );
    expect(page.ticketNotes).toEqual([]);

    // The owner and the admin still see it; the admin's note is on the ticket for the owner too.
    expect(await json(host.request(`/api/ticket-notes/${mine.id}`, { token: shop.agentToken }))).toEqual(
      mine,
    );
    const byAdmin = await addNote(shop.adminToken, {
      note: 'Do gerente',
      ticketId: hidden,
      contactId: eva.id,
    });
    expect(byAdmin.status).toBe(201);
    const forOwner = await json<TicketNoteDto[]>(
      host.request(`/api/ticket-notes/list?ticketId=${hidden}`, { token: shop.agentToken }),
    );
    expect(forOwner.map((n) => n.note)).toEqual(['Do gerente', 'Só minha']);
  });

  it('GET /ticket-notes pages the visible notes, newest first, searched by text, with count and hasMore', async () => {
    const fia = await json<ContactDto>(
      host.request('/api/contacts', {
        token: shop.agentToken,
        body: { name: 'Fia', number: '5511933338888' },
      }),
    );
    const fiaTicket = await openTicket(shop.companyId, fia.id);
    for (let i = 1; i <= 22; i++) {
      await addNote(shop.agentToken, { note: `Retorno ${i}`, ticketId: fiaTicket, contactId: fia.id });
    }
    type Page = { ticketNotes: TicketNoteDto[]; count: number; hasMore: boolean };
    const first = await json<Page>(
      host.request(`/api/ticket-notes?contactId=${fia.id}`, { token: secondAgentToken }),
    );
    expect(first.count).toBe(22);
    expect(first.hasMore).toBe(true);
    expect(first.ticketNotes).toHaveLength(20);
    expect(first.ticketNotes[0]).toMatchObject({ note: 'Retorno 22', user: { name: 'Notas Loja Agent' } });
    const second = await json<Page>(
      host.request(`/api/ticket-notes?contactId=${fia.id}&pageNumber=2`, { token: secondAgentToken }),
    );
    expect(second).toMatchObject({ count: 22, hasMore: false });
    expect(second.ticketNotes.map((n) => n.note)).toEqual(['Retorno 2', 'Retorno 1']);
    const searched = await json<Page>(
      host.request('/api/ticket-notes?searchParam=retorno 1', { token: secondAgentToken }),
    );
    expect(searched.ticketNotes.map((n) => n.note)).toEqual(
      [
        'Retorno 19',
        'Retorno 18',
        'Retorno 17',
        'Retorno 16',
        'Retorno 15',
        'Retorno 14',
        'Retorno 13',
      ].concat(['Retorno 12', 'Retorno 11', 'Retorno 10', 'Retorno 1']),
    );
    // The plain user's pages leave out the note on the ticket they cannot see; the admin's include it.
    const all = await json<Page>(
      host.request('/api/ticket-notes?searchParam=Só minha', { token: shop.adminToken }),
    );
    expect(all.ticketNotes.map((n) => n.note)).toEqual(['Só minha']);
    const hidden = await json<Page>(
      host.request('/api/ticket-notes?searchParam=Só minha', { token: secondAgentToken }),
    );
    expect(hidden).toEqual({ ticketNotes: [], count: 0, hasMore: false });
    expect((await host.request('/api/ticket-notes?pageNumber=0', { token: shop.agentToken })).status).toBe(
      400,
    );
  });
});
