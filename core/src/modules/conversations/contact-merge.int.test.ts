import type { ChannelConnection, DomainEventName } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventBus } from '../../events/event-bus.js';
import { inbound, ingestOf, phoneConnection, sql } from '../../testing/attendance-fixtures.js';
import { openSocket } from '../../testing/tenant-fixtures.js';
import type { ConversationsService } from './conversations-service.js';

/**
 * ConversationsPort.mergeContact (issue 13, identity): a WhatsApp LID's contact and the phone number's contact become
 * one when the channel learns the mapping late — tickets, messages, tags and fields move, of two non-closed tickets on
 * a connection the attended one (else the number's) stays, the LID contact goes, screens hear of it, a replay is a
 * no-op.
 */
let host: TestHost;
let token: string;
let userId: number;
let connection: ChannelConnection;
let conversations: ConversationsService;
const seen: { event: DomainEventName; payload: Record<string, unknown> }[] = [];

beforeAll(async () => {
  host = await createTestHost();
  const login = await host.login(host.admin.email, host.admin.password);
  token = login.token;
  userId = login.user.id;
  const { id } = await phoneConnection(host, token, 'Merge');
  connection = {
    id,
    companyId: 1,
    channel: 'whatsapp',
    name: 'Merge',
    token: '',
    greetingMessage: null,
    embedOrigins: [],
  };
  conversations = host.resolve<ConversationsService>('conversations');
  const bus = host.resolve<EventBus>('events');
  for (const event of ['contact.merged', 'contact.updated', 'ticket.updated', 'ticket.closed'] as const)
    bus.on(event, async (payload) => void seen.push({ event, payload }));
});
afterAll(() => host?.stop());

async function says(from: string, body: string, name = 'Bia') {
  const r = await ingestOf(host).ingest(connection, inbound(from, body, { from: { id: from, name } }));
  if (r.outcome !== 'stored') throw new Error(`not stored: ${r.outcome}`);
  return r.ticketId;
}

const contact = async (number: string) =>
  (
    await sql<{ id: number; name: string }>(
      host,
      `select id, name from contacts where company_id = 1 and channel = 'whatsapp' and number = $1`,
      [number],
    )
  )[0];

const ticket = async (id: number) =>
  (
    await sql<{
      status: string;
      contact_id: number;
      unread_messages: number;
      messages: string;
      logs: string[];
    }>(
      host,
      `select t.status, t.contact_id, t.unread_messages,
              (select count(*) from messages m where m.ticket_id = t.id) as messages,
              array(select type from ticket_logs l where l.ticket_id = t.id order by l.id) as logs
         from tickets t where t.id = $1`,
      [id],
    )
  )[0];

async function accept(ticketId: number) {
  const res = await host.request(`/api/tickets/${ticketId}`, {
    method: 'PUT',
    token,
    body: { status: 'open', userId },
  });
  expect(res.status).toBe(200);
}

describe('merging a LID contact into the phone number’s contact', () => {
  it('moves tickets and messages, keeps the attended ticket open, deletes the LID contact, tells the screens', async () => {
    const LID = '100000000000001';
    const NUMBER = '5511988880001';
    const lidTicket = await says(LID, 'oi pelo lid', 'Bia LID');
    await says(LID, 'ainda pelo lid');
    await accept(lidTicket);
    const numberTicket = await says(NUMBER, 'oi pelo número', NUMBER);
    const lid = await contact(LID);
    const number = await contact(NUMBER);
    const [tag] = await sql<{ id: number }>(
      host,
      `insert into tags (company_id, name, color) values (1, 'VIP merge', '#ff0000') returning id`,
    );
    await sql(host, 'insert into contact_tags (contact_id, tag_id) values ($1, $2)', [lid.id, tag.id]);
    await sql(host, `insert into contact_custom_fields (contact_id, name, value) values ($1, 'cpf', '123')`, [
      lid.id,
    ]);
    const socket = await openSocket(host.url, token);
    seen.length = 0;

    const result = await conversations.mergeContact(connection, LID, NUMBER);

    expect(result).toEqual({ outcome: 'merged', contactId: number.id, mergedContactId: lid.id });
    expect(await contact(LID)).toBeUndefined();
    // The number's contact was shown by its number: it takes the name the LID was known by.
    expect((await contact(NUMBER)).name).toBe('Bia LID');
    // The attended (open) LID ticket stays, with every message (two by the LID, the accept greeting, one by the
    // number); the number's pending ticket is closed, emptied.
    expect(await ticket(lidTicket)).toMatchObject({ status: 'open', contact_id: number.id, messages: '4' });
    expect(await ticket(numberTicket)).toMatchObject({
      status: 'closed',
      contact_id: number.id,
      messages: '0',
      unread_messages: 0,
      logs: ['create', 'merged'],
    });
    const [moved] = await sql<{ n: string }>(
      host,
      'select count(*) as n from messages where contact_id = $1',
      [number.id],
    );
    expect(moved.n).toBe('4');
    expect(await sql(host, 'select tag_id from contact_tags where contact_id = $1', [number.id])).toEqual([
      { tag_id: tag.id },
    ]);
    expect(
      await sql(host, 'select name, value from contact_custom_fields where contact_id = $1', [number.id]),
    ).toEqual([{ name: 'cpf', value: '123' }]);
    // Events after the commit: both tickets updated, one contact.merged, no ticket.closed (no farewell, no rating).
    expect(seen.filter((e) => e.event === 'ticket.updated').map((e) => e.payload.ticketId)).toEqual(
      expect.arrayContaining([lidTicket, numberTicket]),
    );
    expect(seen.filter((e) => e.event === 'contact.merged').map((e) => e.payload)).toEqual([
      { companyId: 1, contactId: number.id, mergedContactId: lid.id },
    ]);
    expect(seen.some((e) => e.event === 'ticket.closed')).toBe(false);
    // Contact screens drop the LID contact and show the number's; then the merge itself, for open conversations.
    await eventually(() =>
      socket.frames.find(
        (f) => f.channel === 'company-1-contact' && f.data.action === 'delete' && f.data.contactId === lid.id,
      ),
    );
    const merged = await eventually(() =>
      socket.frames.find((f) => f.channel === 'company-1-contact' && f.data.action === 'merged'),
    );
    expect(merged.data).toEqual({ action: 'merged', contactId: number.id, mergedContactId: lid.id });
    const contactFrames = socket.frames
      .filter((f) => f.channel === 'company-1-contact')
      .map((f) => f.data.action);
    expect(contactFrames.indexOf('merged')).toBeGreaterThan(contactFrames.indexOf('update'));
    socket.close();

    // A replay of the same mapping changes nothing.
    seen.length = 0;
    expect(await conversations.mergeContact(connection, LID, NUMBER)).toEqual({ outcome: 'none' });
    expect(seen).toEqual([]);
    expect(await ticket(lidTicket)).toMatchObject({ status: 'open', messages: '4' });
  });

  it('of two pending tickets the number’s stays, with the LID ticket’s messages and unread count', async () => {
    const LID = '100000000000002';
    const NUMBER = '5521977770002';
    const lidTicket = await says(LID, 'um');
    await says(LID, 'dois');
    const numberTicket = await says(NUMBER, 'três');
    await conversations.mergeContact(connection, LID, NUMBER);
    expect(await ticket(numberTicket)).toMatchObject({
      status: 'pending',
      messages: '3',
      unread_messages: 3,
    });
    expect(await ticket(lidTicket)).toMatchObject({
      status: 'closed',
      messages: '0',
      logs: ['create', 'merged'],
    });
    // The next message from the number lands on the surviving ticket.
    expect(await says(NUMBER, 'quatro')).toBe(numberTicket);
  });

  it('finds the number’s contact with or without the ninth digit', async () => {
    const LID = '100000000000003';
    const lidTicket = await says(LID, 'pelo lid');
    const stored = await says('553188880003', 'sem o nove');
    await sql(host, `update tickets set status = 'closed' where id = $1`, [stored]);
    const into = await contact('553188880003');
    expect(await conversations.mergeContact(connection, LID, '5531988880003')).toMatchObject({
      outcome: 'merged',
      contactId: into.id,
    });
    expect(await contact('5531988880003')).toBeUndefined();
    expect(await ticket(lidTicket)).toMatchObject({ status: 'pending', contact_id: into.id });
  });

  it('with no contact under the number yet, the LID contact takes the number', async () => {
    const LID = '100000000000004';
    const lidTicket = await says(LID, 'só lid', LID);
    const before = await contact(LID);
    seen.length = 0;
    expect(await conversations.mergeContact(connection, LID, '5511966660004')).toEqual({
      outcome: 'renamed',
      contactId: before.id,
    });
    expect(await contact('5511966660004')).toEqual({ id: before.id, name: '5511966660004' });
    expect(await says('5511966660004', 'agora pelo número')).toBe(lidTicket);
    expect(seen.filter((e) => e.event === 'contact.updated').map((e) => e.payload.contactId)).toEqual([
      before.id,
    ]);
  });

  it('changes nothing for an unknown alias, the same id twice, or another company’s contact', async () => {
    expect(await conversations.mergeContact(connection, '100000000009999', '5511900000000')).toEqual({
      outcome: 'none',
    });
    expect(await conversations.mergeContact(connection, '5511988880001', '5511988880001')).toEqual({
      outcome: 'none',
    });
    await says('100000000000005', 'empresa 1');
    const elsewhere = { ...connection, companyId: 999_999 };
    expect(await conversations.mergeContact(elsewhere, '100000000000005', '5511900000005')).toEqual({
      outcome: 'none',
    });
    expect(await contact('100000000000005')).toBeDefined();
  });
});

describe('what an attendant set on either contact', () => {
  const flags = async (number: string) =>
    (
      await sql<{ active: boolean; disable_bot: boolean }>(
        host,
        `select active, disable_bot from contacts where company_id = 1 and channel = 'whatsapp' and number = $1`,
        [number],
      )
    )[0];
  const set = (number: string, column: 'active' | 'disable_bot', value: boolean) =>
    sql(
      host,
      `update contacts set ${column} = $1 where company_id = 1 and channel = 'whatsapp' and number = $2`,
      [value, number],
    );
  /** Both ids wrote, then the flags are set as given, then the mapping is learnt. */
  async function mergeWith(n: number, lid: { active: boolean; disable_bot: boolean }, num: typeof lid) {
    const LID = `1000000000001${String(n).padStart(2, '0')}`;
    const NUMBER = `55119555501${String(n).padStart(2, '0')}`;
    await says(LID, 'pelo lid');
    await says(NUMBER, 'pelo número');
    await set(LID, 'active', lid.active);
    await set(LID, 'disable_bot', lid.disable_bot);
    await set(NUMBER, 'active', num.active);
    await set(NUMBER, 'disable_bot', num.disable_bot);
    const result = await conversations.mergeContact(connection, LID, NUMBER);
    expect(result.outcome).toBe('merged');
    return flags(NUMBER);
  }
  const plain = { active: true, disable_bot: false };

  it('a blocked LID contact keeps the person blocked under the number, and a blocked number stays blocked', async () => {
    expect(await mergeWith(1, { ...plain, active: false }, plain)).toEqual({
      active: false,
      disable_bot: false,
    });
    expect(await mergeWith(2, plain, { ...plain, active: false })).toEqual({
      active: false,
      disable_bot: false,
    });
    expect(await mergeWith(3, plain, plain)).toEqual({ active: true, disable_bot: false });
  });

  it('the chatbot stays off if it was off for either', async () => {
    expect(await mergeWith(4, { ...plain, disable_bot: true }, plain)).toEqual({
      active: true,
      disable_bot: true,
    });
    expect(await mergeWith(5, plain, { ...plain, disable_bot: true })).toEqual({
      active: true,
      disable_bot: true,
    });
  });

  it('audio stays refused if it was refused for either; the newest LGPD consent under either id stays', async () => {
    const prefs = async (n: number, lid: [boolean, string | null], num: [boolean, string | null]) => {
      const LID = `1000000000002${String(n).padStart(2, '0')}`;
      const NUMBER = `55119555502${String(n).padStart(2, '0')}`;
      await says(LID, 'pelo lid');
      await says(NUMBER, 'pelo número');
      const put = `update contacts set accept_audio_message = $1, lgpd_accepted_at = $2
                    where company_id = 1 and channel = 'whatsapp' and number = $3`;
      await sql(host, put, [...lid, LID]);
      await sql(host, put, [...num, NUMBER]);
      expect((await conversations.mergeContact(connection, LID, NUMBER)).outcome).toBe('merged');
      const [row] = await sql<{ accept_audio_message: boolean; lgpd: string | null }>(
        host,
        `select accept_audio_message, to_char(lgpd_accepted_at at time zone 'UTC', 'YYYY-MM-DD') as lgpd
           from contacts where company_id = 1 and channel = 'whatsapp' and number = $1`,
        [NUMBER],
      );
      return [row.accept_audio_message, row.lgpd];
    };
    expect(await prefs(1, [false, '2026-01-02T00:00:00Z'], [true, null])).toEqual([false, '2026-01-02']);
    expect(await prefs(2, [true, null], [false, '2026-01-02T00:00:00Z'])).toEqual([false, '2026-01-02']);
    expect(await prefs(3, [true, '2026-03-04T00:00:00Z'], [true, '2026-01-02T00:00:00Z'])).toEqual([
      true,
      '2026-03-04',
    ]);
    expect(await prefs(4, [true, '2026-01-02T00:00:00Z'], [true, '2026-03-04T00:00:00Z'])).toEqual([
      true,
      '2026-03-04',
    ]);
    expect(await prefs(5, [true, null], [true, null])).toEqual([true, null]);
  });

  it('a blocked LID contact stays blocked once merged: the number’s next message is refused like the LID’s', async () => {
    const LID = '100000000000120';
    const NUMBER = '5511955550120';
    await says(LID, 'pelo lid');
    await says(NUMBER, 'pelo número');
    await set(LID, 'active', false);
    await conversations.mergeContact(connection, LID, NUMBER);
    const r = await ingestOf(host).ingest(
      connection,
      inbound(NUMBER, 'de novo', { from: { id: NUMBER, name: 'Bia' } }),
    );
    expect(r.outcome).toBe('blocked');
  });
});
