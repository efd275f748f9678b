import type { MessageDto, TicketDto, TicketLogDto } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tour from './index.js';

/**
 * The company as an actor from a plugin author's side: the tour opens, moves, closes and reopens tickets as itself
 * (the ticket's log names `tour`, no user borrowed), and sends to a contact once per key.
 */
let host: TestHost;
let token: string;
let adminId: number;
let connectionId: number;

const call = async <T>(path: string, body?: unknown): Promise<{ status: number; body: T }> => {
  const res = await host.request(path, { token, method: 'POST', body: body ?? {} });
  return { status: res.status, body: (await res.json()) as T };
};
const newContact = async (number: string): Promise<number> =>
  (await call<{ id: number }>('/api/contacts', { name: `Cliente ${number}`, number })).body.id;
const logOf = async (ticketId: number): Promise<TicketLogDto[]> =>
  (await host.request(`/api/tickets-log/${ticketId}`, { token })).json();

beforeAll(async () => {
  host = await createTestHost({ plugins: [tour] });
  const login = await host.login(host.admin.email, host.admin.password);
  token = login.token;
  adminId = login.user.id;
  // A phone connection reaches the contacts' numbers (no channel plugin: nothing leaves, the outbox keeps it).
  connectionId = (await call<{ id: number }>('/api/whatsapp', { name: 'Campanhas', channel: 'whatsapp' }))
    .body.id;
});
afterAll(() => host?.stop());

describe('the company as an actor', () => {
  it('opens, transfers, closes and reopens a ticket as the plugin; the log names the plugin', async () => {
    const contactId = await newContact('5511977770001');
    const queueId = (await call<{ id: number }>('/api/queue', { name: 'Cobrança', color: '#aa3300' })).body
      .id;
    const opened = await call<TicketDto>('/api/tour/actor/tickets', { contactId, whatsappId: connectionId });
    expect(opened).toMatchObject({ status: 200, body: { status: 'pending', userId: null, contactId } });
    const id = opened.body.id;
    expect((await call<TicketDto>(`/api/tour/actor/tickets/${id}/transfer`, { queueId })).body).toMatchObject(
      {
        status: 'pending',
        queueId,
      },
    );
    expect((await call<TicketDto>(`/api/tour/actor/tickets/${id}/close`)).body.status).toBe('closed');
    // Reopened by the plugin: waiting in its queue again, nobody's.
    expect((await call<TicketDto>(`/api/tour/actor/tickets/${id}/reopen`)).body).toMatchObject({
      status: 'pending',
      userId: null,
      queueId,
    });
    expect(
      (await call<TicketDto>(`/api/tour/actor/tickets/${id}/transfer`, { userId: adminId })).body,
    ).toMatchObject({ status: 'open', userId: adminId });
    const log = (await logOf(id)).map((l) => ({ type: l.type, user: l.user?.id ?? null, plugin: l.plugin }));
    expect(log).toEqual([
      { type: 'create', user: null, plugin: 'tour' },
      { type: 'queue', user: null, plugin: 'tour' },
      { type: 'closed', user: null, plugin: 'tour' },
      { type: 'reopen', user: null, plugin: 'tour' },
      { type: 'transfered', user: null, plugin: 'tour' },
      { type: 'receivedTransfer', user: adminId, plugin: 'tour' },
    ]);
    // The spec's table still applies: a closed ticket is not closed twice.
    await call(`/api/tour/actor/tickets/${id}/close`);
    const twice = await call<{ error: string }>(`/api/tour/actor/tickets/${id}/close`);
    expect(twice).toEqual({
      status: 409,
      body: expect.objectContaining({ error: 'ERR_INVALID_TICKET_TRANSITION' }),
    });
  });

  it('sends to a contact once per key, and a held ticket stays out of the lists', async () => {
    const contactId = await newContact('5511977770002');
    const input = { contactId, connectionId, body: 'Seu pedido saiu', idempotencyKey: 'pedido-77:entrega' };
    const first = await call<MessageDto>('/api/tour/actor/send', { ...input, holdUntilReply: true });
    expect(first).toMatchObject({
      status: 200,
      body: { body: 'Seu pedido saiu', fromMe: true, userId: null },
    });
    const replay = await call<MessageDto>('/api/tour/actor/send', input);
    expect(replay).toEqual(first);
    const ticket = (await (
      await host.request(`/api/tickets/${first.body.ticketId}`, { token })
    ).json()) as TicketDto;
    expect(ticket).toMatchObject({ status: 'held', userId: null });
    const pending = await (await host.request('/api/tickets?status=pending&showAll=true', { token })).json();
    expect((pending.tickets as TicketDto[]).map((t) => t.id)).not.toContain(ticket.id);
    expect((await logOf(ticket.id)).map((l) => [l.type, l.plugin])).toEqual([['create', 'tour']]);
  });

  it('refuses hostile input with 4xx codes', async () => {
    const contactId = await newContact('5511977770003');
    const base = { contactId, connectionId, body: 'Oi', idempotencyKey: 'k' };
    expect((await call('/api/tour/actor/send', { ...base, idempotencyKey: 'x'.repeat(201) })).status).toBe(
      400,
    );
    expect((await call('/api/tour/actor/send', { ...base, contactId: 2 ** 31 })).status).toBe(400);
    const other = await call<{ error: string }>('/api/whatsapp', { name: 'Site', channel: 'webchat' });
    const unreachable = await call<{ error: string }>('/api/tour/actor/send', {
      ...base,
      connectionId: (other.body as unknown as { id: number }).id,
    });
    expect(unreachable).toEqual({
      status: 400,
      body: expect.objectContaining({ error: 'ERR_CONNECTION_CANNOT_REACH' }),
    });
    expect((await call('/api/tour/actor/tickets/99999999999/close')).status).toBe(400);
  });
});
