-- balcao_ingest_history v3 (conversations-0009): a whole batch of imported messages in one call, each as v2 stores it,
-- then the batch's replies and reactions linked to the message they point at in one statement. p_rows is a json array
-- of rows, each v2's 16 arguments in order plus the channel's id of the message it answers or reacts to (17th, null:
-- none; InboundMessage.quotedExternalId). After the rows are stored, every row with such an id gets quoted_msg_id when
-- its target is the same contact's message on the same connection (balcao_ingest v7's rule), wherever the target is:
-- earlier or later in this batch, from an earlier batch, or stored live. A row given again (a duplicate) is linked
-- too if it was not yet (an import replayed after this version). One row per input row, in order. v2's per-row
-- signature is dropped. The current version.
create or replace function balcao_ingest_history(p_rows jsonb)
  returns table (outcome text, ticket_id int, message_id bigint, ticket_created boolean)
language plpgsql as $fn$
declare
  r jsonb;
  p_company int;
  p_whatsapp int;
  p_channel text;
  p_number text;
  p_name text;
  p_is_group boolean;
  p_status text;
  p_external text;
  p_body text;
  p_from_me boolean;
  p_media_type text;
  p_participant text;
  p_at timestamptz;
  p_preview text;
  p_queue int;
  p_touch boolean;
  v_contact int;
  v_active boolean;
  v_name text;
  v_number text;
  v_twin text;
begin
  for r in select e.v from jsonb_array_elements(p_rows) with ordinality as e(v, n) order by e.n loop
    p_company := (r->>0)::int;
    p_whatsapp := (r->>1)::int;
    p_channel := r->>2;
    p_number := r->>3;
    p_name := r->>4;
    p_is_group := (r->>5)::boolean;
    p_status := r->>6;
    p_external := r->>7;
    p_body := r->>8;
    p_from_me := (r->>9)::boolean;
    p_media_type := r->>10;
    p_participant := r->>11;
    p_at := (r->>12)::timestamptz;
    p_preview := r->>13;
    p_queue := (r->>14)::int;
    p_touch := (r->>15)::boolean;
    ticket_id := null;
    message_id := null;
    ticket_created := false;
    if exists (select 1 from messages m where m.whatsapp_id = p_whatsapp and m.external_id = p_external) then
      outcome := 'duplicate';
      return next;
      continue;
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
      return next;
      continue;
    end if;
    select t.id into ticket_id from tickets t
     where t.company_id = p_company and t.contact_id = v_contact and coalesce(t.whatsapp_id, 0) = p_whatsapp
       and t.status <> 'closed';
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
    insert into messages as m (company_id, ticket_id, contact_id, whatsapp_id, external_id, body, from_me, read, ack,
                               media_type, participant, created_at, updated_at)
      values (p_company, ticket_id, v_contact, p_whatsapp, p_external, p_body, p_from_me, true,
              case when p_from_me then 1 else 0 end, p_media_type, p_participant, p_at, p_at)
      on conflict (whatsapp_id, external_id) where external_id is not null do nothing
      returning m.id into message_id;
    if message_id is null then
      -- A concurrent copy won: a ticket this call opened must not stay behind empty.
      if ticket_created then
        raise exception 'balcao_ingest_history: duplicate message' using errcode = 'BC001';
      end if;
      outcome := 'duplicate';
      return next;
      continue;
    end if;
    if ticket_created then
      insert into ticket_logs (company_id, ticket_id, type) values (p_company, ticket_id, 'create');
    end if;
    outcome := 'stored';
    return next;
  end loop;
  -- The batch's replies and reactions, all at once: each reply and its target found by the (connection, external id)
  -- unique index; a target of another contact or connection, or not stored (yet), leaves it unlinked.
  with pairs as materialized (
    select (e.v->>1)::int as whatsapp_id, e.v->>7 as external_id, e.v->>16 as quoted
      from jsonb_array_elements(p_rows) as e(v) where e.v->>16 is not null),
  links as materialized (
    select s.id, q.id as target from pairs p
      join messages s on s.whatsapp_id = p.whatsapp_id and s.external_id = p.external_id
      join messages q on q.whatsapp_id = p.whatsapp_id and q.external_id = p.quoted
     where s.quoted_msg_id is null and q.contact_id = s.contact_id and q.id <> s.id)
  update messages m set quoted_msg_id = l.target from links l where m.id = l.id;
end
$fn$;
