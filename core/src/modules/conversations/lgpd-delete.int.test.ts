import type { ConnectionDto } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../testing/attendance-fixtures.js';
import { fakeWhatsappPlugin } from '../../testing/fake-whatsapp-plugin.js';
import { type ConversationsService, DELETED_MESSAGE_TEXT } from './conversations-service.js';

/**
 * A message the contact deletes (the channel's revoke, ConversationsPort.revoked; peer §6 lgpdDeleteMessage): flagged
 * deleted; its text erased too when the company enabled enableLGPD and lgpdDeleteMessage; the ticket's row no longer
 * previews it.
 */
let host: TestHost;
let token: string;
let connection: ConnectionDto;
let conversations: ConversationsService;
let seq = 0;

async function api<T>(path: string, method = 'GET', body?: unknown): Promise<T> {
  const res = await host.request(path, { method, token, body });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return (await res.json()) as T;
}
const setting = (key: string, value: string) => api(`/api/settings/${key}`, 'PUT', { value });

/** The contact `number` writes `body` (or the phone does, fromMe); answers ids and the channel's external id. */
async function write(number: string, body: string, fromMe = false) {
  const externalId = `lgpd-del-${++seq}`;
  const res = await host.request(`/test-channel/${connection.token}/inbound`, {
    body: { externalId, from: { id: number, name: 'Ana' }, body, fromMe },
  });
  expect(res.status).toBe(201);
  const { ticketId, messageId } = (await res.json()) as { ticketId: number; messageId: number };
  return { ticketId, messageId, externalId };
}
async function revoke(externalId: string) {
  const conn = await conversations.connectionByToken(connection.token as string, 'whatsapp');
  if (!conn) throw new Error('no connection');
  return conversations.revoked(conn, externalId);
}
const stored = async (messageId: number) =>
  (
    await sql<{ body: string; is_deleted: boolean }>(
      host,
      'select body, is_deleted from messages where id = $1',
      [messageId],
    )
  )[0];
const lastMessage = async (ticketId: number) =>
  (await api<{ lastMessage: string | null }>(`/api/tickets/${ticketId}`)).lastMessage;

beforeAll(async () => {
  host = await createTestHost({ plugins: [fakeWhatsappPlugin] });
  token = (await host.login(host.admin.email, host.admin.password)).token;
  connection = await api<ConnectionDto>('/api/whatsapp', 'POST', { name: 'Fone LGPD', channel: 'whatsapp' });
  conversations = host.resolve<ConversationsService>('conversations');
});
afterAll(() => host?.stop());

describe('a message the contact deletes', () => {
  it('is only flagged while LGPD or lgpdDeleteMessage is off; the row stops previewing it', async () => {
    const m = await write('5511944440001', 'meu CPF é 123.456.789-00');
    expect(await revoke(m.externalId)).toBe(true);
    expect(await stored(m.messageId)).toEqual({ body: 'meu CPF é 123.456.789-00', is_deleted: true });
    expect(await lastMessage(m.ticketId)).toBe(DELETED_MESSAGE_TEXT);

    await setting('lgpdDeleteMessage', 'enabled'); // without enableLGPD: still only flagged
    const n = await write('5511944440001', 'meu endereço é Rua A, 1');
    expect(await revoke(n.externalId)).toBe(true);
    expect(await stored(n.messageId)).toEqual({ body: 'meu endereço é Rua A, 1', is_deleted: true });
    // Deleting it again changes nothing.
    expect(await revoke(n.externalId)).toBe(false);
  });

  it('loses its text with enableLGPD and lgpdDeleteMessage; a later message keeps the preview', async () => {
    await setting('enableLGPD', 'enabled');
    await setting('lgpdDeleteMessage', 'enabled');
    const m = await write('5511944440002', 'meu CPF é 987.654.321-00');
    const later = await write('5511944440002', 'obrigado');
    expect(await revoke(m.externalId)).toBe(true);
    expect(await stored(m.messageId)).toEqual({ body: DELETED_MESSAGE_TEXT, is_deleted: true });
    const shown = await api<{ messages: { id: number; body: string; isDeleted: boolean }[] }>(
      `/api/messages/${m.ticketId}`,
    );
    expect(shown.messages.find((x) => x.id === m.messageId)).toMatchObject({
      body: DELETED_MESSAGE_TEXT,
      isDeleted: true,
    });
    expect(await lastMessage(m.ticketId)).toBe('obrigado');

    expect(await revoke(later.externalId)).toBe(true);
    expect(await lastMessage(later.ticketId)).toBe(DELETED_MESSAGE_TEXT);

    // A message sent from the phone and deleted there is the company's own: flagged, its text kept.
    const own = await write('5511944440002', 'segue o boleto', true);
    expect(await revoke(own.externalId)).toBe(true);
    expect(await stored(own.messageId)).toEqual({ body: 'segue o boleto', is_deleted: true });

    await setting('enableLGPD', 'disabled');
    await setting('lgpdDeleteMessage', 'disabled');
  });
});
