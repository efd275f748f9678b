-- balcao_ingest_history v2 (conversations-0005): v1 with balcao_ingest's ninth-digit rule (balcao_number_twin, the
-- same function live ingest calls): an imported message of a Brazilian mobile finds the contact stored with or without
-- the ninth digit, the exact form first when both exist, and a new contact is stored as the channel sent it.
-- Everything else as v1: one imported history message, nothing a live message sets off (no unread, read already, no
-- event), a ticket it opens marked imported in the connection's import queue and dated by its newest message; only
-- p_touch (the caller's newest of the number in its batch) updates an existing ticket. The current version.
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
  v_twin text;
begin
  if exists (select 1 from messages m where m.whatsapp_id = p_whatsapp and m.external_id = p_external) then
    outcome := 'duplicate';
    return;
  end if;
  v_twin := balcao_number_twin(p_number);
  select c.id, c.active, c.name, c.number into v_contact, v_active, v_name, v_number
    from contacts c where c.company_id = p_company and c.channel = p_channel and c.number in (p_number, v_twin)
    order by c.number = p_number desc limit 1;
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
