import pg from 'pg';
import { NAME_WORDS_BACKFILL } from '../../src/modules/contacts/migrations/contacts-0005-csearch-name-words.js';
import { FIRST_NAMES, SURNAMES, WORDS } from './words.js';

/** Sizes at BENCH_SCALE=1 (the issue's figures). */
/**
 * The seed's tickets are spread over 60 days, so with the connections' default auto-close (expiresTicket 24 h) the
 * automation's idle job would spend every run closing thousands of them in the background (a backlog no live company
 * has: it closes tickets as they come due), and each run would start from fewer open tickets. Off, as the bench
 * measures attendance, not that backlog.
 */
export const NO_AUTO_CLOSE = 'update whatsapps set expires_ticket = 0 where company_id = 1';

export const FULL = { users: 20, queues: 5, contacts: 100_000, messagesPerTicket: 20 };
/**
 * BENCH_MESSAGES_PER_TICKET (20): fewer messages per ticket seed a large scale in reasonable time (1,000,000 tickets
 * with 2 each: as many messages as scale 1), for measuring what grows with tickets and contacts.
 */
const MESSAGES_PER_TICKET = Number(process.env.BENCH_MESSAGES_PER_TICKET ?? FULL.messagesPerTicket);
export const BENCH_PASSWORD = 'bench-pass';
export const ATTENDANT_EMAIL = 'bench-attendant@bench.local';

const lit = (list: readonly string[]) => `array[${list.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]`;

/**
 * Fills company 1 (made by the server's first start) with the attendance data of the issue, in bulk SQL: users,
 * queues, connections, tags, contacts, one ticket per contact (60 % closed, 24 % open, 1 % group, 15 % pending
 * over 90 days) and 20 messages per ticket with words from a vocabulary, so trigram search meets real text.
 * Secondary indexes are dropped during the load and rebuilt after it (as a restore does), then `vacuum analyze`.
 */
export async function seed(url: string, scale: number, log: (s: string) => void): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = async (label: string, sql: string) => {
    const started = performance.now();
    await client.query(sql);
    log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  const n = Math.max(100, Math.round(FULL.contacts * scale));
  try {
    await client.query("set session_replication_role = replica; set maintenance_work_mem = '512MB'");
    await q(
      'users, queues, connections, tags',
      `
      insert into queues (company_id, name, color, order_queue)
        select 1, 'Fila ' || i, '#' || lpad(to_hex(i * 2000000), 6, '0'), i from generate_series(1, ${FULL.queues}) i;
      insert into users (company_id, name, email, password_hash, profile, all_ticket)
        select 1, 'Atendente ' || i, case when i = 1 then '${ATTENDANT_EMAIL}' else 'bench-' || i || '@bench.local' end,
               (select password_hash from users where id = 1), case when i <= 16 then 'user' else 'admin' end, 'disable'
          from generate_series(1, ${FULL.users - 1}) i;
      insert into user_queues (user_id, queue_id)
        select u.id, q.id from users u join queues q on q.company_id = 1
         where u.company_id = 1 and u.id <> 1 and (u.id + q.id) % 5 in (0, 1);
      insert into whatsapps (company_id, name, channel, status, token, number)
        select 1, 'WhatsApp ' || i, 'whatsapp', 'CONNECTED', upper(substr(md5('bench' || i), 1, 30)), '5511900000' || i
          from generate_series(1, 2) i;
      ${NO_AUTO_CLOSE};
      insert into tags (company_id, name, color) select 1, 'Etiqueta ' || i, '#00' || lpad(to_hex(i * 16), 4, '0')
        from generate_series(1, 10) i;`,
    );
    await client.query(`
      create temp table ids as select
        array(select id from users where company_id = 1 order by id) as users,
        array(select id from queues where company_id = 1 order by id) as queues,
        array(select id from whatsapps where company_id = 1 and channel = 'whatsapp' order by id) as wapps,
        array(select id from tags where company_id = 1 order by id) as tags`);
    const dropped = await dropIndexes(client, ['contacts', 'tickets', 'messages']);
    await q(
      `${n} contacts`,
      `insert into contacts (company_id, name, number, email, channel, is_group, created_at, updated_at)
       select 1, f[1 + (i::bigint * 7919) % ${FIRST_NAMES.length}] || ' ' || s[1 + (i::bigint * 104729 / 7) % ${SURNAMES.length}]
                 || case when i % 3 = 0 then ' ' || s[1 + (i * 31) % ${SURNAMES.length}] else '' end,
              '55' || (11 + i % 89) || '9' || lpad(((i * 7654321::bigint) % 100000000)::text, 8, '0'),
              case when i % 4 = 0 then lower(f[1 + (i::bigint * 7919) % ${FIRST_NAMES.length}]) || '.' || i || '@example.com' end,
              'whatsapp', i % 100 = 0, now() - interval '120 days', now() - interval '120 days'
         from generate_series(1, ${n}) i, (select ${lit(FIRST_NAMES)} f, ${lit(SURNAMES)} s) v`,
    );
    // Owners spread over all users, group tickets too (each attendant holds some); 5 % of every status in no queue
    // (the unassigned ones are what an admin's own Pending shows). Both rules are spread so that no list a row
    // measures is empty (the rows check it).
    await q(
      `${n} tickets`,
      `insert into tickets (company_id, status, is_group, channel, contact_id, whatsapp_id, user_id, queue_id,
                            last_message, unread_messages, created_at, updated_at)
       select 1, st, c.is_group, 'whatsapp', c.id, ids.wapps[1 + c.id % 2],
              case when st in ('open', 'group', 'closed')
                   then ids.users[1 + (c.id * 13 + c.id / 100) % array_length(ids.users, 1)] end,
              case when (c.id / 7) % 20 = 0 then null else ids.queues[1 + (c.id * 17) % 5] end,
              'Mensagem ' || c.id, case when st = 'pending' then 1 + c.id % 5 when st = 'closed' then 0
                                        when c.id % 3 = 0 then 1 + c.id % 4 else 0 end,
              upd - interval '2 hours', upd
         from (select c.*, case when c.is_group then 'group' when r < 60 then 'closed' when r < 85 then 'open'
                                else 'pending' end st,
                      now() - (random() * interval '90 days') upd
                 from (select c.*, (c.id * 37) % 100 r from contacts c where c.company_id = 1) c) c, ids`,
    );
    await q(
      'ticket tags',
      `insert into ticket_tags (ticket_id, tag_id)
        select t.id, ids.tags[1 + t.id % 10] from tickets t, ids where t.company_id = 1 and t.id % 10 = 0`,
    );
    await q(
      'contact tags (a rare tag: 100 contacts)',
      `insert into contact_tags (contact_id, tag_id)
        select c.id, ids.tags[2] from contacts c, ids where c.company_id = 1 and c.id % 1000 = 7`,
    );
    // Triggers are off during the load (replica role): the contacts' name words (contacts-0005) are filled as the
    // migration fills them.
    await q('contact name words', NAME_WORDS_BACKFILL);
    // Triggers are off during the load (replica role): the tickets' tag_ids (core-0009) are filled as the migration
    // fills them.
    await q(
      'tickets.tag_ids',
      `update tickets t set tag_ids = balcao_ticket_tag_ids(t.id, t.contact_id)
        where t.id in (select ticket_id from ticket_tags) or t.contact_id in (select contact_id from contact_tags)`,
    );
    await q(
      `${n * MESSAGES_PER_TICKET} messages`,
      `insert into messages (company_id, ticket_id, contact_id, whatsapp_id, queue_id, user_id, external_id, body,
                             from_me, read, ack, created_at, updated_at)
       select 1, t.id, t.contact_id, t.whatsapp_id, t.queue_id, case when k % 2 = 1 then t.user_id end,
              'bench-' || t.id || '-' || k,
              w[1 + (random() * ${WORDS.length - 1})::int] || ' ' || w[1 + (random() * ${WORDS.length - 1})::int] || ' '
                || w[1 + (random() * ${WORDS.length - 1})::int] || ' ' || w[1 + (random() * ${WORDS.length - 1})::int] || ' '
                || w[1 + (random() * ${WORDS.length - 1})::int] || ' ' || w[1 + (random() * ${WORDS.length - 1})::int]
                || case when k = 3 then ' pedido ' || (100000 + t.id * 7 % 900000) else '' end,
              k % 2 = 1, true, case when k % 2 = 1 then 3 else 0 end,
              t.updated_at - (${MESSAGES_PER_TICKET} - k) * interval '3 minutes',
              t.updated_at - (${MESSAGES_PER_TICKET} - k) * interval '3 minutes'
         from tickets t, generate_series(1, ${MESSAGES_PER_TICKET}) k, (select ${lit(WORDS)} w) v
        where t.company_id = 1`,
    );
    await q(
      'one long conversation (1,000 more messages on the first ticket)',
      `insert into messages (company_id, ticket_id, contact_id, whatsapp_id, external_id, body, from_me, created_at)
       select 1, t.id, t.contact_id, t.whatsapp_id, 'bench-long-' || k, 'mensagem antiga ' || k, k % 2 = 0,
              t.updated_at - interval '1 day' - k * interval '1 minute'
         from (select * from tickets where company_id = 1 order by id limit 1) t, generate_series(1, 1000) k`,
    );
    for (const def of dropped) await q(def.replace(/ USING .*/, ''), def);
    await client.query('set session_replication_role = origin');
    await q('vacuum analyze', 'vacuum analyze');
    await client.query(
      `create table if not exists bench_meta (scale numeric not null); delete from bench_meta; insert into bench_meta values (${scale})`,
    );
  } finally {
    await client.end();
  }
}

/** Drops the secondary (non-constraint) indexes of the tables and answers their definitions. */
async function dropIndexes(client: pg.Client, tables: string[]): Promise<string[]> {
  const { rows } = await client.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes i
      where schemaname = 'public' and tablename = any($1)
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [tables],
  );
  for (const r of rows) await client.query(`drop index ${r.indexname}`);
  return rows.map((r) => r.indexdef);
}

/** The scale an existing bench database was seeded at, or null. */
export async function seededScale(url: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect().catch(() => undefined);
  try {
    const { rows } = await client.query<{ scale: string }>('select scale from bench_meta');
    return rows[0] ? Number(rows[0].scale) : null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}
