-- balcao_ingest_many v1 (conversations-0016-ingest-many): a batch of inbound messages (IngestBatcher, a JSON array of
-- balcao_ingest's 17 arguments), answered one row per element with its ordinal n. Issue 30, ingest: balcao_ingest
-- spends ~0.4 ms of the database's CPU on a contact's next message (ten statements, one row at a time) and ~0.6 ms on
-- a new contact's first, where the same writes as one statement for the batch cost a fraction of that.
--
-- 1. The fast part, one statement for all such messages: a plain message (not the company's own, no group, no quote,
--    no reaction, no participant, a channel id, not stored yet), the first of the batch to reach its contact (by its
--    number, the ninth-digit twin or an alias: the later ones run in order, below), that is either
--    a. a known, active contact's, by its very number, with nothing of the contact to update (picture, a name still
--       the number), awaited by no message quoting it, whose contact has a non-closed ticket that is not held: as
--       balcao_ingest, the contact read `for key share`, the ticket's last message, time and unread count, the message;
--    b. or from a number no contact has (nor its twin, nor an alias): as balcao_ingest, the contact, its first ticket
--       (pending, one unread), its 'create' log entry and the message.
--    Left to the part below: a ticket a concurrent transaction closed or held meanwhile (the update rechecks it), a
--    contact a concurrent transaction created meanwhile (the insert skips it). A message a concurrent transaction
--    stored meanwhile (a replay) raises BC001 as balcao_ingest does: the whole batch rolls back and the caller runs
--    its messages one by one.
-- 2. Every other element, in the batch's order: balcao_ingest, as before.
create or replace function balcao_ingest_many(p_batch jsonb)
returns table (n bigint, outcome text, ticket_id int, message_id bigint, ticket_created boolean,
               ticket_reopened boolean, previous_user_id int, previous_queue_id int, message_contact_id int)
language plpgsql as $fn$
declare
  v_fast jsonb;
  v_done bigint[];
  v_stored int;
  v_inserted int;
begin
  with v as (
    select e.n, (e.v->>0)::int as company, (e.v->>1)::int as wapp, e.v->>2 as channel, e.v->>3 as number,
           e.v->>4 as name, e.v->>5 as picture, (e.v->>6)::boolean as is_group, e.v->>7 as status, e.v->>8 as ext,
           e.v->>9 as body,
           (e.v->>10)::boolean as from_me, e.v->>11 as media_type, e.v->>12 as media_url, e.v->>13 as participant,
           (e.v->>14)::timestamptz as at, e.v->>15 as preview, e.v->>16 as quoted,
           balcao_number_twin(e.v->>3) as twin
      from jsonb_array_elements(p_batch) with ordinality as e(v, n)
  ),
  -- The contact each element's number reaches now, as balcao_ingest looks it up: the number, its twin, an alias; and
  -- the number as a new contact's key (a number and its twin are one).
  reach as materialized (
    select v.n, v.company, v.channel, least(v.number, v.twin) as key, coalesce(
      (select c.id from contacts c where c.company_id = v.company and c.channel = v.channel and c.number = v.number),
      (select c.id from contacts c where c.company_id = v.company and c.channel = v.channel
                                     and c.number = v.twin),
      (select a.contact_id from contact_aliases a
        where a.company_id = v.company and a.channel = v.channel and a.alias = v.number)) as contact
      from v
  ),
  -- The first element of the batch that reaches each contact: only it may go in the fast part.
  firsts as materialized (
    select reach.contact, min(reach.n) as n from reach where reach.contact is not null group by reach.contact
  ),
  -- The first element of the batch from each number no contact has.
  fresh_firsts as materialized (
    select min(reach.n) as n from reach where reach.contact is null
     group by reach.company, reach.channel, reach.key
  ),
  cand as materialized (
    select v.*, c.id as contact
      from v
      join contacts c on c.company_id = v.company and c.channel = v.channel and c.number = v.number
      join firsts f on f.contact = c.id and f.n = v.n
     where not v.from_me and not v.is_group and v.quoted is null and v.participant is null and v.ext is not null
       and v.media_type <> 'reactionMessage' and c.active
       and not (v.picture is not null and v.picture is distinct from c.url_picture)
       and not (c.name = c.number and v.name is distinct from c.name)
       and not exists (select 1 from messages m where m.whatsapp_id = v.wapp and m.external_id = v.ext)
       and not exists (select 1 from messages w where w.whatsapp_id = v.wapp and w.quoted_external_id = v.ext
                                                   and w.quoted_msg_id is null)
       for key share of c
  ),
  upd as (
    update tickets t
       set last_message = cand.preview, updated_at = now(), unread_messages = t.unread_messages + 1
      from cand
     where t.company_id = cand.company and t.contact_id = cand.contact
       and coalesce(t.whatsapp_id, 0) = coalesce(cand.wapp, 0) and t.status not in ('closed', 'held')
    returning t.id as ticket, cand.n, cand.contact
  ),
  fresh as materialized (
    select v.*
      from v
      join fresh_firsts f on f.n = v.n
     where not v.from_me and not v.is_group and v.quoted is null and v.participant is null and v.ext is not null
       and v.media_type <> 'reactionMessage'
       and not exists (select 1 from messages m where m.whatsapp_id = v.wapp and m.external_id = v.ext)
  ),
  born as (
    insert into contacts as c (company_id, channel, number, name, url_picture, is_group)
    select fresh.company, fresh.channel, fresh.number, fresh.name, fresh.picture, false from fresh order by fresh.n
    on conflict (company_id, channel, number) do nothing
    returning c.id, c.company_id, c.channel, c.number
  ),
  newborn as (
    select fresh.n, born.id as contact
      from born join fresh on fresh.company = born.company_id and fresh.channel = born.channel
                          and fresh.number = born.number
  ),
  opened as (
    insert into tickets as t (company_id, contact_id, whatsapp_id, channel, status, is_group, last_message,
                              unread_messages)
    select fresh.company, newborn.contact, fresh.wapp, fresh.channel, fresh.status, false, fresh.preview, 1
      from newborn join fresh on fresh.n = newborn.n
     order by newborn.n
    returning t.id as ticket, t.contact_id as contact, t.company_id as company
  ),
  logged as (
    insert into ticket_logs (company_id, ticket_id, type) select opened.company, opened.ticket, 'create' from opened
  ),
  stored as (
    select upd.n, upd.ticket, upd.contact, false as created from upd
    union all
    select newborn.n, opened.ticket, opened.contact, true from opened join newborn on newborn.contact = opened.contact
  ),
  ins as (
    insert into messages (company_id, ticket_id, contact_id, whatsapp_id, external_id, body, from_me, read, ack,
                          media_type, media_url, participant, created_at, quoted_msg_id, quoted_external_id)
    select v.company, stored.ticket, stored.contact, v.wapp, v.ext, v.body, false, false, 0, v.media_type,
           v.media_url, null, v.at, null, null
      from stored join v on v.n = stored.n
     order by stored.n
    on conflict (whatsapp_id, external_id) where external_id is not null do nothing
    returning id, whatsapp_id, external_id
  )
  select (select count(*) from stored), (select count(*) from ins),
         (select jsonb_agg(jsonb_build_array(stored.n, stored.ticket, ins.id, stored.contact, stored.created))
            from stored join v on v.n = stored.n join ins on ins.whatsapp_id = v.wapp and ins.external_id = v.ext),
         (select coalesce(array_agg(stored.n), '{}') from stored)
    into v_stored, v_inserted, v_fast, v_done;
  if v_inserted <> v_stored then
    raise exception 'balcao_ingest: duplicate message' using errcode = 'BC001';
  end if;
  return query
    select (f->>0)::bigint, 'stored'::text, (f->>1)::int, (f->>2)::bigint, (f->>4)::boolean, false, null::int,
           null::int, (f->>3)::int
      from jsonb_array_elements(coalesce(v_fast, '[]'::jsonb)) f;
  return query
    select e.n, b.outcome, b.ticket_id, b.message_id, b.ticket_created, b.ticket_reopened, b.previous_user_id,
           b.previous_queue_id, b.message_contact_id
      from jsonb_array_elements(p_batch) with ordinality as e(v, n)
     cross join lateral balcao_ingest((e.v->>0)::int, (e.v->>1)::int, e.v->>2, e.v->>3, e.v->>4, e.v->>5,
                                      (e.v->>6)::boolean, e.v->>7, e.v->>8, e.v->>9, (e.v->>10)::boolean, e.v->>11,
                                      e.v->>12, e.v->>13, (e.v->>14)::timestamptz, e.v->>15, e.v->>16) b
     where e.n <> all(v_done)
     order by e.n;
end
$fn$;
