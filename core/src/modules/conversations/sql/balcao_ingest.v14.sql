-- balcao_ingest v14 (conversations-0015-ingest-contact-id): v13, and the stored message's contact id answered too
-- (message_contact_id; not contact_id, which would clash with the column names of the statements below), so the caller
-- announces `message.created` with it and its subscribers need not read the ticket to learn whose message it is
-- (issue 30: statements per ingested message). A new out column changes the result type: the migration drops v13
-- first. The current version.
create or replace function balcao_ingest(
  p_company int, p_whatsapp int, p_channel text, p_number text, p_name text, p_picture text,
  p_is_group boolean, p_status text, p_external text, p_body text, p_from_me boolean,
  p_media_type text, p_media_url text, p_participant text, p_at timestamptz, p_preview text, p_quoted text,
  out outcome text, out ticket_id int, out message_id bigint, out ticket_created boolean,
  out ticket_reopened boolean, out previous_user_id int, out previous_queue_id int, out message_contact_id int)
language plpgsql as $fn$
declare
  v_contact int;
  v_active boolean;
  v_name text;
  v_number text;
  v_picture text;
  v_twin text;
  v_window int;
  v_reopen int;
  v_quoted bigint;
  v_quiet boolean;
  v_reaction boolean := p_media_type = 'reactionMessage';
  v_participant text;
  v_released boolean := false;
begin
  ticket_reopened := false;
  if p_external is not null and exists (
    select 1 from messages m where m.whatsapp_id = p_whatsapp and m.external_id = p_external) then
    outcome := 'duplicate';
    return;
  end if;
  v_twin := balcao_number_twin(p_number);
  select c.id, c.active, c.name, c.number, c.url_picture into v_contact, v_active, v_name, v_number, v_picture
    from contacts c where c.company_id = p_company and c.channel = p_channel and c.number in (p_number, v_twin)
    order by c.number = p_number desc limit 1
    for key share of c; -- v9: see 1. above
  if v_contact is null then -- v9: see 2. above
    select c.id, c.active, c.name, c.number, c.url_picture into v_contact, v_active, v_name, v_number, v_picture
      from contact_aliases a join contacts c on c.id = a.contact_id
     where a.company_id = p_company and a.channel = p_channel and a.alias = p_number
       for key share of c;
  end if;
  if v_contact is null then
    -- v8: a reaction is find-only, and a number Balcão has never seen has nothing to find.
    if v_reaction then
      outcome := 'ignored';
      return;
    end if;
    insert into contacts as c (company_id, channel, number, name, url_picture, is_group)
      values (p_company, p_channel, p_number, p_name, p_picture, p_is_group)
      on conflict (company_id, channel, number) do update
        set updated_at = now(),
            url_picture = coalesce(excluded.url_picture, c.url_picture),
            name = case when c.name = c.number then excluded.name else c.name end
      returning c.id, c.active into v_contact, v_active;
  elsif (p_picture is not null and p_picture is distinct from v_picture)
        or (v_name = v_number and p_name is distinct from v_name) then
    update contacts c
       set updated_at = now(),
           url_picture = coalesce(p_picture, c.url_picture),
           name = case when c.name = c.number then p_name else c.name end
     where c.id = v_contact;
  end if;
  if not v_active then
    outcome := 'blocked';
    return;
  end if;
  if p_quoted is not null then
    select m.id into v_quoted from messages m
     where m.whatsapp_id = p_whatsapp and m.external_id = p_quoted and m.contact_id = v_contact;
  end if;
  v_quiet := v_reaction and p_body = '';
  -- v8: find-only reactions. A known target in a closed ticket: stored there, that ticket untouched (ticket_id set
  -- skips the reopen and the upsert below). No such target and no non-closed ticket: dropped. Else as in v7.
  if v_reaction then
    select t.id into ticket_id from messages m join tickets t on t.id = m.ticket_id
     where m.id = v_quoted and t.status = 'closed';
    if ticket_id is null and not exists (
      select 1 from tickets t where t.company_id = p_company and t.contact_id = v_contact
         and coalesce(t.whatsapp_id, 0) = coalesce(p_whatsapp, 0) and t.status <> 'closed') then
      outcome := 'ignored';
      return;
    end if;
  end if;
  if not p_is_group and ticket_id is null then
    select w.time_create_new_ticket into v_window from whatsapps w where w.id = p_whatsapp;
    if v_window > 0 and not exists (
      select 1 from tickets t where t.company_id = p_company and t.contact_id = v_contact
         and coalesce(t.whatsapp_id, 0) = coalesce(p_whatsapp, 0) and t.status <> 'closed') then
      select t.id, t.user_id, t.queue_id into v_reopen, previous_user_id, previous_queue_id
        from tickets t
       where t.company_id = p_company and t.contact_id = v_contact and t.whatsapp_id = p_whatsapp
         and t.status = 'closed' and not t.is_group and t.updated_at >= now() - make_interval(mins => v_window)
       order by t.updated_at desc limit 1;
      if v_reopen is not null then
        update tickets t
           set status = 'pending', user_id = null, updated_at = now(), queued_at = now(), started_at = null,
               finished_at = null, is_bot = false, amount_used_bot_queues = 0, chatbot = false,
               chatbot_option_id = null
         where t.id = v_reopen;
        insert into ticket_logs (company_id, ticket_id, type) values (p_company, v_reopen, 'reopen');
        ticket_reopened := true;
      end if;
    end if;
  end if;
  if ticket_id is null and not p_from_me and not v_quiet then -- v13: see above
    update tickets t set status = p_status, queued_at = now(), updated_at = now()
     where t.company_id = p_company and t.contact_id = v_contact
       and coalesce(t.whatsapp_id, 0) = coalesce(p_whatsapp, 0) and t.status = 'held'
    returning true into v_released;
  end if;
  if ticket_id is null then
    insert into tickets as t (company_id, contact_id, whatsapp_id, channel, status, is_group, last_message,
                              unread_messages)
      values (p_company, v_contact, p_whatsapp, p_channel, p_status, p_is_group, p_preview,
              case when p_from_me or v_quiet then 0 else 1 end)
      on conflict (company_id, contact_id, coalesce(whatsapp_id, 0)) where status <> 'closed' do update
        set last_message = case when v_quiet then t.last_message else excluded.last_message end, updated_at = now(),
            unread_messages = case when p_from_me then 0 when v_quiet then t.unread_messages
                                   else t.unread_messages + 1 end
      returning t.id, (t.xmax = 0) into ticket_id, ticket_created;
  else
    ticket_created := false;  -- v8: a reaction kept in its target's closed ticket
  end if;
  if p_participant is not null then -- v10: a LID a merge mapped names its number; v11: see 2.
    perform pg_advisory_xact_lock_shared(hashtextextended('contact-alias:' || p_whatsapp || ':' || p_participant, 0));
    select c.number into v_participant from contact_aliases a join contacts c on c.id = a.contact_id
     where a.company_id = p_company and a.channel = p_channel and a.alias = p_participant
       and length(c.number) <= 100;
  end if;
  insert into messages (company_id, ticket_id, contact_id, whatsapp_id, external_id, body, from_me, read, ack,
                        media_type, media_url, participant, created_at, quoted_msg_id, quoted_external_id)
    values (p_company, ticket_id, v_contact, p_whatsapp, p_external, p_body, p_from_me, p_from_me,
            case when p_from_me then 1 else 0 end, p_media_type, p_media_url, coalesce(v_participant, p_participant),
            p_at, v_quoted, case when v_quoted is null then p_quoted end) -- v12: see above
    on conflict (whatsapp_id, external_id) where external_id is not null do nothing
    returning id into message_id;
  if message_id is null then
    raise exception 'balcao_ingest: duplicate message' using errcode = 'BC001';
  end if;
  -- v11: see 1. Asked first, as a read: an update that changes nothing still opens every index of messages, which
  -- cost a fifth of the ingest rate (balcao_bench, 1,000 web chat visitors).
  if p_external is not null and exists (
       select 1 from messages w
        where w.whatsapp_id = p_whatsapp and w.quoted_external_id = p_external and w.quoted_msg_id is null) then
    update messages w set quoted_msg_id = message_id, quoted_external_id = null
     where w.whatsapp_id = p_whatsapp and w.quoted_external_id = p_external and w.quoted_msg_id is null
       and w.contact_id = v_contact;
  end if;
  if ticket_created then
    insert into ticket_logs (company_id, ticket_id, type) values (p_company, ticket_id, 'create');
  end if;
  if v_released then -- v13: announced as a new ticket (its 'create' entry was the plugin's)
    ticket_created := true;
  end if;
  message_contact_id := v_contact; -- v14
  outcome := 'stored';
end
$fn$;
