import type { ChannelConnection, DomainEventName } from '@balcao/sdk';
import { createTestHost, eventually, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventBus } from '../../events/event-bus.js';
import { inbound, ingestOf, phoneConnection, sql } from '../../testing/attendance-fixtures.js';
import { openSocket } from '../../testing/tenant-fixtures.js';
import type { ConversationsService } from './conversations-service.js';

/**
 * ConversationsPort.mergeContact and group messages (issue 13, identity): a group message names its writer only by
 * `participant`. Once a LID is mapped to a number, the group messages written under the LID name the number — those
 * stored (rewritten by the merge, and open conversations of those groups told to read them again) and those still on
 * their way under the LID (balcao_ingest v10, through contact_aliases).
 */
let host: TestHost;
let token: string;
let connection: ChannelConnection;
let conversations: ConversationsService;
const seen: { event: DomainEventName; payload: Record<string, unknown> }[] = [];

beforeAll(async () => {
  host = await createTestHost();
  token = (await host.login(host.admin.email, host.admin.password)).token;
  const { id } = await phoneConnection(host, token, 'Groups');
  connection = {
    id,
    companyId: 1,
    channel: 'whatsapp',
    name: 'Groups',
    token: '',
    greetingMessage: null,
    embedOrigins: [],
  };
  conversations = host.resolve<ConversationsService>('conversations');
  host
    .resolve<EventBus>('events')
    .on(
      'ticket.messages.changed',
      async (payload) => void seen.push({ event: 'ticket.messages.changed', payload }),
    );
});
afterAll(() => host?.stop());

async function says(from: string, body: string) {
  const r = await ingestOf(host).ingest(connection, inbound(from, body, { from: { id: from, name: 'Bia' } }));
  if (r.outcome !== 'stored') throw new Error(`not stored: ${r.outcome}`);
  return r.ticketId;
}

async function groupSays(on: ChannelConnection, group: string, participant: string, body: string) {
  const r = await ingestOf(host).ingest(
    on,
    inbound(group, body, { from: { id: group, name: '' }, isGroup: true, participant }),
  );
  if (r.outcome !== 'stored') throw new Error(`not stored: ${r.outcome}`);
  return r.ticketId;
}

const participants = (body: string) =>
  sql<{ participant: string }>(host, 'select participant from messages where company_id = 1 and body = $1', [
    body,
  ]);

describe('group messages written under the LID', () => {
  it('name the number once the LID is mapped, on this connection only, even when the LID never wrote alone', async () => {
    const LID = '100000000000301';
    const NUMBER = '5511955550301';
    const other = { ...connection, id: (await phoneConnection(host, token, 'Groups other')).id };
    await groupSays(connection, '120363000000000301', LID, 'no grupo pelo lid');
    await groupSays(connection, '120363000000000301', '5511955550399', 'outra pessoa');
    await groupSays(other, '120363000000000302', LID, 'outra conexão');
    // No contact under the LID: nothing to merge, but the group's messages are the number's.
    expect(await conversations.mergeContact(connection, LID, NUMBER)).toEqual({ outcome: 'none' });
    expect(await participants('no grupo pelo lid')).toEqual([{ participant: NUMBER }]);
    expect(await participants('outra pessoa')).toEqual([{ participant: '5511955550399' }]);
    expect(await participants('outra conexão')).toEqual([{ participant: LID }]);
  });

  it('name the number when the LID’s own contact is merged too', async () => {
    const LID = '100000000000302';
    const NUMBER = '5511955550302';
    await says(LID, 'sozinho pelo lid');
    await says(NUMBER, 'sozinho pelo número');
    await groupSays(connection, '120363000000000303', LID, 'no grupo pelo lid, que também escreveu sozinho');
    expect((await conversations.mergeContact(connection, LID, NUMBER)).outcome).toBe('merged');
    expect(await participants('no grupo pelo lid, que também escreveu sozinho')).toEqual([
      { participant: NUMBER },
    ]);
  });
});

describe('a group message still on its way under the LID after the merge', () => {
  it('names the kept contact’s number, merged or renamed', async () => {
    const GROUP = '120363000000000311';
    const MERGED_LID = '100000000000311';
    const MERGED_NUMBER = '5511955550311';
    await says(MERGED_LID, 'sozinho pelo lid 311');
    await says(MERGED_NUMBER, 'sozinho pelo número 311');
    expect((await conversations.mergeContact(connection, MERGED_LID, MERGED_NUMBER)).outcome).toBe('merged');
    const RENAMED_LID = '100000000000312';
    const RENAMED_NUMBER = '5511955550312';
    await says(RENAMED_LID, 'sozinho pelo lid 312');
    expect((await conversations.mergeContact(connection, RENAMED_LID, RENAMED_NUMBER)).outcome).toBe(
      'renamed',
    );

    await groupSays(connection, GROUP, MERGED_LID, 'atrasada no grupo, mesclado');
    await groupSays(connection, GROUP, RENAMED_LID, 'atrasada no grupo, renomeado');

    expect(await participants('atrasada no grupo, mesclado')).toEqual([{ participant: MERGED_NUMBER }]);
    expect(await participants('atrasada no grupo, renomeado')).toEqual([{ participant: RENAMED_NUMBER }]);
  });

  it('names the number when only the number had a contact (a group member who never wrote alone under the LID), and a later private message under the LID reaches that contact', async () => {
    const GROUP = '120363000000000341';
    const LID = '100000000000341';
    const NUMBER = '5511955550341';
    const numberTicket = await says(NUMBER, 'sozinho pelo número 341');
    expect(await conversations.mergeContact(connection, LID, NUMBER)).toEqual({ outcome: 'none' });
    await groupSays(connection, GROUP, LID, 'atrasada no grupo, só o número tinha contato');
    expect(await participants('atrasada no grupo, só o número tinha contato')).toEqual([
      { participant: NUMBER },
    ]);
    expect(await says(LID, 'sozinho pelo lid 341, depois do mapeamento')).toBe(numberTicket);
    expect(await sql(host, 'select 1 from contacts where company_id = 1 and number = $1', [LID])).toEqual([]);
  });

  it('a participant no merge named is stored as it came', async () => {
    const GROUP = '120363000000000321';
    await groupSays(connection, GROUP, '100000000000321', 'lid que ninguém mapeou');
    await groupSays(connection, GROUP, '5511955550321', 'número sem apelido');
    expect(await participants('lid que ninguém mapeou')).toEqual([{ participant: '100000000000321' }]);
    expect(await participants('número sem apelido')).toEqual([{ participant: '5511955550321' }]);
  });
});

describe('an open group conversation after the merge', () => {
  it('is told to read its messages again when the merge renamed some of them, and only then', async () => {
    const LID = '100000000000331';
    const NUMBER = '5511955550331';
    const groupTicket = await groupSays(connection, '120363000000000331', LID, 'grupo antes do mapeamento');
    const untouched = await groupSays(
      connection,
      '120363000000000332',
      '5511955550339',
      'grupo de outra pessoa',
    );
    const socket = await openSocket(host.url, token);
    seen.length = 0;

    await conversations.mergeContact(connection, LID, NUMBER);

    expect(seen).toEqual([
      { event: 'ticket.messages.changed', payload: { companyId: 1, ticketId: groupTicket } },
    ]);
    const reload = await eventually(() =>
      socket.frames.find((f) => f.channel === 'company-1-appMessage' && f.data.action === 'reload'),
    );
    expect(reload.data).toEqual({ action: 'reload', ticketId: groupTicket });
    expect(socket.frames.filter((f) => f.data.action === 'reload' && f.data.ticketId === untouched)).toEqual(
      [],
    );
    socket.close();

    // A replay renames nothing: nobody is told anything.
    seen.length = 0;
    await conversations.mergeContact(connection, LID, NUMBER);
    expect(seen).toEqual([]);
  });
});
