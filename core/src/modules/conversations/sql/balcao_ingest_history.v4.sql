-- balcao_ingest_history v4 (conversations-0011): v3, and a reply whose target is not stored yet waits for it. p_rows as
-- v3 (each row v2's 16 arguments plus the channel's id of the message it answers or reacts to, 17th, null: none). After
-- the rows are stored: (1) the batch's replies and reactions are linked as in v3 (quoted_msg_id: the same contact's
-- message on the same connection, wherever it was stored); one left unlinked keeps the id it points at in
-- messages.quoted_external_id; (2) replies stored earlier and still waiting for one of this batch's messages (same
-- connection, same contact) are linked to it, their waiting id cleared — WhatsApp's full sync sends older messages
-- after newer ones, so a target often comes batches after its reply. Both set-wise, one statement each; a replay
-- changes nothing already linked. One row per input row, in order. The current version.
create or replace function balcao_ingest_history(p_rows jsonb)
  returns table (outcome text, ticket_id int, message_id bigint, ticket_created boolean)
language plpgsql as $fn$
declare
  p record;
  v_contact int;
  v_active boolean;
  v_name text;
  v_number text;
  v_twin text;
begin
  -- Each row's fields read once, by the query (no assignment per field and row).
  for p in
    select (e.v->>0)::int as company, (e.v->>1)::int as whatsapp, e.v->>2 as channel, e.v->>3 as number,
           e.v->>4 as name, (e.v->>5)::boolean as is_group, e.v->>6 as status, e.v->>7 as external,
           e.v->>8 as body, (e.v->>9)::boolean as from_me, e.v->>10 as media_type, e.v->>11 as participant,
           (e.v->>12)::timestamptz as at, e.v->>13 as preview, (e.v->>14)::int as queue, (e.v->>15)::boolean as touch
      from jsonb_array_elements(p_rows) with ordinality as e(v, n) order by e.n
  loop
    ticket_id := null;
    message_id := null;
    ticket_created := false;
    if exists (select 1 from messages m where m.whatsapp_id = p.whatsapp and m.external_id = p.external) then
      outcome := 'duplicate';
      return next;
      continue;
    end if;
    v_twin := balcao_number_twin(p.number);
    select c.id, c.active, c.name, c.number into v_contact, v_active, v_name, v_number
      from contacts c where c.company_id = p.company and c.channel = p.channel and c.number in (p.number, v_twin)
      order by c.number = p.number desc limit 1;
    if v_contact is null then
      insert into contacts as c (company_id, channel, number, name, is_group)
        values (p.company, p.channel, p.number, p.name, p.is_group)
        on conflict (company_id, channel, number) do update
          set updated_at = now(), name = case when c.name = c.number then excluded.name else c.name end
        returning c.id, c.active into v_contact, v_active;
    elsif v_name = v_number and p.name is distinct from v_name then
      update contacts c set updated_at = now(), name = p.name where c.id = v_contact;
    end if;
    if not v_active then
      outcome := 'blocked';
      return next;
      continue;
    end if;
    select t.id into ticket_id from tickets t
     where t.company_id = p.company and t.contact_id = v_contact and coalesce(t.whatsapp_id, 0) = p.whatsapp
       and t.status <> 'closed';
    if ticket_id is null then
      insert into tickets as t (company_id, contact_id, whatsapp_id, channel, status, is_group, last_message,
                                unread_messages, queue_id, imported_at, created_at, updated_at)
        values (p.company, v_contact, p.whatsapp, p.channel, p.status, p.is_group, p.preview, 0, p.queue, now(),
                now(), p.at)
        on conflict (company_id, contact_id, coalesce(whatsapp_id, 0)) where status <> 'closed' do update
          set updated_at = t.updated_at
        returning t.id, (t.xmax = 0) into ticket_id, ticket_created;
    elsif p.touch then
      update tickets t set last_message = p.preview, updated_at = p.at
       where t.id = ticket_id and t.imported_at is not null and p.at >= t.updated_at;
    end if;
    insert into messages as m (company_id, ticket_id, contact_id, whatsapp_id, external_id, body, from_me, read, ack,
                               media_type, participant, created_at, updated_at)
      values (p.company, ticket_id, v_contact, p.whatsapp, p.external, p.body, p.from_me, true,
              case when p.from_me then 1 else 0 end, p.media_type, p.participant, p.at, p.at)
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
      insert into ticket_logs (company_id, ticket_id, type) values (p.company, ticket_id, 'create');
    end if;
    outcome := 'stored';
    return next;
  end loop;
  -- (1) The batch's replies and reactions, all at once: each reply and its target found by the (connection, external
  -- id) unique index. A target of another contact, or not stored (yet), leaves it unlinked and waiting with the id;
  -- a row already waiting with that id is not written again (a replay).
  with pairs as materialized (
    select (e.v->>1)::int as whatsapp_id, e.v->>7 as external_id, e.v->>16 as quoted
      from jsonb_array_elements(p_rows) as e(v) where e.v->>16 is not null),
  links as materialized (
    select s.id, q.id as target, x.quoted from pairs x
      join messages s on s.whatsapp_id = x.whatsapp_id and s.external_id = x.external_id
      left join messages q on q.whatsapp_id = x.whatsapp_id and q.external_id = x.quoted
                          and q.contact_id = s.contact_id and q.id <> s.id
     where s.quoted_msg_id is null and (q.id is not null or s.quoted_external_id is distinct from x.quoted))
  update messages m set quoted_msg_id = l.target, quoted_external_id = case when l.target is null then l.quoted end
    from links l where m.id = l.id;
  -- (2) Replies stored before this batch, waiting for one of its messages: the partial index
  -- messages_quoted_external_id_waiting_index (unlinked rows with a waiting id only) finds them, one probe per row.
  with batch as materialized (
    select distinct (e.v->>1)::int as whatsapp_id, e.v->>7 as external_id from jsonb_array_elements(p_rows) as e(v)),
  waiting as materialized (
    select w.id, q.id as target from batch b
      join messages w on w.whatsapp_id = b.whatsapp_id and w.quoted_external_id = b.external_id
                     and w.quoted_msg_id is null
      join messages q on q.whatsapp_id = b.whatsapp_id and q.external_id = b.external_id
     where q.contact_id = w.contact_id and q.id <> w.id)
  update messages m set quoted_msg_id = w.target, quoted_external_id = null from waiting w where m.id = w.id;
end
$fn$;
