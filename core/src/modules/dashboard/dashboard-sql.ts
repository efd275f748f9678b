import { COMPANY_TIMEZONE } from '../../db/local-days.js';

/**
 * The period's tickets (docs/dashboard.md): the company's tickets created on the period's days, group chats left
 * out. Parameters: company id, first day, last day. Read off tickets_dashboard_index (dashboard-0001).
 */
export const PERIOD_TICKETS = `
  select t.id, t.status, t.user_id, t.created_at,
         extract(epoch from t.started_at - t.queued_at) / 60 as wait,
         extract(epoch from t.finished_at - t.started_at) / 60 as support
    from tickets t
   where t.company_id = ? and not t.is_group
     and t.created_at >= (?::date)::timestamp at time zone '${COMPANY_TIMEZONE}'
     and t.created_at < (?::date + 1)::timestamp at time zone '${COMPANY_TIMEZONE}'`;

const avgMinutes = (column: string, where = '') =>
  `coalesce(round(avg(case when ${column} < 0 then 0 else ${column} end)${where ? ` filter (where ${where})` : ''}::numeric, 2), 0)`;
const percOf = (part: string, whole: string) =>
  `coalesce(round(100.0 * ${part} / nullif(${whole}, 0), 2), 0)`;

/**
 * Every counter in one pass over the period's tickets and their ratings, plus the two live counts (open and pending
 * now, whatever the period). Parameters: PERIOD_TICKETS's, then the company id twice.
 */
export const COUNTERS_SQL = `
  with b as (${PERIOD_TICKETS}),
  c as (
    select count(*) as tickets,
           count(*) filter (where b.status = 'closed') as finished,
           ${avgMinutes('b.wait')} as avg_wait,
           ${avgMinutes('b.support')} as avg_support,
           count(r.rate) as with_rating,
           count(*) filter (where r.asked_at is not null and r.rate is null) as wait_rating,
           count(*) filter (where b.status = 'closed' and r.asked_at is null and r.rate is null) as without_rating,
           count(*) filter (where r.rate >= 9) as promoters,
           count(*) filter (where r.rate between 7 and 8) as passives,
           count(*) filter (where r.rate <= 6) as detractors
      from b left join ticket_ratings r on r.ticket_id = b.id)
  select c.tickets, c.finished, c.avg_wait, c.avg_support, c.with_rating, c.wait_rating, c.without_rating,
         ${percOf('c.with_rating', 'c.tickets')} as perc_rating,
         ${percOf('c.promoters', 'c.with_rating')} as promoters_perc,
         ${percOf('c.passives', 'c.with_rating')} as passives_perc,
         ${percOf('c.detractors', 'c.with_rating')} as detractors_perc,
         ${percOf('(c.promoters - c.detractors)', 'c.with_rating')} as nps_score,
         (select count(*) from tickets where company_id = ? and status = 'open' and not is_group) as happening,
         (select count(*) from tickets where company_id = ? and status = 'pending' and not is_group) as pending
    from c`;

/**
 * Every user of the company with the period's tickets they hold (count, average wait and support) and the ratings
 * about them. Parameters: PERIOD_TICKETS's, then the company id.
 */
export const ATTENDANTS_SQL = `
  with b as (${PERIOD_TICKETS}),
  s as (
    select b.user_id, count(*) as tickets, ${avgMinutes('b.wait')} as avg_wait, ${avgMinutes('b.support')} as avg_support
      from b where b.user_id is not null group by b.user_id),
  r as (
    select r.user_id, round(avg(r.rate), 2) as rating, count(*) as count_rating
      from ticket_ratings r join b on b.id = r.ticket_id
     where r.rate is not null and r.user_id is not null group by r.user_id)
  select u.id, u.name, u.online, coalesce(s.tickets, 0) as tickets, coalesce(s.avg_wait, 0) as avg_wait,
         coalesce(s.avg_support, 0) as avg_support, r.rating, coalesce(r.count_rating, 0) as count_rating
    from users u
    left join s on s.user_id = u.id
    left join r on r.user_id = u.id
   where u.company_id = ?
   order by u.name, u.id`;

/** The period's tickets per attendant who holds any, most first. Parameters: PERIOD_TICKETS's. */
export const TICKETS_USERS_SQL = `
  with b as (${PERIOD_TICKETS})
  select u.name, count(*) as quantity
    from b join users u on u.id = b.user_id
   group by u.id, u.name
   order by quantity desc, u.name`;

/** The period's tickets per day, every day listed. Parameters: PERIOD_TICKETS's, then the first and last day. */
export const TICKETS_PER_DAY_SQL = `
  with b as (${PERIOD_TICKETS}),
  c as (select (b.created_at at time zone '${COMPANY_TIMEZONE}')::date as day, count(*) as total from b group by 1)
  select to_char(d, 'YYYY-MM-DD') as date, coalesce(c.total, 0) as total
    from generate_series(?::date, ?::date, interval '1 day') d
    left join c on c.day = d::date
   order by d`;

/** One day's tickets per hour (company time), every hour listed. Parameters: PERIOD_TICKETS's. */
export const TICKETS_PER_HOUR_SQL = `
  with b as (${PERIOD_TICKETS}),
  c as (select extract(hour from b.created_at at time zone '${COMPANY_TIMEZONE}')::int as h, count(*) as total
          from b group by 1)
  select lpad(g.h::text, 2, '0') || ':00' as hour, coalesce(c.total, 0) as total
    from generate_series(0, 23) as g(h)
    left join c on c.h = g.h
   order by g.h`;
