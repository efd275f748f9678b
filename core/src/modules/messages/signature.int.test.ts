import type { MessageDto } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedTicket, webchatConnection } from '../../testing/attendance-fixtures.js';
import { openSocket } from '../../testing/tenant-fixtures.js';

// The signature (spec part 1 §9: bold name and newline) is the attendant's toggle, offered while the company's
// sendSignMessage setting is enabled; disabled, nothing is signed whatever the request says.

let host: TestHost;
let admin: string;
let adminName: string;
let ticket: number;

const send = async (body: Record<string, unknown>): Promise<MessageDto> => {
  const res = await host.request(`/api/messages/${ticket}`, { token: admin, body });
  expect(res.status).toBe(201);
  return res.json();
};
const setting = (value: string) =>
  host.request('/api/settings/sendSignMessage', { method: 'PUT', token: admin, body: { value } });

beforeAll(async () => {
  host = await createTestHost();
  const login = await host.login(host.admin.email, host.admin.password);
  admin = login.token;
  adminName = login.user.name;
  const connection = await webchatConnection(host, admin);
  ticket = await acceptedTicket(host, connection, admin, login.user.id);
});
afterAll(() => host?.stop());

describe('sendSignMessage', () => {
  it('enabled, a message asked to be signed is; disabled, no text, caption or forward is, and screens hear it live', async () => {
    expect((await send({ body: 'Olá', signMessage: true })).body).toBe(`*${adminName}:*\nOlá`);

    const socket = await openSocket(host.url, admin);
    expect((await setting('disabled')).status).toBe(200);
    const heard = await eventually(() => socket.frames.find((f) => f.channel === 'company-1-settings'));
    expect(heard.data).toEqual({ action: 'update', setting: { key: 'sendSignMessage', value: 'disabled' } });

    expect((await send({ body: 'Sem assinatura', signMessage: true })).body).toBe('Sem assinatura');
    const form = new FormData();
    form.append('medias', new Blob([new Uint8Array(200).fill(1)], { type: 'image/png' }), 'foto.png');
    form.append('body', 'Legenda');
    form.append('signMessage', 'true');
    const [media] = (await (
      await fetch(`${host.url}/api/messages/${ticket}`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${admin}` },
      })
    ).json()) as MessageDto[];
    expect(media.body).toBe('Legenda');
    const source = await send({ body: 'Encaminhar' });
    // The copy goes to a phone contact: on a phone connection (the web chat reaches only its own visitors).
    const phone = await host.request('/api/whatsapp', {
      token: admin,
      body: { name: 'Fone', channel: 'whatsapp' },
    });
    expect(phone.status).toBe(201);
    const target = (await (
      await host.request('/api/contacts', {
        token: admin,
        body: { name: 'Destino', number: '5511955554444' },
      })
    ).json()) as { id: number };
    const forwarded = (await (
      await host.request('/api/message/forward', {
        token: admin,
        body: { messageId: source.id, contactId: target.id, signMessage: true },
      })
    ).json()) as MessageDto;
    expect(forwarded.body).toBe('Encaminhar');

    expect((await setting('enabled')).status).toBe(200);
    expect((await send({ body: 'De novo', signMessage: true })).body).toBe(`*${adminName}:*\nDe novo`);
    socket.close();
  });
});
