import {
  connectSocket,
  createFakeChannel,
  createTestHost,
  eventually,
  type TestHost,
  type TestSocket,
} from '@balcao/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckFrame, ContactListItemDto } from '../shared/contact-lists.js';
import contactLists from './index.js';
import { call, campaignsTenant, uploadSheet, xlsxOf } from './test-fixtures.js';

/**
 * The WhatsApp check of list numbers (issue 26): after an import, an add or a renumbering, a background job asks the
 * company's connected connection (ConnectionsPort.checkAddress) about each unchecked number and stores the answer,
 * one frame per answer on `company-{id}-ContactListCheck`. The fake channel's servers stand for WhatsApp's: numbers
 * beginning 5500 have no account, 5501 make the check fail, and 55029… mobiles are known without the ninth digit.
 */
const asked: string[] = [];
const fake = createFakeChannel({
  checkAddress(address) {
    asked.push(address);
    if (address.startsWith('5500')) return null;
    if (address.startsWith('5501')) throw new Error('WhatsApp servers did not answer');
    if (address.startsWith('55029') && address.length === 13) return `5502${address.slice(5)}`;
    return address;
  },
});

let host: TestHost;
let superToken: string;
let shop: Awaited<ReturnType<typeof campaignsTenant>>;

beforeAll(async () => {
  host = await createTestHost({ plugins: [fake.plugin, contactLists] });
  superToken = (await host.login(host.admin.email, host.admin.password)).token;
  shop = await campaignsTenant(host, superToken, 'Checa Listas');
  await fake.connect(host, shop.adminToken);
});
afterAll(() => host?.stop());

async function sql(text: string, params: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: host.databaseUrl });
  await client.connect();
  await client.query(text, params).finally(() => client.end());
}

const CHECK = (companyId: number) => `company-${companyId}-ContactListCheck`;

const newList = async (name: string, token = shop.adminToken) =>
  (await call(host, '/api/contact-lists', { token, body: { name } })).body as { id: number };

async function itemsOf(listId: number, token = shop.adminToken): Promise<ContactListItemDto[]> {
  const res = await call(host, `/api/contact-list-items?contactListId=${listId}`, { token });
  return res.body.contacts;
}

/** The `checked` frames of one list, in the order they came. */
const checkedOf = (socket: TestSocket, companyId: number, listId: number) =>
  socket.frames
    .filter((f) => f.channel === CHECK(companyId))
    .map((f) => f.data as CheckFrame)
    .flatMap((d) => (d.action === 'checked' && d.record.contactListId === listId ? [d.record] : []));

describe('checking list numbers with WhatsApp', () => {
  it('checks an import in the background: valid, invalid, failed, and the number WhatsApp writes; a frame each', async () => {
    const list = await newList('Checagem');
    const socket = await connectSocket(host, shop.agentToken);
    try {
      const res = await uploadSheet(
        host,
        shop.adminToken,
        list.id,
        await xlsxOf([
          ['Ana', '5511990001001'],
          ['Bia', '5500119900002'],
          ['Caio', '5501119900003'],
          ['Duda', '5502987650004'],
        ]),
      );
      expect(res.body).toMatchObject({ imported: 4, refused: 0 });
      await eventually(() => (checkedOf(socket, shop.companyId, list.id).length === 4 ? true : undefined));
      // One statement inserts the sheet: its rows' ids need not follow the sheet's order.
      const frames = checkedOf(socket, shop.companyId, list.id).sort((a, b) => a.name.localeCompare(b.name));
      expect(frames.map((r) => [r.name, r.number, r.isWhatsappValid])).toEqual([
        ['Ana', '5511990001001', true],
        ['Bia', '5500119900002', false],
        ['Caio', '5501119900003', null],
        ['Duda', '550287650004', true],
      ]);
      const stored = await itemsOf(list.id);
      expect(stored.map((r) => [r.name, r.number, r.isWhatsappValid])).toEqual(
        frames.map((r) => [r.name, r.number, r.isWhatsappValid]),
      );
      for (const n of ['5511990001001', '5500119900002', '5501119900003', '5502987650004'])
        expect(
          asked.filter((a) => a === n),
          n,
        ).toHaveLength(1);
    } finally {
      socket.close();
    }
  });

  it('a later run asks only about unchecked numbers; "check again" asks about every one', async () => {
    const list = await newList('Checagem de novo');
    const socket = await connectSocket(host, shop.agentToken);
    try {
      for (const [name, number] of [
        ['Eva', '5511990002001'],
        ['Fábio', '5500119900012'],
      ]) {
        const res = await call(host, '/api/contact-list-items', {
          token: shop.adminToken,
          body: { contactListId: list.id, name, number },
        });
        expect(res.status).toBe(201);
      }
      await eventually(() => (checkedOf(socket, shop.companyId, list.id).length === 2 ? true : undefined));
      const before = asked.length;
      const gil = await call(host, '/api/contact-list-items', {
        token: shop.adminToken,
        body: { contactListId: list.id, name: 'Gil', number: '5511990002003' },
      });
      await eventually(() => (checkedOf(socket, shop.companyId, list.id).length === 3 ? true : undefined));
      // A run asks in id order: had it asked Eva or Fábio again, they would come before Gil.
      expect(asked.slice(before)).toEqual(['5511990002003']);
      expect(checkedOf(socket, shop.companyId, list.id)[2]).toMatchObject({
        id: gil.body.id,
        isWhatsappValid: true,
      });

      const again = await call(host, `/api/contact-lists/${list.id}/check`, {
        token: shop.agentToken,
        body: { again: true },
      });
      expect(again.status).toBe(202);
      await eventually(() => (checkedOf(socket, shop.companyId, list.id).length === 6 ? true : undefined));
      expect(asked.slice(before + 1).sort()).toEqual(['5500119900012', '5511990002001', '5511990002003']);
    } finally {
      socket.close();
    }
  });

  it('renumbering an item checks its new number', async () => {
    const list = await newList('Renumerada');
    const socket = await connectSocket(host, shop.agentToken);
    try {
      const item = await call(host, '/api/contact-list-items', {
        token: shop.adminToken,
        body: { contactListId: list.id, name: 'Hugo', number: '5511990003001' },
      });
      await eventually(() => (checkedOf(socket, shop.companyId, list.id).length === 1 ? true : undefined));
      const edited = await call(host, `/api/contact-list-items/${item.body.id}`, {
        method: 'PUT',
        token: shop.adminToken,
        body: { name: 'Hugo', number: '5500119900031' },
      });
      expect(edited.body.isWhatsappValid).toBeNull();
      await eventually(() => (checkedOf(socket, shop.companyId, list.id).length === 2 ? true : undefined));
      expect((await itemsOf(list.id))[0]).toMatchObject({ number: '5500119900031', isWhatsappValid: false });
    } finally {
      socket.close();
    }
  });

  it('without a connected connection the numbers stay unchecked (a stopped frame), and are asked once one connects', async () => {
    const other = await campaignsTenant(host, superToken, 'Sem Conexão');
    const list = await newList('Sem conexão', other.adminToken);
    const socket = await connectSocket(host, other.agentToken);
    try {
      await uploadSheet(
        host,
        other.adminToken,
        list.id,
        await xlsxOf([
          ['Iara', '5511990004001'],
          ['João', '5511990004002'],
        ]),
      );
      const stopped = await socket.waitFor(CHECK(other.companyId));
      expect(stopped.data).toEqual({ action: 'stopped', contactListId: list.id, reason: 'no-connection' });
      expect((await itemsOf(list.id, other.adminToken)).map((r) => r.isWhatsappValid)).toEqual([null, null]);
      expect(asked).not.toContain('5511990004001');

      await fake.connect(host, other.adminToken);
      const res = await call(host, `/api/contact-lists/${list.id}/check`, {
        token: other.adminToken,
        body: {},
      });
      expect(res.status).toBe(202);
      await eventually(() => (checkedOf(socket, other.companyId, list.id).length === 2 ? true : undefined));
      expect((await itemsOf(list.id, other.adminToken)).map((r) => r.isWhatsappValid)).toEqual([true, true]);
    } finally {
      socket.close();
    }
  });

  it('a run that died with its process is resumed once its claims expire (resume-checks)', async () => {
    const list = await newList('Retomada');
    const socket = await connectSocket(host, shop.agentToken);
    try {
      const item = await call(host, '/api/contact-list-items', {
        token: shop.adminToken,
        body: { contactListId: list.id, name: 'Lia', number: '5511990005001' },
      });
      await eventually(() => (checkedOf(socket, shop.companyId, list.id).length === 1 ? true : undefined));
      // What a crash leaves: the number claimed three minutes ago, never answered (and no job to go on).
      await sql(
        `update contact_list_items set whatsapp_checked_at = null, is_whatsapp_valid = null,
          whatsapp_check_claimed_at = now() - interval '3 minutes' where id = $1`,
        [item.body.id],
      );
      await host.runJob('contact-lists:resume-checks', { companyId: shop.companyId });
      await eventually(() => (checkedOf(socket, shop.companyId, list.id).length === 2 ? true : undefined));
      expect(asked.filter((a) => a === '5511990005001')).toHaveLength(2);
      expect((await itemsOf(list.id))[0].isWhatsappValid).toBe(true);
    } finally {
      socket.close();
    }
  });

  it("refuses another company's list and a malformed request", async () => {
    const theirs = await newList('Alheia');
    const other = await campaignsTenant(host, superToken, 'Intrusa Lista');
    const res = await call(host, `/api/contact-lists/${theirs.id}/check`, {
      token: other.adminToken,
      body: {},
    });
    expect(res.body).toEqual({ error: 'contact-lists:ERR_NO_CONTACT_LIST_FOUND' });
    const bad = await call(host, `/api/contact-lists/${theirs.id}/check`, {
      token: shop.adminToken,
      body: { again: 'sim' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('ERR_VALIDATION');
  });
});
