import { COMPANY_TIMEZONE } from '../../db/local-days.js';

/** The figures a rollup row holds (dashboard-0003), after its key (company_id, day, user_id). */
const ROLLUP_FIGURES = [
  'tickets',
  'finished',
  'wait_sum',
  'wait_count',
  'support_sum',
  'support_count',
  'rated',
  'rate_sum',
  'rating_waiting',
  'promoters',
  'passives',
  'detractors',
];
const ROLLUP_COLUMNS = ['company_id', 'day', 'user_id', ...ROLLUP_FIGURES];

/** A timestamp column within the period's company days; parameters: company id, first day, last day. */
const inPeriod = (column: string) => `
     and ${column} >= (?::date)::timestamp at time zone '${COMPANY_TIMEZONE}'
     and ${column} < (?::date + 1)::timestamp at time zone '${COMPANY_TIMEZONE}'`;

/**
 * The period's tickets (docs/dashboard.md): the company's tickets created on the period's days, group chats left
 * out, with their stored durations (tickets-0004). One index-only range scan of tickets_dashboard_index. Only the
 * one-day chart reads tickets themselves (it needs their hour); every other figure reads PERIOD_DAYS.
 */
export const PERIOD_TICKETS = `
  select t.status, t.user_id, t.created_at, t.wait_seconds, t.support_seconds
    from tickets t
   where t.company_id = ? and not t.is_group ${inPeriod('t.created_at')}`;

/**
 * The period's daily rollup rows (dashboard-0003; docs/dashboard.md "Daily rollups"): per company day and attendant,
 * the figures of the tickets created that day and of their ratings. The view adds the deltas not folded yet, so the
 * sums are exact at any moment. Parameters: company, first day, last day.
 */
const PERIOD_DAYS = `
  select d.* from dashboard_days d where d.company_id = ? and d.day between ?::date and ?::date`;

/** Minutes of an average of seconds kept as a sum and a count (2 decimals; null without any). */
const minutes = (sum: string, count: string) => `round(${sum}::numeric / nullif(${count}, 0) / 60.0, 2)`;
const percOf = (part: string, whole: string) =>
  `coalesce(round(100.0 * ${part} / nullif(${whole}, 0), 2), 0)`;

/**
 * The company's tickets open and pending now (group chats left out), kept by triggers (dashboard-0004): the folded
 * row plus the deltas not folded yet. Parameters: the company twice.
 */
const LIVE_COUNTS = `
  select coalesce(sum(l.open), 0) as open, coalesce(sum(l.pending), 0) as pending
    from (select open, pending from dashboard_live where company_id = ?
          union all select open, pending from dashboard_live_deltas where company_id = ?) l`;

/**
 * Every counter and every attendant row in one statement: the period's rollup rows are summed per attendant and in
 * total (grouping sets). Rows of kind 'user' are the attendants (every user of the company); the one row of kind
 * 'total' holds the counters, with the two live counts (open and pending now, whatever the period: LIVE_COUNTS).
 * Parameters: company, first and last day; the company three times.
 */
export const FIGURES_SQL = `
  with s as (
    select p.user_id, grouping(p.user_id) as total_row,
           coalesce(sum(p.tickets), 0) as tickets, coalesce(sum(p.finished), 0) as finished,
           coalesce(${minutes('sum(p.wait_sum)', 'sum(p.wait_count)')}, 0) as avg_wait,
           coalesce(${minutes('sum(p.support_sum)', 'sum(p.support_count)')}, 0) as avg_support,
           coalesce(sum(p.rated), 0) as with_rating, coalesce(sum(p.rating_waiting), 0) as wait_rating,
           coalesce(sum(p.promoters), 0) as promoters, coalesce(sum(p.passives), 0) as passives,
           coalesce(sum(p.detractors), 0) as detractors,
           round(sum(p.rate_sum)::numeric / nullif(sum(p.rated), 0), 2) as rating
      from (${PERIOD_DAYS}) p
     group by grouping sets ((), (p.user_id))),
  live as (${LIVE_COUNTS})
  select 'user' as kind, u.id, u.name, u.online, coalesce(s.tickets, 0) as tickets, coalesce(s.avg_wait, 0) as avg_wait,
         coalesce(s.avg_support, 0) as avg_support, s.rating, coalesce(s.with_rating, 0) as with_rating,
         null::bigint as finished, null::bigint as wait_rating, null::bigint as without_rating, null::numeric as perc_rating,
         null::numeric as promoters_perc, null::numeric as passives_perc, null::numeric as detractors_perc,
         null::numeric as nps_score, null::bigint as happening, null::bigint as pending
    from users u
    left join s on s.total_row = 0 and s.user_id = u.id
   where u.company_id = ?
  union all
  select 'total', null, null, null, s.tickets, s.avg_wait, s.avg_support, null, s.with_rating,
         s.finished, s.wait_rating, greatest(0, s.finished - s.with_rating - s.wait_rating),
         ${percOf('s.with_rating', 's.tickets')},
         ${percOf('s.promoters', 's.with_rating')},
         ${percOf('s.passives', 's.with_rating')},
         ${percOf('s.detractors', 's.with_rating')},
         ${percOf('(s.promoters - s.detractors)', 's.with_rating')},
         live.open, live.pending
    from s cross join live
   where s.total_row = 1
   order by kind desc, name, id`;

/** The period's tickets per attendant who holds any, most first. Parameters: PERIOD_DAYS's. */
export const TICKETS_USERS_SQL = `
  select u.name, c.quantity
    from (select p.user_id, sum(p.tickets) as quantity from (${PERIOD_DAYS}) p
           where p.user_id is not null group by p.user_id having sum(p.tickets) > 0) c
    join users u on u.id = c.user_id
   order by c.quantity desc, u.name`;

/** The period's tickets per day, every day listed. Parameters: PERIOD_DAYS's, then the first and last day. */
export const TICKETS_PER_DAY_SQL = `
  with c as (select p.day, sum(p.tickets) as total from (${PERIOD_DAYS}) p group by p.day)
  select to_char(d, 'YYYY-MM-DD') as date, coalesce(c.total, 0) as total
    from generate_series(?::date, ?::date, interval '1 day') d
    left join c on c.day = d::date
   order by d`;

/**
 * Moves a company's pending deltas into its rollup rows (the job dashboard:fold), in one statement: what it deletes
 * is exactly what it adds, and a delta written meanwhile stays for the next run. Parameter: company.
 */
export const FOLD_SQL = `
  with moved as (delete from dashboard_daily_deltas where company_id = ? returning *)
  insert into dashboard_daily as d (${ROLLUP_COLUMNS.join(', ')})
  select company_id, day, user_id, ${ROLLUP_FIGURES.map((f) => `sum(${f})`).join(', ')}
    from moved
   group by company_id, day, user_id
  on conflict (company_id, day, user_id) do update
    set ${ROLLUP_FIGURES.map((f) => `${f} = d.${f} + excluded.${f}`).join(', ')}`;

/** One day's tickets per hour (company time), every hour listed. Parameters: PERIOD_TICKETS's. */
export const TICKETS_PER_HOUR_SQL = `
  with c as (
    select extract(hour from b.created_at at time zone '${COMPANY_TIMEZONE}')::int as h, count(*) as total
      from (${PERIOD_TICKETS}) b group by 1)
  select lpad(g.h::text, 2, '0') || ':00' as hour, coalesce(c.total, 0) as total
    from generate_series(0, 23) as g(h)
    left join c on c.h = g.h
   order by g.h`;

/** FOLD_SQL's twin for the live counts (dashboard-0004): moves a company's pending deltas into its row. Parameter: company. */
export const FOLD_LIVE_SQL = `
  with moved as (delete from dashboard_live_deltas where company_id = ? returning *)
  insert into dashboard_live as d (company_id, open, pending)
  select company_id, sum(open), sum(pending)
    from moved
   group by company_id
  on conflict (company_id) do update set open = d.open + excluded.open, pending = d.pending + excluded.pending`;
