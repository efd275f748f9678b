import { fakeSockets, waMessage } from '@balcao/channel-whatsapp/testing';
import type { ConnectionDto, TicketDto } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { proto, type WAMessage } from '@whiskeysockets/baileys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWhatsappPlugin } from './index.js';

/**
 * A LID mapping learnt late, end to end (issue 13, identity): the real adapter in the real plugin on a fake Baileys
 * socket. A person writes from a LID nobody had mapped (a contact under the LID), then from their number (a second
 * contact); when Baileys reports the mapping, core makes them one contact with one pending ticket holding both.
 */
const LID = '176543210987654';
const NUMBER = '5511977770001';
let host: TestHost;
let token: string;
const fake = fakeSockets((socket) => socket.openAs('5511999990000'));

const api = async (path: string) => {
  const res = await host.request(path, { token });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return res.json();
};

const fromLid = (id: string): WAMessage => {
  const message = proto.WebMessageInfo.fromObject({
    message: { conversation: 'oi pelo lid' },
    pushName: 'Carla',
    messageTimestamp: Math.floor(Date.now() / 1000),
  }) as WAMessage;
  message.key = { fromMe: false, id, remoteJid: `${LID}@lid` };
  return message;
};

beforeAll(async () => {
  host = await createTestHost({ plugins: [createWhatsappPlugin({ makeSocket: fake.makeSocket })] });
  token = (await host.login(host.admin.email, host.admin.password)).token;
});
afterAll(() => host?.stop());

describe('a WhatsApp LID mapped late', () => {
  it('joins the LID contact and its ticket to the number’s: one contact, one pending ticket', async () => {
    const res = await host.request('/api/whatsapp', { token, body: { name: 'LID', channel: 'whatsapp' } });
    expect(res.status).toBe(201);
    const connection = (await res.json()) as ConnectionDto;
    const socket = await eventually(() => fake.opened.at(-1));
    const pending = async (): Promise<TicketDto[]> =>
      (await api(`/api/tickets?status=pending&showAll=true&whatsappIds=${connection.id}`)).tickets;

    socket.receive(fromLid('LATE1'));
    socket.receive(
      waMessage.from(NUMBER, 'LATE2', { conversation: 'oi pelo número' }, { pushName: 'Carla' }),
    );
    const before = await eventually(async () => ((await pending()).length === 2 ? pending() : undefined));
    expect(before.map((t) => t.contact?.number).sort()).toEqual([NUMBER, LID].sort());
    const lidContacts = async () => (await api(`/api/contacts?searchParam=${LID}`)).contacts as unknown[];
    expect(await lidContacts()).toHaveLength(1);

    socket.lidMapping(`${LID}@lid`, `${NUMBER}@s.whatsapp.net`);
    const after = await eventually(async () => {
      const open = await pending();
      return open.length === 1 ? open : undefined;
    });
    expect(after[0]?.contact?.number).toBe(NUMBER);
    const messages = (await api(`/api/messages/${after[0]?.id}`)).messages as { body: string }[];
    expect(messages.map((m) => m.body).sort()).toEqual(['oi pelo lid', 'oi pelo número']);
    expect(await lidContacts()).toEqual([]);
  });
});
