import type { ChannelConnection, ContactMergeResult, EventsPort } from '@balcao/sdk';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { sqlIn } from '../../db/sql-helpers.js';

interface ContactRow {
  id: number;
  number: string;
  name: string;
}

interface TicketRow {
  id: number;
  contact_id: number;
  whatsapp_id: number | null;
  status: string;
  unread_messages: number;
  last_message: string | null;
  updated_at: string;
}

/** What a merge changed, for the events emitted after its commit. */
interface Outcome extends ContactMergeResult {
  tickets: number[];
  /** The group tickets whose messages now name the number instead of the alias. */
  groupTickets?: number[];
}

const MAX_ID = 255;
/** messages.participant's length: a longer id is not written there. */
const MAX_PARTICIPANT = 100;

/**
 * The transaction-scoped advisory lock that orders a merge's rewrite of an alias's group messages and live ingest of
 * one more (taken through hashtextextended(key, 0)): exclusive in the merge, shared in balcao_ingest v11, which builds
 * the same text as 'contact-alias:' || p_whatsapp || ':' || p_participant. Change both or neither.
 */
const aliasLockKey = (connectionId: number, alias: string) => `contact-alias:${connectionId}:${alias}`;

/**
 * Two contact ids of one channel turn out to be one person (ConversationsPort.mergeContact): WhatsApp names a person by
 * a LID (a privacy id) until the session learns the number behind it. One transaction, both contacts locked (by id
 * order, so two merges cannot deadlock; balcao_ingest, since v9, reads a contact `for key share`, so a message for
 * either id waits for the merge's commit and then finds the kept contact, or the merge waits for the message and moves
 * it).
 * Whatever the outcome, group messages of the connection written by the alias (messages.participant) name the id. One
 * still on its way under the alias names the kept contact's number once contact_aliases knows it (below; balcao_ingest
 * v10), and so does one stored while this transaction runs (v11, aliasLockKey); an alias for which neither contact
 * exists is not remembered, so such a late message keeps the alias.
 * - no contact under the alias: nothing else (`none`; a replay of the same mapping lands here), but when the number
 *   has a contact the alias is remembered for it (contact_aliases, below);
 * - no contact under the number (nor its ninth-digit twin, balcao_number_twin): the alias's contact takes the number
 *   (`renamed`), so what Balcão sends goes to the number from then on;
 * - both: everything of the alias's contact moves to the number's and the alias's contact is deleted (`merged`).
 *   The one left is blocked (`active` false) if either was, has the chatbot off (`disableBot`) if either had, and
 *   refuses audio (`acceptAudioMessage` false) if either did: an attendant's "no" for that person holds, whichever
 *   id they then wrote from. LGPD consent given under either id is the person's: the newest `lgpdAcceptedAt` stays.
 * Renamed or merged, contact_aliases records alias → kept contact: a message still on its way under the alias (ingest
 * runs after the commit) reaches the kept contact, not a new alias contact.
 *   Two non-closed tickets on one connection cannot both stay (one non-closed ticket per contact and connection):
 *   the one an attendant holds (status open) stays, else the number's; the other's messages and unread count move
 *   into it, it takes the newer last message, and the emptied ticket is closed with a `merged` log (kept, not
 *   deleted: its logs, ratings and tags stay). No `ticket.closed` is emitted for it: nothing an attendant's close sets
 *   off (farewell, rating) must reach the contact.
 * After the commit: `ticket.updated` for every ticket that moved or closed, `ticket.messages.changed` for every group
 * ticket whose messages now name the id (open conversations read them again), then `contact.merged`.
 */
export class ContactMerger {
  constructor(
    private readonly orm: MikroORM,
    private readonly events: EventsPort,
  ) {}

  async merge(connection: ChannelConnection, alias: string, id: string): Promise<ContactMergeResult> {
    if (!alias || !id || alias === id || alias.length > MAX_ID || id.length > MAX_ID)
      return { outcome: 'none' };
    const outcome = await this.orm.em
      .fork()
      .transactional((em) => this.inTransaction(em, connection, alias, id));
    const { companyId } = connection;
    for (const ticketId of outcome.tickets) await this.events.emit('ticket.updated', { companyId, ticketId });
    for (const ticketId of outcome.groupTickets ?? [])
      await this.events.emit('ticket.messages.changed', { companyId, ticketId });
    if (outcome.outcome === 'merged' && outcome.contactId && outcome.mergedContactId)
      await this.events.emit('contact.merged', {
        companyId,
        contactId: outcome.contactId,
        mergedContactId: outcome.mergedContactId,
      });
    if (outcome.outcome === 'renamed' && outcome.contactId)
      await this.events.emit('contact.updated', { companyId, contactId: outcome.contactId });
    const { tickets: _tickets, groupTickets: _groupTickets, ...result } = outcome;
    return result;
  }

  /**
   * The contacts (`contacts`), then the group messages of the connection written by the alias name the id. The rewrite
   * runs under aliasLockKey, held to the commit: a group message balcao_ingest (v11) stores meanwhile under the alias
   * either committed before the lock was granted (the rewrite, a later statement, sees it) or waits for this commit
   * and then finds the alias in contact_aliases. Taken last, so the lock is held only for the rewrite.
   */
  private async inTransaction(
    em: EntityManager,
    connection: ChannelConnection,
    alias: string,
    id: string,
  ): Promise<Outcome> {
    const { companyId } = connection;
    const outcome = await this.contacts(em, connection, alias, id);
    if (id.length > MAX_PARTICIPANT) return { ...outcome, groupTickets: [] };
    const q = sqlIn(em);
    await q('select pg_advisory_xact_lock(hashtextextended(?, 0))', [aliasLockKey(connection.id, alias)]);
    const groupTickets = await q<{ ticket_id: number }>(
      `with renamed as (
         update messages set participant = ? where whatsapp_id = ? and participant = ? and company_id = ?
         returning ticket_id)
       select distinct ticket_id from renamed order by ticket_id`,
      [id, connection.id, alias, companyId],
    );
    return { ...outcome, groupTickets: groupTickets.map((r) => r.ticket_id) };
  }

  private async contacts(
    em: EntityManager,
    connection: ChannelConnection,
    alias: string,
    id: string,
  ): Promise<Outcome> {
    const q = sqlIn(em);
    const { companyId, channel } = connection;
    const rows = await q<ContactRow>(
      `select id, number, name from contacts
        where company_id = ? and channel = ? and not is_group and number in (?, ?, balcao_number_twin(?))
        order by id for update`,
      [companyId, channel, alias, id, id],
    );
    const from = rows.find((r) => r.number === alias);
    // The exact number first, as ingest finds it.
    const into = rows.find((r) => r.number === id) ?? rows.find((r) => r.number !== alias);
    const remember = (contactId: number) =>
      q(
        `insert into contact_aliases (company_id, channel, alias, contact_id) values (?, ?, ?, ?)
          on conflict (company_id, channel, alias) do update set contact_id = excluded.contact_id`,
        [companyId, channel, alias, contactId],
      );
    if (!from) {
      // Nobody wrote alone under the alias, but the number is known (a group member, most often): remembered, so a
      // message still on its way under the alias, in a group or alone, reaches the number's contact.
      if (into) await remember(into.id);
      return { outcome: 'none', tickets: [] };
    }
    if (!into) {
      await remember(from.id);
      await q(
        `update contacts set number = ?, name = case when name = number then ? else name end, updated_at = now()
          where id = ?`,
        [id, id, from.id],
      );
      return { outcome: 'renamed', contactId: from.id, tickets: [] };
    }
    const tickets = await this.moveTickets(q, companyId, from.id, into.id);
    await q('update messages set contact_id = ? where contact_id = ? and company_id = ?', [
      into.id,
      from.id,
      companyId,
    ]);
    await q('update ticket_notes set contact_id = ? where contact_id = ?', [into.id, from.id]);
    await q(
      `insert into contact_tags (contact_id, tag_id) select ?, tag_id from contact_tags where contact_id = ?
        on conflict do nothing`,
      [into.id, from.id],
    );
    await q(
      `update contact_custom_fields f set contact_id = ? where f.contact_id = ?
          and not exists (select 1 from contact_custom_fields g where g.contact_id = ? and g.name = f.name)`,
      [into.id, from.id, into.id],
    );
    // A number shown as the name gives way to the name the alias was known by; a missing picture to the alias's. An
    // attendant's "no" wins: blocked if either was blocked, the chatbot off and audio refused if so for either (one
    // person). Consent given under either id is the person's: the newest stays (greatest skips a null).
    await q(
      `update contacts c set updated_at = now(),
              name = case when c.name = c.number and a.name <> a.number then a.name else c.name end,
              url_picture = coalesce(c.url_picture, a.url_picture),
              email = coalesce(nullif(c.email, ''), a.email),
              active = c.active and a.active,
              disable_bot = c.disable_bot or a.disable_bot,
              accept_audio_message = c.accept_audio_message and a.accept_audio_message,
              lgpd_accepted_at = greatest(c.lgpd_accepted_at, a.lgpd_accepted_at)
         from contacts a where c.id = ? and a.id = ?`,
      [into.id, from.id],
    );
    // Ids that named the alias's contact (an earlier merge or rename) name the kept one; then the alias itself.
    await q('update contact_aliases set contact_id = ? where contact_id = ?', [into.id, from.id]);
    await remember(into.id);
    await q('delete from contacts where id = ?', [from.id]);
    return { outcome: 'merged', contactId: into.id, mergedContactId: from.id, tickets };
  }

  /** Moves the alias contact's tickets to the number's contact, joining two non-closed ones on one connection. */
  private async moveTickets(
    q: <T>(sql: string, params: unknown[]) => Promise<T[]>,
    companyId: number,
    fromId: number,
    intoId: number,
  ): Promise<number[]> {
    const open = await q<TicketRow>(
      `select id, contact_id, whatsapp_id, status, unread_messages, last_message, updated_at from tickets
        where company_id = ? and contact_id in (?, ?) and status <> 'closed' order by id for update`,
      [companyId, fromId, intoId],
    );
    const changed: number[] = [];
    for (const mine of open.filter((t) => t.contact_id === fromId)) {
      const theirs = open.find(
        (t) => t.contact_id === intoId && (t.whatsapp_id ?? 0) === (mine.whatsapp_id ?? 0),
      );
      if (!theirs) continue;
      const [keep, lose] =
        mine.status === 'open' && theirs.status !== 'open' ? [mine, theirs] : [theirs, mine];
      const newer = new Date(lose.updated_at) > new Date(keep.updated_at) ? lose : keep;
      await q(
        `update tickets set status = 'closed', finished_at = now(), unread_messages = 0, contact_id = ?,
                updated_at = now() where id = ?`,
        [intoId, lose.id],
      );
      await q('insert into ticket_logs (company_id, ticket_id, type) values (?, ?, ?)', [
        companyId,
        lose.id,
        'merged',
      ]);
      await q('update messages set ticket_id = ?, contact_id = ? where ticket_id = ?', [
        keep.id,
        intoId,
        lose.id,
      ]);
      await q(
        `update tickets set contact_id = ?, unread_messages = unread_messages + ?, last_message = ?, updated_at = ?
          where id = ?`,
        [intoId, lose.unread_messages, newer.last_message, newer.updated_at, keep.id],
      );
      changed.push(keep.id, lose.id);
    }
    const moved = await q<{ id: number }>(
      'update tickets set contact_id = ? where company_id = ? and contact_id = ? returning id',
      [intoId, companyId, fromId],
    );
    for (const { id } of moved) if (!changed.includes(id)) changed.push(id);
    return changed;
  }
}
