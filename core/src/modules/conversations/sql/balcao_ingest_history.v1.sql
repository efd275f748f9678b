-- balcao_ingest_history v1 (conversations-0002): one imported history message (a channel's old messages, brought in
-- when a session connects). balcao_ingest's contact and dedupe rules, but nothing of a live message: no unread count,
-- read already, no event (the caller emits none). A ticket it opens is marked imported (tickets.imported_at), goes to
-- the connection's import queue and is dated by its newest message, so imported tickets sort by their own history;
-- an imported message joining a live ticket leaves its last message and date alone. Only a message with p_touch (the
-- caller's newest of the contact in its batch) updates an existing ticket: one write per ticket and batch, not one
-- per message.
create or replace function balcao_ingest_history(
  p_company int, p_whatsapp int, p_channel text, p_number text, p_name text,
  p_is_group boolean, p_status text, p_external text, p_body text, p_from_me boolean,
  p_media_type text, p_participant text, p_at timestamptz, p_preview text, p_queue int, p_touch boolean,
  out outcome text, out ticket_id int, out message_id bigint, out ticket_created boolean)
language plpgsql as $fn$
declare
  v_contact int;
  v_active boolean;
  v_name text;
  v_number text;
begin
  if exists (select 1 from messages m where m.whatsapp_id = p_whatsapp and m.external_id = p_external) then
    outcome := 'duplicate';
    return;
  end if;
  select c.id, c.active, c.name, c.number into v_contact, v_active, v_name, v_number
    from contacts c where c.company_id = p_company and c.channel = p_channel and c.number = p_number;
  if v_contact is null then
    insert into contacts as c (company_id, channel, number, name, is_group)
      values (p_company, p_channel, p_number, p_name, p_is_group)
      on conflict (company_id, channel, number) do update
        set updated_at = now(), name = case when c.name = c.number then excluded.name else c.name end
      returning c.id, c.active into v_contact, v_active;
  elsif v_name = v_number and p_name is distinct from v_name then
    update contacts c set updated_at = now(), name = p_name where c.id = v_contact;
  end if;
  if not v_active then
    outcome := 'blocked';
    return;
  end if;
  select t.id into ticket_id from tickets t
   where t.company_id = p_company and t.contact_id = v_contact and coalesce(t.whatsapp_id, 0) = p_whatsapp
     and t.status <> 'closed';
  ticket_created := false;
  if ticket_id is null then
    insert into tickets as t (company_id, contact_id, whatsapp_id, channel, status, is_group, last_message,
                              unread_messages, queue_id, imported_at, created_at, updated_at)
      values (p_company, v_contact, p_whatsapp, p_channel, p_status, p_is_group, p_preview, 0, p_queue, now(),
              now(), p_at)
      on conflict (company_id, contact_id, coalesce(whatsapp_id, 0)) where status <> 'closed' do update
        set updated_at = t.updated_at
      returning t.id, (t.xmax = 0) into ticket_id, ticket_created;
  elsif p_touch then
    update tickets t set last_message = p_preview, updated_at = p_at
     where t.id = ticket_id and t.imported_at is not null and p_at >= t.updated_at;
  end if;
  insert into messages (company_id, ticket_id, contact_id, whatsapp_id, external_id, body, from_me, read, ack,
                        media_type, participant, created_at, updated_at)
    values (p_company, ticket_id, v_contact, p_whatsapp, p_external, p_body, p_from_me, true,
            case when p_from_me then 1 else 0 end, p_media_type, p_participant, p_at, p_at)
    on conflict (whatsapp_id, external_id) where external_id is not null do nothing
    returning id into message_id;
  if message_id is null then
    -- A concurrent copy won: a ticket this call opened must not stay behind empty.
    if ticket_created then
      raise exception 'balcao_ingest_history: duplicate message' using errcode = 'BC001';
    end if;
    outcome := 'duplicate';
    return;
  end if;
  if ticket_created then
    insert into ticket_logs (company_id, ticket_id, type) values (p_company, ticket_id, 'create');
  end if;
  outcome := 'stored';
end
$fn$;
