import { Migration } from '@balcao/sdk/orm';

/**
 * `visitorContactId` (channels/webchat) in SQL: the first 22 characters of the id's SHA-256 in base64url (a 32-byte
 * digest is 44 base64 characters on one line, so the first 22 need no padding or line handling).
 * @example `select ${visitorContactIdSql('$1::text')}`
 */
export const visitorContactIdSql = (value: string): string =>
  `left(translate(encode(sha256(convert_to(${value}, 'UTF8')), 'base64'), '+/', '-_'), 22)`;

/**
 * Web chat contacts were known by the visitor's secret id itself; they are now known by its hash. Existing contacts
 * take the hash, so a returning visitor (whose page keeps the id) finds their conversation.
 */
export class Migration0001VisitorContactIds extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `update contacts set number = ${visitorContactIdSql('number')} where channel = 'webchat' and not is_group;`,
    );
  }
}

/**
 * The public limits' counters (server/limits.ts), in the database so every instance agrees: token buckets by hashed
 * key, and which visitor ids each (hashed) address has written with lately.
 */
export class Migration0002RateLimits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table webchat_rate_buckets (
      key text primary key,
      burst double precision not null,
      per_second double precision not null,
      tokens double precision not null,
      at timestamptz not null,
      ok boolean not null
    );`);
    this.addSql(`create table webchat_address_visitors (
      address text not null,
      visitor text not null,
      seen_at timestamptz not null,
      primary key (address, visitor)
    );`);
    this.addSql('create index webchat_address_visitors_seen_at on webchat_address_visitors (seen_at);');
  }
}

/**
 * `webchat_take_tokens(attempts)`: the posts that arrived together take their tokens in one statement (server/limits.ts
 * batches them), each attempt's buckets in order as before — a later bucket only when the earlier let it through —
 * and the attempts in arrival order, so a key two attempts share is taken twice, one after the other (one statement
 * cannot upsert a row twice, hence a loop). Answers per attempt whether it went through, and the refusing bucket's
 * tokens and refill rate when not.
 */
export class Migration0003TakeTokensInBatches extends Migration {
  override async up(): Promise<void> {
    const available =
      'least(excluded.burst, b.tokens + greatest(0, extract(epoch from now() - b.at)) * excluded.per_second)';
    this.addSql(`create or replace function webchat_take_tokens(p_attempts jsonb)
      returns table (attempt int, took boolean, left_tokens double precision, refill double precision)
      language plpgsql as $fn$
      declare
        v_attempt jsonb;
        v_bucket jsonb;
      begin
        attempt := 0;
        for v_attempt in select e.value from jsonb_array_elements(p_attempts) with ordinality e(value, n) order by e.n
        loop
          took := true;
          for v_bucket in select e.value from jsonb_array_elements(v_attempt) with ordinality e(value, n) order by e.n
          loop
            insert into webchat_rate_buckets as b (key, burst, per_second, tokens, at, ok)
              values (v_bucket->>0, (v_bucket->>1)::float8, (v_bucket->>2)::float8, (v_bucket->>1)::float8 - 1,
                      now(), true)
              on conflict (key) do update set
                tokens = ${available} - case when ${available} >= 1 then 1 else 0 end,
                ok = ${available} >= 1, at = now(), burst = excluded.burst, per_second = excluded.per_second
              returning b.ok, b.tokens, b.per_second into took, left_tokens, refill;
            exit when not took;
          end loop;
          return next;
          attempt := attempt + 1;
        end loop;
      end
      $fn$;`);
  }

  override async down(): Promise<void> {
    this.addSql('drop function if exists webchat_take_tokens(jsonb);');
  }
}

/** In order; names are stable keys in `plugin_migrations`, so never rename or reorder them. */
export const migrations = [
  { name: '0001-visitor-contact-ids', class: Migration0001VisitorContactIds },
  { name: '0002-rate-limits', class: Migration0002RateLimits },
  { name: '0003-take-tokens-in-batches', class: Migration0003TakeTokensInBatches },
];
