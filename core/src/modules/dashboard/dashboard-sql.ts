import { COMPANY_TIMEZONE } from '../../db/local-days.js';

/** A timestamp column within the period's company days; parameters: company id, first day, last day. */
const inPeriod = (column: string) => `
     and ${column} >= (?::date)::timestamp at time zone '${COMPANY_TIMEZONE}'
     and ${column} < (?::date + 1)::timestamp at time zone '${COMPANY_TIMEZONE}'`;

/**
 * The period's tickets (docs/dashboard.md): the company's tickets created on the period's days, group chats left
 * out, with their stored durations (tickets-0004). One index-only range scan of tickets_dashboard_index.
 */
export const PERIOD_TICKETS = `
  select t.status, t.user_id, t.created_at, t.wait_seconds, t.support_seconds
    from tickets t
   where t.company_id = ? and not t.is_group ${inPeriod('t.created_at')}`;

/** The ratings of the period's tickets, by their ticket's creation time (ticket_ratings_dashboard_index). */
const PERIOD_RATINGS = `
  select r.user_id, r.rate, r.asked_at from ticket_ratings r where r.company_id = ? ${inPeriod('r.ticket_created_at')}`;

const minutes = (seconds: string) => `round(avg(${seconds}) / 60.0, 2)`;
const percOf = (part: string, whole: string) =>
  `coalesce(round(100.0 * ${part} / nullif(${whole}, 0), 2), 0)`;

/**
 * Every counter and every attendant row in one statement: the period's tickets and its ratings are each read once
 * and aggregated per attendant and in total (grouping sets). Rows of kind 'user' are the attendants (every user of
 * the company); the one row of kind 'total' holds the counters, with the two live counts (open and pending now,
 * whatever the period). Parameters: company, first and last day; the same for the ratings; the company three times.
 */
export const FIGURES_SQL = `
  with tk as (
    select b.user_id, grouping(b.user_id) as total_row, count(*) as tickets,
           count(*) filter (where b.status = 'closed') as finished,
           coalesce(${minutes('b.wait_seconds')}, 0) as avg_wait,
           coalesce(${minutes('b.support_seconds')}, 0) as avg_support
      from (${PERIOD_TICKETS}) b
     group by grouping sets ((), (b.user_id))),
  rt as (
    select r.user_id, grouping(r.user_id) as total_row, count(r.rate) as with_rating,
           count(*) filter (where r.asked_at is not null and r.rate is null) as wait_rating,
           count(*) filter (where r.rate >= 9) as promoters,
           count(*) filter (where r.rate between 7 and 8) as passives,
           count(*) filter (where r.rate <= 6) as detractors,
           round(avg(r.rate), 2) as rating
      from (${PERIOD_RATINGS}) r
     group by grouping sets ((), (r.user_id)))
  select 'user' as kind, u.id, u.name, u.online, coalesce(tk.tickets, 0) as tickets, coalesce(tk.avg_wait, 0) as avg_wait,
         coalesce(tk.avg_support, 0) as avg_support, rt.rating, coalesce(rt.with_rating, 0) as with_rating,
         null::bigint as finished, null::bigint as wait_rating, null::bigint as without_rating, null::numeric as perc_rating,
         null::numeric as promoters_perc, null::numeric as passives_perc, null::numeric as detractors_perc,
         null::numeric as nps_score, null::bigint as happening, null::bigint as pending
    from users u
    left join tk on tk.total_row = 0 and tk.user_id = u.id
    left join rt on rt.total_row = 0 and rt.user_id = u.id
   where u.company_id = ?
  union all
  select 'total', null, null, null, tk.tickets, tk.avg_wait, tk.avg_support, null, rt.with_rating,
         tk.finished, rt.wait_rating, greatest(0, tk.finished - rt.with_rating - rt.wait_rating),
         ${percOf('rt.with_rating', 'tk.tickets')},
         ${percOf('rt.promoters', 'rt.with_rating')},
         ${percOf('rt.passives', 'rt.with_rating')},
         ${percOf('rt.detractors', 'rt.with_rating')},
         ${percOf('(rt.promoters - rt.detractors)', 'rt.with_rating')},
         (select count(*) from tickets where company_id = ? and status = 'open' and not is_group),
         (select count(*) from tickets where company_id = ? and status = 'pending' and not is_group)
    from tk cross join rt
   where tk.total_row = 1 and rt.total_row = 1
   order by kind desc, name, id`;

/** The period's tickets per attendant who holds any, most first. Parameters: PERIOD_TICKETS's. */
export const TICKETS_USERS_SQL = `
  with b as (${PERIOD_TICKETS})
  select u.name, c.quantity
    from (select b.user_id, count(*) as quantity from b where b.user_id is not null group by b.user_id) c
    join users u on u.id = c.user_id
   order by c.quantity desc, u.name`;

/** The period's tickets per day, every day listed. Parameters: PERIOD_TICKETS's, then the first and last day. */
export const TICKETS_PER_DAY_SQL = `
  with c as (
    select (b.created_at at time zone '${COMPANY_TIMEZONE}')::date as day, count(*) as total
      from (${PERIOD_TICKETS}) b group by 1)
  select to_char(d, 'YYYY-MM-DD') as date, coalesce(c.total, 0) as total
    from generate_series(?::date, ?::date, interval '1 day') d
    left join c on c.day = d::date
   order by d`;

/** One day's tickets per hour (company time), every hour listed. Parameters: PERIOD_TICKETS's. */
export const TICKETS_PER_HOUR_SQL = `
  with c as (
    select extract(hour from b.created_at at time zone '${COMPANY_TIMEZONE}')::int as h, count(*) as total
      from (${PERIOD_TICKETS}) b group by 1)
  select lpad(g.h::text, 2, '0') || ':00' as hour, coalesce(c.total, 0) as total
    from generate_series(0, 23) as g(h)
    left join c on c.h = g.h
   order by g.h`;
