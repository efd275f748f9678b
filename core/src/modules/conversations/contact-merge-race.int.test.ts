import type { ChannelConnection } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inbound, ingestOf, phoneConnection, sql } from '../../testing/attendance-fixtures.js';
import type { ConversationsService } from './conversations-service.js';

/**
 * ConversationsPort.mergeContact against live ingest: a message for the LID that arrives while the merge's transaction
 * runs, or after it (it was on its way under the LID), ends on the kept contact — stored once, never cascaded away
 * with the LID's contact nor refused by its foreign key, never on a fresh LID contact. A group message written under
 * the LID while the merge runs names the number (balcao_ingest v11 and the merge share a lock on the alias).
 */
let host: TestHost;
let connection: ChannelConnection;
let conversations: ConversationsService;

beforeAll(async () => {
  host = await createTestHost();
  const login = await host.login(host.admin.email, host.admin.password);
  const { id } = await phoneConnection(host, login.token, 'Race');
  connection = {
    id,
    companyId: 1,
    channel: 'whatsapp',
    name: 'Race',
    token: '',
    greetingMessage: null,
    embedOrigins: [],
  };
  conversations = host.resolve<ConversationsService>('conversations');
});
afterAll(() => host?.stop());

const says = (from: string, body: string) =>
  ingestOf(host).ingest(connection, inbound(from, body, { from: { id: from, name: 'Bia' } }));

const contactOf = async (number: string) =>
  (
    await sql<{ id: number }>(
      host,
      `select id from contacts where company_id = 1 and channel = 'whatsapp' and number = $1`,
      [number],
    )
  )[0];

/** Where the message with this body is: its contact's number and its ticket; how many there are. */
const whereIs = (body: string) =>
  sql<{ number: string; ticket_id: number }>(
    host,
    `select c.number, m.ticket_id from messages m join contacts c on c.id = m.contact_id
      where m.company_id = 1 and m.body = $1`,
    [body],
  );

/**
 * Waits (with a deadline) until a backend is blocked on a lock running a statement that contains `fragment`, or until
 * `unless` settles first (what was to wait did not).
 */
async function blockedOn(fragment: string, unless?: Promise<unknown>): Promise<void> {
  const deadline = Date.now() + 10_000;
  let settled = false;
  unless?.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (;;) {
    if (settled) return;
    const rows = await sql(
      host,
      `select 1 from pg_stat_activity where wait_event_type = 'Lock' and strpos(query, $1) > 0`,
      [fragment],
    );
    if (rows.length > 0) return;
    if (Date.now() > deadline) throw new Error(`nothing blocked on ${fragment}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a message for the LID while the merge runs', () => {
  it('lands on the number’s contact: not refused, not lost, not on a new LID contact', async () => {
    const LID = '200000000000001';
    const NUMBER = '5511944440001';
    const lidTicket = (await says(LID, 'antes pelo lid')) as { ticketId: number };
    await sql(host, `update tickets set status = 'closed' where id = $1`, [lidTicket.ticketId]);
    const numberTicket = (await says(NUMBER, 'pelo número')) as { ticketId: number };
    const into = await contactOf(NUMBER);
    // Hold the merge after it has locked both contacts: a separate client holds the number's open ticket, which the
    // merge locks next.
    const holder = new pg.Client({ connectionString: host.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from tickets where id = $1 for update', [numberTicket.ticketId]);
      const merging = conversations.mergeContact(connection, LID, NUMBER);
      await blockedOn("status <> 'closed' order by id for update");
      // The message WhatsApp delivered under the LID before the mapping was known reaches ingest now.
      const arriving = says(LID, 'durante o merge');
      await blockedOn('balcao_ingest');
      await holder.query('rollback');
      expect(await merging).toMatchObject({ outcome: 'merged', contactId: into.id });
      expect(await arriving).toMatchObject({ outcome: 'stored', ticketId: numberTicket.ticketId });
    } finally {
      await holder.end();
    }
    expect(await whereIs('durante o merge')).toEqual([{ number: NUMBER, ticket_id: numberTicket.ticketId }]);
    expect(await contactOf(LID)).toBeUndefined();
  });

  it('a message already being stored for the LID when the merge starts is moved by it', async () => {
    const LID = '200000000000002';
    const NUMBER = '5511944440002';
    await says(LID, 'primeira pelo lid');
    const numberTicket = (await says(NUMBER, 'pelo número')) as { ticketId: number };
    // Ingest's transaction for the LID is open (its message stored, not committed) when the merge starts.
    const ingesting = new pg.Client({ connectionString: host.databaseUrl });
    await ingesting.connect();
    try {
      await ingesting.query('begin');
      await ingesting.query(
        `select outcome from balcao_ingest(1, $1, 'whatsapp', $2, 'Bia', null, false, 'pending', 'race-2', 'no meio',
                false, 'chat', null, null, now(), 'no meio', null)`,
        [connection.id, LID],
      );
      const merging = conversations.mergeContact(connection, LID, NUMBER);
      await blockedOn('order by id for update');
      await ingesting.query('commit');
      expect(await merging).toMatchObject({ outcome: 'merged' });
    } finally {
      await ingesting.end();
    }
    expect(await whereIs('no meio')).toEqual([{ number: NUMBER, ticket_id: numberTicket.ticketId }]);
  });
});

describe('a message for the LID after the merge', () => {
  it('goes to the number’s contact, not to a new LID contact', async () => {
    const LID = '200000000000003';
    const NUMBER = '5511944440003';
    await says(LID, 'pelo lid');
    const numberTicket = (await says(NUMBER, 'pelo número')) as { ticketId: number };
    await conversations.mergeContact(connection, LID, NUMBER);
    expect(await says(LID, 'atrasada pelo lid')).toMatchObject({
      outcome: 'stored',
      ticketId: numberTicket.ticketId,
    });
    expect(await whereIs('atrasada pelo lid')).toEqual([
      { number: NUMBER, ticket_id: numberTicket.ticketId },
    ]);
    expect(await contactOf(LID)).toBeUndefined();
  });

  it('goes to the renamed contact when the LID’s contact took the number', async () => {
    const LID = '200000000000004';
    const NUMBER = '5511944440004';
    const first = (await says(LID, 'só pelo lid')) as { ticketId: number };
    expect(await conversations.mergeContact(connection, LID, NUMBER)).toMatchObject({ outcome: 'renamed' });
    expect(await says(LID, 'atrasada, renomeado')).toMatchObject({
      outcome: 'stored',
      ticketId: first.ticketId,
    });
    expect(await contactOf(LID)).toBeUndefined();
  });
});

describe('a group message under the LID while the merge runs', () => {
  const groupSays = (group: string, participant: string, body: string) =>
    ingestOf(host).ingest(
      connection,
      inbound(group, body, { from: { id: group, name: '' }, isGroup: true, participant }),
    );
  const participantOf = async (body: string) =>
    (
      await sql<{ participant: string }>(
        host,
        'select participant from messages where company_id = 1 and body = $1',
        [body],
      )
    ).map((r) => r.participant);

  it('arriving while the merge renames the LID’s group messages, waits for its commit and names the number', async () => {
    const GROUP = '120363000000000401';
    const LID = '200000000000401';
    const NUMBER = '5511944440401';
    await says(NUMBER, 'pelo número 401');
    await groupSays(GROUP, LID, 'no grupo antes do merge');
    // Hold the merge inside its rename: a separate client holds a group message the rename rewrites.
    const holder = new pg.Client({ connectionString: host.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query(`select id from messages where company_id = 1 and body = $1 for update`, [
        'no grupo antes do merge',
      ]);
      const merging = conversations.mergeContact(connection, LID, NUMBER);
      await blockedOn('update messages set participant');
      // The group message WhatsApp delivered under the LID reaches ingest now: it waits for the merge (v11).
      const arriving = groupSays(GROUP, LID, 'no grupo durante o merge');
      await blockedOn('balcao_ingest', arriving);
      await holder.query('rollback');
      expect(await merging).toEqual({ outcome: 'none' });
      expect(await arriving).toMatchObject({ outcome: 'stored' });
    } finally {
      await holder.end();
    }
    expect(await participantOf('no grupo antes do merge')).toEqual([NUMBER]);
    expect(await participantOf('no grupo durante o merge')).toEqual([NUMBER]);
  });

  it('already being stored when the merge starts, is renamed by the merge after its commit', async () => {
    const GROUP = '120363000000000402';
    const LID = '200000000000402';
    const NUMBER = '5511944440402';
    await says(LID, 'pelo lid 402');
    await says(NUMBER, 'pelo número 402');
    // Ingest's transaction for the group message is open (stored, not committed) when the merge starts.
    const ingesting = new pg.Client({ connectionString: host.databaseUrl });
    await ingesting.connect();
    try {
      await ingesting.query('begin');
      await ingesting.query(
        `select outcome from balcao_ingest(1, $1, 'whatsapp', $2, '', null, true, 'group', 'race-402',
                'no grupo, gravando', false, 'chat', null, $3, now(), 'no grupo, gravando', null)`,
        [connection.id, GROUP, LID],
      );
      const merging = conversations.mergeContact(connection, LID, NUMBER);
      await blockedOn('pg_advisory_xact_lock', merging);
      await ingesting.query('commit');
      expect(await merging).toMatchObject({ outcome: 'merged' });
    } finally {
      await ingesting.end();
    }
    expect(await participantOf('no grupo, gravando')).toEqual([NUMBER]);
  });
});
