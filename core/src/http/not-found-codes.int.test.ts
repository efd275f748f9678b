import { defaultWeeklySchedule, type ErrorCode, WEEKDAYS_EN } from '@balcao/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../testing/hostile-requests.js';
import { type SweepServer, startSweepServer } from '../testing/route-sweep.js';

/**
 * Not-found answers name what was not found (spec part 1 §8: ERR_NO_TICKET_FOUND, ERR_NO_CONTACT_FOUND, …), over
 * every route of the routers' own tables that takes a path parameter; a path or method no route serves answers
 * ERR_NO_ROUTE, distinct from them all. A route added without its code here fails the first test.
 */

let server: SweepServer;
const UNKNOWN_ID = '987654';
const ENTITY_PARAMS: Record<string, string> = {
  uuid: '00000000-0000-4000-8000-000000000000',
  token: 'Z'.repeat(30),
  key: 'noSuchSetting',
  number: '5511900009999',
  folder: '987654',
  name: '00000000-0000-4000-8000-000000000000.png',
};

/** The code each route answers for an id (token, key, file) nobody has; a plugin's codes carry its name. */
const EXPECTED: Record<string, ErrorCode | `${string}:${string}`> = {
  'GET /api/media/:folder/:name': 'ERR_NO_MEDIA_FOUND',
  'GET /api/users/:id': 'ERR_NO_USER_FOUND',
  'PUT /api/users/:id': 'ERR_NO_USER_FOUND',
  'POST /api/users/:id/media-upload': 'ERR_NO_USER_FOUND',
  'DELETE /api/users/:id': 'ERR_NO_USER_FOUND',
  'PUT /api/settings/:key': 'ERR_NO_SETTING_FOUND',
  'GET /api/companySettings/:companyId': 'ERR_NO_COMPANY_FOUND',
  'GET /api/companies/listPlan/:id': 'ERR_NO_COMPANY_FOUND',
  'GET /api/companies/:id': 'ERR_NO_COMPANY_FOUND',
  'PUT /api/companies/:id': 'ERR_NO_COMPANY_FOUND',
  'DELETE /api/companies/:id': 'ERR_NO_COMPANY_FOUND',
  'GET /api/companies/:id/schedules': 'ERR_NO_COMPANY_FOUND',
  'PUT /api/companies/:id/schedules': 'ERR_NO_COMPANY_FOUND',
  'GET /api/plans/:id': 'ERR_NO_PLAN_FOUND',
  'PUT /api/plans/:id': 'ERR_NO_PLAN_FOUND',
  'DELETE /api/plans/:id': 'ERR_NO_PLAN_FOUND',
  'GET /api/helps/:id': 'ERR_NO_HELP_FOUND',
  'PUT /api/helps/:id': 'ERR_NO_HELP_FOUND',
  'DELETE /api/helps/:id': 'ERR_NO_HELP_FOUND',
  'GET /api/tickets/u/:uuid': 'ERR_NO_TICKET_FOUND',
  'GET /api/tickets/:id': 'ERR_NO_TICKET_FOUND',
  'PUT /api/tickets/:id': 'ERR_NO_TICKET_FOUND',
  'DELETE /api/tickets/:id': 'ERR_NO_TICKET_FOUND',
  'GET /api/tickets-log/:id': 'ERR_NO_TICKET_FOUND',
  'PUT /api/ticket-tags/:ticketId/:tagId': 'ERR_NO_TICKET_FOUND',
  'DELETE /api/ticket-tags/:ticketId': 'ERR_NO_TICKET_FOUND',
  'GET /api/messages/:ticketId': 'ERR_NO_TICKET_FOUND',
  'POST /api/messages/:ticketId': 'ERR_NO_TICKET_FOUND',
  'DELETE /api/messages/:id': 'ERR_NO_MESSAGE_FOUND',
  'POST /api/messages/:id/retry': 'ERR_NO_MESSAGE_FOUND',
  'POST /api/messages/:messageId/reactions': 'ERR_NO_MESSAGE_FOUND',
  'GET /api/whatsapp/:id': 'ERR_NO_WAPP_FOUND',
  'PUT /api/whatsapp/:id': 'ERR_NO_WAPP_FOUND',
  'DELETE /api/whatsapp/:id': 'ERR_NO_WAPP_FOUND',
  'POST /api/whatsappsession/:whatsappId': 'ERR_NO_WAPP_FOUND',
  'PUT /api/whatsappsession/:whatsappId': 'ERR_NO_WAPP_FOUND',
  'DELETE /api/whatsappsession/:whatsappId': 'ERR_NO_WAPP_FOUND',
  'POST /api/closedimported/:whatsappId': 'ERR_NO_WAPP_FOUND',
  'GET /api/contacts/profile/:number': 'ERR_NO_CONTACT_FOUND',
  'PUT /api/contacts/toggleDisableBot/:id': 'ERR_NO_CONTACT_FOUND',
  'PUT /api/contacts/toggleAcceptAudio/:id': 'ERR_NO_CONTACT_FOUND',
  'PUT /api/contacts/block/:id': 'ERR_NO_CONTACT_FOUND',
  'GET /api/contacts/:id': 'ERR_NO_CONTACT_FOUND',
  'PUT /api/contacts/:id': 'ERR_NO_CONTACT_FOUND',
  'DELETE /api/contacts/:id': 'ERR_NO_CONTACT_FOUND',
  'GET /api/contactTags/:contactId': 'ERR_NO_CONTACT_FOUND',
  'GET /api/tags/:id': 'ERR_NO_TAG_FOUND',
  'PUT /api/tags/:id': 'ERR_NO_TAG_FOUND',
  'DELETE /api/tags/:id': 'ERR_NO_TAG_FOUND',
  'GET /api/announcements/:id': 'ERR_NO_ANNOUNCEMENT_FOUND',
  'PUT /api/announcements/:id': 'ERR_NO_ANNOUNCEMENT_FOUND',
  'DELETE /api/announcements/:id': 'ERR_NO_ANNOUNCEMENT_FOUND',
  'GET /api/announcements/:id/media': 'ERR_NO_ANNOUNCEMENT_FOUND',
  'POST /api/announcements/:id/media-upload': 'ERR_NO_ANNOUNCEMENT_FOUND',
  'DELETE /api/announcements/:id/media-upload': 'ERR_NO_ANNOUNCEMENT_FOUND',
  'GET /api/ticket-notes/:id': 'ERR_NO_TICKET_NOTE_FOUND',
  'DELETE /api/ticket-notes/:id': 'ERR_NO_TICKET_NOTE_FOUND',
  'GET /api/queue/:id': 'ERR_NO_QUEUE_FOUND',
  'PUT /api/queue/:id': 'ERR_NO_QUEUE_FOUND',
  'DELETE /api/queue/:id': 'ERR_NO_QUEUE_FOUND',
  'GET /api/chatbot/:id': 'ERR_NO_CHATBOT_FOUND',
  'PUT /api/chatbot/:id': 'ERR_NO_CHATBOT_FOUND',
  'DELETE /api/chatbot/:id': 'ERR_NO_CHATBOT_FOUND',
  // A web chat (and the e2e fake channel) is reached by its connection's public token.
  'GET /webchat/:token': 'ERR_NO_WAPP_FOUND',
  'GET /webchat/:token/embed.js': 'ERR_NO_WAPP_FOUND',
  'POST /api/webchat/:token/messages': 'ERR_NO_WAPP_FOUND',
  'GET /api/webchat/:token/messages': 'ERR_NO_WAPP_FOUND',
  'POST /api/webchat/:token/read': 'ERR_NO_WAPP_FOUND',
  'POST /api/webchat/:token/presence': 'ERR_NO_WAPP_FOUND',
  'POST /test-channel/:token/inbound': 'ERR_NO_WAPP_FOUND',
  'GET /test-channel/:token/outbox': 'ERR_NO_WAPP_FOUND',
  'PUT /test-channel/:token/address-book': 'ERR_NO_WAPP_FOUND',
  'PUT /test-channel/:token/chats': 'ERR_NO_WAPP_FOUND',
  'PUT /test-channel/:token/outage': 'ERR_NO_WAPP_FOUND',
  'POST /test-channel/:token/scan': 'ERR_NO_WAPP_FOUND',
  'POST /test-channel/:token/history': 'ERR_NO_WAPP_FOUND',
  'POST /test-channel/:token/merge': 'ERR_NO_WAPP_FOUND',
  'POST /api/whatsapp/:id/media-upload': 'ERR_NO_WAPP_FOUND',
  'DELETE /api/whatsapp/:id/media-upload': 'ERR_NO_WAPP_FOUND',
  // A password-reset attempt is found by its id and its number together.
  'POST /api/verificar-code/:number': 'ERR_NO_RESET_ATTEMPT_FOUND',
  // The plugins' records (plugins/*): each plugin names its own.
  'GET /api/campaigns/:id': 'campaigns:ERR_CAMPAIGN_NOT_FOUND',
  'PUT /api/campaigns/:id': 'campaigns:ERR_CAMPAIGN_NOT_FOUND',
  'DELETE /api/campaigns/:id': 'campaigns:ERR_CAMPAIGN_NOT_FOUND',
  'POST /api/campaigns/:id/media-upload': 'campaigns:ERR_CAMPAIGN_NOT_FOUND',
  'DELETE /api/campaigns/:id/media-upload': 'campaigns:ERR_CAMPAIGN_NOT_FOUND',
  'POST /api/campaigns/:id/cancel': 'campaigns:ERR_CAMPAIGN_NOT_FOUND',
  'POST /api/campaigns/:id/restart': 'campaigns:ERR_CAMPAIGN_NOT_FOUND',
  'GET /api/campaigns/:id/report': 'campaigns:ERR_CAMPAIGN_NOT_FOUND',
  'GET /api/campaigns/:id/report/export': 'campaigns:ERR_CAMPAIGN_NOT_FOUND',
  'GET /api/chats/:id': 'internal-chat:ERR_CHAT_NOT_FOUND',
  'PUT /api/chats/:id': 'internal-chat:ERR_CHAT_NOT_FOUND',
  'DELETE /api/chats/:id': 'internal-chat:ERR_CHAT_NOT_FOUND',
  'GET /api/chats/:id/messages': 'internal-chat:ERR_CHAT_NOT_FOUND',
  'POST /api/chats/:id/messages': 'internal-chat:ERR_CHAT_NOT_FOUND',
  'POST /api/chats/:id/read': 'internal-chat:ERR_CHAT_NOT_FOUND',
  'GET /api/contact-lists/:id': 'contact-lists:ERR_NO_CONTACT_LIST_FOUND',
  'PUT /api/contact-lists/:id': 'contact-lists:ERR_NO_CONTACT_LIST_FOUND',
  'DELETE /api/contact-lists/:id': 'contact-lists:ERR_NO_CONTACT_LIST_FOUND',
  'POST /api/contact-lists/:id/upload': 'contact-lists:ERR_NO_CONTACT_LIST_FOUND',
  'POST /api/contact-lists/:id/check': 'contact-lists:ERR_NO_CONTACT_LIST_FOUND',
  'GET /api/contact-list-items/:id': 'contact-lists:ERR_NO_CONTACT_LIST_ITEM_FOUND',
  'PUT /api/contact-list-items/:id': 'contact-lists:ERR_NO_CONTACT_LIST_ITEM_FOUND',
  'DELETE /api/contact-list-items/:id': 'contact-lists:ERR_NO_CONTACT_LIST_ITEM_FOUND',
  'GET /api/files/:id': 'file-lists:ERR_NO_FILE_LIST_FOUND',
  'PUT /api/files/:id': 'file-lists:ERR_NO_FILE_LIST_FOUND',
  'DELETE /api/files/:id': 'file-lists:ERR_NO_FILE_LIST_FOUND',
  'POST /api/files/:id/options/:optionId/file': 'file-lists:ERR_NO_FILE_LIST_FOUND',
  'GET /api/plantao/:id': 'on-call:ERR_ON_CALL_NOT_FOUND',
  'PUT /api/plantao/:id': 'on-call:ERR_ON_CALL_NOT_FOUND',
  'DELETE /api/plantao/:id': 'on-call:ERR_ON_CALL_NOT_FOUND',
  'PUT /api/ticket/kanban/:ticketId': 'ERR_NO_TICKET_FOUND',
  'GET /api/prompt/:id': 'openai:ERR_NO_PROMPT_FOUND',
  'PUT /api/prompt/:id': 'openai:ERR_NO_PROMPT_FOUND',
  'DELETE /api/prompt/:id': 'openai:ERR_NO_PROMPT_FOUND',
  'GET /api/queueIntegration/:id': 'queue-integrations:ERR_INTEGRATION_NOT_FOUND',
  'PUT /api/queueIntegration/:id': 'queue-integrations:ERR_INTEGRATION_NOT_FOUND',
  'DELETE /api/queueIntegration/:id': 'queue-integrations:ERR_INTEGRATION_NOT_FOUND',
  'GET /api/quick-messages/:id': 'quick-messages:ERR_QUICK_MESSAGE_NOT_FOUND',
  'PUT /api/quick-messages/:id': 'quick-messages:ERR_QUICK_MESSAGE_NOT_FOUND',
  'DELETE /api/quick-messages/:id': 'quick-messages:ERR_QUICK_MESSAGE_NOT_FOUND',
  'POST /api/quick-messages/:id/media-upload': 'quick-messages:ERR_QUICK_MESSAGE_NOT_FOUND',
  'DELETE /api/quick-messages/:id/media-upload': 'quick-messages:ERR_QUICK_MESSAGE_NOT_FOUND',
  'GET /api/schedules/:id': 'schedules:ERR_SCHEDULE_NOT_FOUND',
  'PUT /api/schedules/:id': 'schedules:ERR_SCHEDULE_NOT_FOUND',
  'DELETE /api/schedules/:id': 'schedules:ERR_SCHEDULE_NOT_FOUND',
  'POST /api/schedules/:id/retry': 'schedules:ERR_SCHEDULE_NOT_FOUND',
};

/** Bodies that pass validation, so that the missing entity is what answers. */
const BODIES: Record<string, Record<string, unknown>> = {
  'PUT /api/settings/:key': { value: 'enabled' },
  'PUT /api/companies/:id/schedules': { schedules: defaultWeeklySchedule() },
  'POST /api/messages/:ticketId': { body: 'Olá' },
  'POST /api/messages/:messageId/reactions': { emoji: '👍' },
  'POST /test-channel/:token/merge': { alias: '5511900000001', id: '5511900000002' },
  'PUT /api/contacts/block/:id': { active: false },
  'PUT /api/contacts/:id': { name: 'Ninguém', number: '5511900009999' },
  'PUT /api/tags/:id': { name: 'Nenhuma', color: '#1565c0' },
  'PUT /api/announcements/:id': { title: 'Nenhum', text: 'Nada' },
  'PUT /api/queue/:id': { name: 'Nenhuma', color: '#1565c0' },
  'PUT /api/chatbot/:id': { name: 'Nenhuma' },
  'POST /api/verificar-code/:number': { userId: '00000000-0000-4000-8000-000000000000', code: '123456' },
  'PUT /api/campaigns/:id': { name: 'Nenhuma', whatsappId: '1', contactListId: 1, message1: 'Olá' },
  'PUT /api/chats/:id': { title: 'Nenhum', users: [{ id: 1 }] },
  'POST /api/chats/:id/messages': { message: 'Olá' },
  'PUT /api/contact-lists/:id': { name: 'Nenhuma' },
  'PUT /api/contact-list-items/:id': { name: 'Ninguém', number: '5511900009999' },
  'PUT /api/files/:id': { name: 'Nenhuma', message: 'Nada' },
  'PUT /api/plantao/:id': {
    userId: 1,
    phone: '5511900009999',
    interval: 1,
    days: WEEKDAYS_EN.map((weekdayEn) => ({ weekdayEn, startTime: '08:00', endTime: '18:00' })),
  },
  'PUT /api/ticket/kanban/:ticketId': { laneTagId: null },
  'PUT /api/prompt/:id': { name: 'Nenhum', prompt: 'Responda com educação.', queueId: 1 },
  'PUT /api/queueIntegration/:id': {
    type: 'webhook',
    name: 'Nenhuma',
    urlN8N: 'https://exemplo.com.br/gancho',
  },
  'PUT /api/quick-messages/:id': { shortcode: 'nada', message: 'Nada' },
  'PUT /api/schedules/:id': {
    contactId: 1,
    body: 'Mensagem agendada',
    sendAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  },
};

/** Routes whose body is the file itself (its name and type in the query). */
const RAW_UPLOADS = new Set(['POST /api/files/:id/options/:optionId/file']);

/** Query strings a route validates before it looks up its record. */
const QUERIES: Record<string, string> = {
  'POST /api/files/:id/options/:optionId/file': '?fileName=a.png&mimeType=image%2Fpng',
};

const keyOf = (route: RouteEntry) => `${route.method} ${route.path}`;
const withParams = () => server.routes.filter((r) => r.params.length > 0);

/** Upload routes and their file field: the upload carries a file, so only the entity is missing. */
const UPLOAD_FIELDS: Record<string, string> = {
  'POST /api/users/:id/media-upload': 'profileImage',
  'POST /api/announcements/:id/media-upload': 'file',
  'POST /api/whatsapp/:id/media-upload': 'file',
};

/** The route with nobody's id in each parameter. */
async function sendUnknown(route: RouteEntry, token: string): Promise<{ status: number; text: string }> {
  const url =
    route.url(Object.fromEntries(route.params.map((p) => [p, ENTITY_PARAMS[p] ?? UNKNOWN_ID]))) +
    (QUERIES[keyOf(route)] ?? '');
  if (RAW_UPLOADS.has(keyOf(route))) {
    const res = await fetch(`${server.kernel.url}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: Buffer.from('89504e470d0a1a0a', 'hex'),
    });
    return { status: res.status, text: await res.text() };
  }
  const uploadField = UPLOAD_FIELDS[keyOf(route)];
  if (uploadField) {
    const form = new FormData();
    form.append(
      uploadField,
      new Blob([Buffer.from('89504e470d0a1a0a', 'hex')], { type: 'image/png' }),
      'a.png',
    );
    const res = await fetch(`${server.kernel.url}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: res.status, text: await res.text() };
  }
  const body = BODIES[keyOf(route)] ?? (route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
  return server.send(route.method, url, token, body);
}

beforeAll(async () => {
  server = await startSweepServer();
});
afterAll(() => server?.stop());

describe('not-found answers name the entity', () => {
  it('every route that takes a path parameter has its entity code here', () => {
    expect(withParams().map(keyOf).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('an unknown id on every entity route answers 404 with the entity-named code', async () => {
    const answers: string[] = [];
    for (const route of withParams()) {
      const res = await sendUnknown(route, server.superToken);
      answers.push(`${keyOf(route)} → ${res.status} ${res.text}`);
    }
    expect(answers).toEqual(
      withParams().map((r) => `${keyOf(r)} → 404 ${JSON.stringify({ error: EXPECTED[keyOf(r)] })}`),
    );
  });

  it('DELETE /api/messages/{id} never says "ticket": an unknown message, or one on a ticket the user may not see', async () => {
    const send = (method: string, url: string, token: string, body?: Record<string, unknown>) =>
      server.send(method, url, token, body);
    const created = async (url: string, body: Record<string, unknown>) =>
      JSON.parse((await send('POST', url, server.superToken, body)).text);
    const queue = await created('/api/queue', { name: 'Fila da sonda', color: '#2e7d32' });
    const contact = await created('/api/contacts', { name: 'Contato da sonda', number: '5511987650099' });
    const connection = await created('/api/whatsapp', { name: 'Sonda', channel: 'whatsapp' });
    const ticket = await created('/api/tickets', {
      contactId: contact.id,
      queueId: queue.id,
      whatsappId: connection.id,
      status: 'open',
      userId: 1,
    });
    const message = await created(`/api/messages/${ticket.id}`, { body: 'Só do admin' });
    await created('/api/users', { name: 'Sem Filas', email: 'semfilas@sonda.test', password: 'sonda-pass' });
    const attendant = await server.login('semfilas@sonda.test', 'sonda-pass');
    const hidden = await send('DELETE', `/api/messages/${message.id}`, attendant);
    expect(hidden).toEqual({ status: 404, text: JSON.stringify({ error: 'ERR_NO_MESSAGE_FOUND' }) });
    const unknown = await send('DELETE', `/api/messages/${UNKNOWN_ID}`, attendant);
    expect(unknown).toEqual({ status: 404, text: JSON.stringify({ error: 'ERR_NO_MESSAGE_FOUND' }) });
    const forwarded = await send('POST', '/api/message/forward', attendant, {
      messageId: message.id,
      contactId: contact.id,
    });
    expect(forwarded).toEqual({ status: 404, text: JSON.stringify({ error: 'ERR_NO_MESSAGE_FOUND' }) });
  });
});

describe('a path no route serves', () => {
  const noRoute = { status: 404, text: JSON.stringify({ error: 'ERR_NO_ROUTE' }) };

  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/nope'],
    ['PUT', '/api/nope/1'],
    ['DELETE', '/api/nope/1'],
    ['GET', '/api'],
    ['GET', '/api/tickets/1/nope'],
    // A known path, with a method none of its routes serves.
    ['PATCH', '/api/tickets'],
    ['DELETE', '/api/contacts'],
    ['PUT', '/api/tickets/u/00000000-0000-4000-8000-000000000000'],
  ])('%s %s answers 404 ERR_NO_ROUTE, signed in or not', async (method, url) => {
    expect(await server.send(method, url, server.superToken)).toEqual(noRoute);
    expect(await server.send(method, url, undefined)).toEqual(noRoute);
  });

  it("leaves the UI's client routes outside /api to the UI", async () => {
    const res = await server.send('GET', '/tickets/00000000-0000-4000-8000-000000000000', undefined);
    // The built page (200), or the hint to build it (503) where no UI was built: never an API answer.
    expect([200, 503]).toContain(res.status);
    expect(res.text).not.toContain('ERR_');
  });
});
