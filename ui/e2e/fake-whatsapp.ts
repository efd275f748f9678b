import { type APIRequestContext, expect } from '@playwright/test';

// The WhatsApp side of the group specs: the e2e server's fake channel (core/src/testing/fake-whatsapp-plugin.ts)
// stands for the WhatsApp servers, on company 1's connection 'WhatsApp de teste'.

/** The name the e2e server gives company 1's fake WhatsApp connection (E2E.fakeWhatsapp). */
export const FAKE_WHATSAPP_NAME = 'WhatsApp de teste';

export interface FakeWhatsapp {
  id: number;
  token: string;
}

/** Company 1's fake WhatsApp connection: its id and the token its test routes take. */
export async function fakeWhatsapp(request: APIRequestContext, adminToken: string): Promise<FakeWhatsapp> {
  const res = await request.get('/api/whatsapp', { headers: { authorization: `Bearer ${adminToken}` } });
  expect(res.ok()).toBe(true);
  const connections = (await res.json()) as { id: number; name: string; token: string }[];
  const found = connections.find((c) => c.name === FAKE_WHATSAPP_NAME);
  expect(found).toBeDefined();
  return found as FakeWhatsapp;
}

/** Sets the connection's group fields (PUT /api/whatsapp/{id}). */
export async function setGroupAsTicket(
  request: APIRequestContext,
  adminToken: string,
  connection: FakeWhatsapp,
  groupAsTicket: 'enabled' | 'disabled',
): Promise<void> {
  const res = await request.put(`/api/whatsapp/${connection.id}`, {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { groupAsTicket },
  });
  expect(res.ok()).toBe(true);
}

/** A participant writes in a WhatsApp group: the message goes through the real ingest pipeline. */
export async function groupSays(
  request: APIRequestContext,
  connection: FakeWhatsapp,
  message: { group: { id: string; name: string }; participant: string; body: string },
): Promise<number> {
  const res = await request.post(`/test-channel/${connection.token}/inbound`, {
    data: {
      externalId: `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      from: message.group,
      isGroup: true,
      participant: message.participant,
      body: message.body,
    },
  });
  expect(res.status()).toBe(201);
  const result = await res.json();
  expect(result.outcome).toBe('stored');
  return result.ticketId as number;
}

/** What Balcão sent on the connection so far (to, body, ticketId…), oldest first. */
export async function outbox(
  request: APIRequestContext,
  connection: FakeWhatsapp,
): Promise<{ to: string; body: string; ticketId: number }[]> {
  const res = await request.get(`/test-channel/${connection.token}/outbox`);
  expect(res.ok()).toBe(true);
  return (await res.json()).messages;
}

/** A group of a test of its own: unique id and name. */
export function newGroup(label: string): { id: string; name: string } {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return { id: `120363${stamp}`, name: `${label} ${stamp.slice(-5)}` };
}
