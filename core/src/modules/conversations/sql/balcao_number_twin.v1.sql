-- balcao_number_twin v1 (conversations-0005): the other form of a Brazilian mobile number, the one rule by which a
-- number finds its contact with or without the ninth digit (issue 13, identity). WhatsApp reports numbers registered
-- before the ninth digit without it (55 DD 8 digits) and others with it (55 DD 9 8 digits). Only mobile numbers (local
-- part starting 6-9) have a twin; any other number (landlines, other countries, LIDs, groups) is its own twin.
-- balcao_ingest (live, v6 on) and balcao_ingest_history (v2 on) both call it, as does the contact merge.
create or replace function balcao_number_twin(p_number text) returns text
language sql immutable parallel safe as $fn$
  select case
    when p_number ~ '^55[1-9][0-9]9[6-9][0-9]{7}$' then substr(p_number, 1, 4) || substr(p_number, 6)
    when p_number ~ '^55[1-9][0-9][6-9][0-9]{7}$' then substr(p_number, 1, 4) || '9' || substr(p_number, 5)
    else p_number end
$fn$;
