/**
 * Search growth: EXPLAIN (ANALYZE, BUFFERS) medians of the ticket and contact searches by name, built by the same
 * functions the server runs (the ticket search also asks, as the server does, whether the term is common) and run as
 * it runs them: prepared, on one generic plan, without JIT (db/prepared.ts, db/orm.ts).
 * Usage: BENCH_URL=postgres://…/balcao_bench_x [SEARCH_RUNS=9] npx tsx core/bench/attendance/search-growth.ts [terms…]
 * Prints, per statement and term, the median execution time and the median shared buffers (hit + read), and, when
 * PostgreSQL runs on this machine, the server's CPU per run (its backend's utime + stime from /proc over the runs,
 * 10 ms ticks averaged): buffers and CPU do not depend on the machine's load, times do.
 */
import fs from 'node:fs';
import pg from 'pg';
import { CONTACTS_PAGE_SIZE } from '../../src/modules/contacts/contact-schemas.js';
import {
  type ContactSearchRead,
  type ContactShapePlanRow,
  contactPageSql,
  contactSearchReadOfPlan,
  contactSearchShapeSql,
} from '../../src/modules/contacts/contacts-query.js';
import { searchShapeWith } from '../../src/modules/tickets/search-shape.js';
import { listFilters, ticketListSql, walksListIndexOnly } from '../../src/modules/tickets/ticket-list-sql.js';
import type { TicketAccess } from '../../src/modules/tickets/visibility.js';

const url = process.env.BENCH_URL ?? 'postgres://postgres@127.0.0.1:5432/balcao_bench';
const runs = Number(process.env.SEARCH_RUNS ?? 9);
const terms = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['pereira', 'heitor pereira', 'nogueira'];

const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

interface PlanNode {
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
}

async function main() {
  const c = new pg.Client({ connectionString: url, options: '-c jit=off' });
  await c.connect();
  await c.query('set plan_cache_mode = force_generic_plan');
  const { rows: users } = await c.query(
    `select u.id, u.profile, u.all_ticket, u.allow_group,
            array(select queue_id from user_queues where user_id = u.id) as queue_ids
       from users u where lower(u.email) = 'admin@admin.com'`,
  );
  const u = users[0];
  const admin: TicketAccess = {
    userId: u.id,
    isAdmin: u.profile === 'admin',
    allTicket: u.all_ticket === 'enable',
    allowGroup: u.allow_group,
    queueIds: u.queue_ids,
    everyQueue: true,
  } as TicketAccess;
  const { rows: sizes } = await c.query(
    `select (select count(*) from tickets)::int as tickets, (select count(*) from contacts)::int as contacts`,
  );
  console.log(
    `${url.replace(/.*\//, '')}: ${sizes[0].tickets} tickets, ${sizes[0].contacts} contacts, ${runs} runs`,
  );
  // The backend's CPU time in ms, if its process is visible here (a local PostgreSQL).
  const { rows: pids } = await c.query<{ pid: number }>('select pg_backend_pid() as pid');
  const cpuMs = (): number | null => {
    try {
      const fields = fs.readFileSync(`/proc/${pids[0]?.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      return null;
    }
  };
  // Each statement prepared twice: by PREPARE for EXPLAIN … EXECUTE (the values as literals), and by the protocol
  // (as the server's pool prepares it) for the runs that measure CPU.
  let statements = 0;
  const literal = (v: unknown): string =>
    `'${(Array.isArray(v) ? `{${v.map((x) => JSON.stringify(String(x))).join(',')}}` : String(v)).replace(/'/g, "''")}'`;
  const explain = async (name: string, q: { sql: string; params: unknown[] }) => {
    const { rows } = await c.query(
      `explain (analyze, buffers, format json) execute ${name}(${q.params.map(literal).join(', ')})`,
    );
    const top = rows[0]['QUERY PLAN'][0] as { Plan: PlanNode; 'Execution Time': number };
    return {
      ms: top['Execution Time'],
      buffers: (top.Plan['Shared Hit Blocks'] ?? 0) + (top.Plan['Shared Read Blocks'] ?? 0),
    };
  };
  for (const term of terms) {
    const filters = listFilters({ searchParam: term });
    const shape = await searchShapeWith(
      async (sql, params) => (await c.query(numbered(sql), params)).rows,
      1,
      term,
      walksListIndexOnly(admin, filters),
    );
    const how = shape.commonTerm
      ? 'walk, common term'
      : shape.manyNamed
        ? 'walk, many named'
        : 'hits gathered';
    const cf = { pageNumber: 1, searchParam: term };
    const cShapeQ = contactSearchShapeSql(1, cf);
    const cRows = (await c.query<ContactShapePlanRow>(numbered(cShapeQ.sql), cShapeQ.params)).rows;
    const read = contactSearchReadOfPlan(cRows, cf, CONTACTS_PAGE_SIZE);
    const readName = { walk: 'walk in name order', gather: 'hits gathered', words: 'name words' };
    const cases: [string, { sql: string; params: unknown[] }][] = [
      [`tickets (${how})`, ticketListSql(1, admin, { ...filters, ...shape })],
      [`contacts (${readName[read]})`, contactPageSql(1, cf, CONTACTS_PAGE_SIZE, read)],
    ];
    // SEARCH_CONTACTS_BOTH=1: the other contacts reads too, to compare (gathered is the code before the walk).
    if (process.env.SEARCH_CONTACTS_BOTH === '1')
      for (const other of ['gather', 'walk', 'words'] as ContactSearchRead[])
        if (other !== read)
          cases.push([
            `contacts (${readName[other]}, not chosen)`,
            contactPageSql(1, cf, CONTACTS_PAGE_SIZE, other),
          ]);
    for (const [what, q] of cases) {
      const name = `search_growth_${++statements}`;
      await c.query(`prepare ${name} as ${numbered(q.sql)}`);
      const run = { name: `${name}_run`, text: numbered(q.sql), values: q.params };
      const got: { ms: number; buffers: number }[] = [];
      for (let i = 0; i < runs; i++) got.push(await explain(name, q));
      await c.query(run);
      const before = cpuMs();
      for (let i = 0; i < runs; i++) await c.query(run);
      const after = cpuMs();
      const cpu =
        before === null || after === null ? '' : `, ${((after - before) / runs).toFixed(1)} ms server CPU`;
      const { rows } = await c.query(run);
      console.log(
        `${what} "${term}": median ${median(got.map((g) => g.ms)).toFixed(1)} ms, ` +
          `${median(got.map((g) => g.buffers))} buffers${cpu}, count ${rows[0]?.total}`,
      );
    }
  }
  await c.end();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
