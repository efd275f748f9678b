import { Migration } from '@mikro-orm/migrations';

/**
 * What the attendance benchmark (docs/benchmarks.md, issue 3) called for.
 *
 * Ticket lists sort unread first, then newest (`unread_messages > 0 desc, updated_at desc, id desc`): an index in
 * exactly that order lets a tab read its first page straight off the index and stop, instead of sorting every
 * ticket of the status. It replaces (company_id, status, updated_at, id), whose order no list uses any more. The
 * visibility and filter columns ride along (INCLUDE) so counts are index-only scans. A second index without the
 * status serves the Search tab, which lists every status.
 *
 * messages.contact_id and messages.quoted_msg_id are foreign keys with `on delete set null` and had no index: deleting
 * one contact, or one ticket with its messages, read the whole messages table once per row (the bench's clean-up of
 * 1,000 visitors never finished on 2,000,000 messages). The quoted index is partial: few messages quote.
 *
 * `balcao_ingest` is the inbound pipeline (contact upsert, the one non-closed ticket, the message, unread and last
 * message, the creation log) as one statement: one round trip per message instead of seven, atomic without an
 * explicit transaction. A replayed message changes nothing: it is answered 'duplicate' before any write, and a
 * concurrent replay that loses the race on the unique index raises BC001, which rolls the statement back.
 */
export class Migration0004AttendanceIndexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      drop index if exists tickets_company_status_updated_index;
      create index tickets_company_status_list_index on tickets
        (company_id, status, (unread_messages > 0) desc, updated_at desc, id desc)
        include (user_id, queue_id, whatsapp_id, is_group);
      create index tickets_company_list_index on tickets
        (company_id, (unread_messages > 0) desc, updated_at desc, id desc)
        include (status, user_id, queue_id, whatsapp_id, is_group);
      create index messages_contact_id_index on messages (contact_id);
      create index messages_quoted_msg_id_index on messages (quoted_msg_id) where quoted_msg_id is not null;

      create function balcao_ingest(
        p_company int, p_whatsapp int, p_channel text, p_number text, p_name text, p_picture text,
        p_is_group boolean, p_status text, p_external text, p_body text, p_from_me boolean,
        p_media_type text, p_media_url text, p_participant text, p_at timestamptz,
        out outcome text, out ticket_id int, out message_id bigint, out ticket_created boolean)
      language plpgsql as $fn$
      declare
        v_contact int;
        v_active boolean;
      begin
        if p_external is not null and exists (
          select 1 from messages m where m.whatsapp_id = p_whatsapp and m.external_id = p_external) then
          outcome := 'duplicate';
          return;
        end if;
        insert into contacts as c (company_id, channel, number, name, url_picture, is_group)
          values (p_company, p_channel, p_number, p_name, p_picture, p_is_group)
          on conflict (company_id, channel, number) do update
            set updated_at = now(),
                url_picture = coalesce(excluded.url_picture, c.url_picture),
                name = case when c.name = c.number then excluded.name else c.name end
          returning c.id, c.active into v_contact, v_active;
        if not v_active then
          outcome := 'blocked';
          return;
        end if;
        insert into tickets as t (company_id, contact_id, whatsapp_id, channel, status, is_group, last_message,
                                  unread_messages)
          values (p_company, v_contact, p_whatsapp, p_channel, p_status, p_is_group, left(p_body, 255),
                  case when p_from_me then 0 else 1 end)
          on conflict (company_id, contact_id, coalesce(whatsapp_id, 0)) where status <> 'closed' do update
            set last_message = excluded.last_message, updated_at = now(),
                unread_messages = case when p_from_me then 0 else t.unread_messages + 1 end
          returning t.id, (t.xmax = 0) into ticket_id, ticket_created;
        insert into messages (company_id, ticket_id, contact_id, whatsapp_id, external_id, body, from_me, read, ack,
                              media_type, media_url, participant, created_at)
          values (p_company, ticket_id, v_contact, p_whatsapp, p_external, p_body, p_from_me, p_from_me,
                  case when p_from_me then 1 else 0 end, p_media_type, p_media_url, p_participant, p_at)
          on conflict (whatsapp_id, external_id) where external_id is not null do nothing
          returning id into message_id;
        if message_id is null then
          raise exception 'balcao_ingest: duplicate message' using errcode = 'BC001';
        end if;
        if ticket_created then
          insert into ticket_logs (company_id, ticket_id, type) values (p_company, ticket_id, 'create');
        end if;
        outcome := 'stored';
      end
      $fn$;
    `);
  }
}
