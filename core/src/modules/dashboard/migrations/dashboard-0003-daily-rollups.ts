import { Migration } from '@mikro-orm/migrations';

// The company's zone (COMPANY_TIMEZONE) as it was when this migration was written: a migration stays what it was.
// Rollups are per company day in it; another zone would take a new migration re-deriving them.
const TZ = 'America/Sao_Paulo';

const KEY = ['company_id', 'day', 'user_id'];
const TICKET_FIGURES = ['tickets', 'finished', 'wait_sum', 'wait_count', 'support_sum', 'support_count'];
const RATING_FIGURES = ['rated', 'rate_sum', 'rating_waiting', 'promoters', 'passives', 'detractors'];
const TICKET_COLUMNS = [...KEY, ...TICKET_FIGURES].join(', ');
const RATING_COLUMNS = [...KEY, ...RATING_FIGURES].join(', ');

/** What ticket `t` adds to its (company, day, attendant) row (TICKET_COLUMNS), negated when `sign` is '-'. */
const ticketFigures = (t: string, sign: '' | '-') => `
  ${t}.company_id, (${t}.created_at at time zone '${TZ}')::date, ${t}.user_id, ${sign}1,
  ${sign}(${t}.status = 'closed')::int,
  ${sign}coalesce(${t}.wait_seconds, 0), ${sign}(${t}.wait_seconds is not null)::int,
  ${sign}coalesce(${t}.support_seconds, 0), ${sign}(${t}.support_seconds is not null)::int`;

/** What rating `r` adds to its (company, its ticket's creation day, attendant) row (RATING_COLUMNS). */
const ratingFigures = (r: string, sign: '' | '-') => `
  ${r}.company_id, (${r}.ticket_created_at at time zone '${TZ}')::date, ${r}.user_id,
  ${sign}(${r}.rate is not null)::int, ${sign}coalesce(${r}.rate, 0),
  ${sign}(${r}.asked_at is not null and ${r}.rate is null)::int,
  ${sign}coalesce(${r}.rate >= 9, false)::int, ${sign}coalesce(${r}.rate between 7 and 8, false)::int,
  ${sign}coalesce(${r}.rate <= 6, false)::int`;

/** Adds the rows of `source` (KEY then `figures`, in order) into dashboard_daily, summed per key. */
const addInto = (figures: string[], source: string) => `
  insert into dashboard_daily as d (${[...KEY, ...figures].join(', ')})
  select ${KEY.join(', ')}, ${figures.map((f) => `sum(${f})`).join(', ')}
    from (${source}) s (${[...KEY, ...figures].join(', ')})
   group by ${KEY.join(', ')}
  on conflict (${KEY.join(', ')}) do update set ${figures.map((f) => `${f} = d.${f} + excluded.${f}`).join(', ')}`;

/**
 * Daily rollups for the dashboard (docs/dashboard.md "Daily rollups"): per company, company day and attendant, the
 * ticket figures of the tickets created that day (group chats left out) and the rating figures of the ratings of those
 * tickets, so a period reads at most days × attendants rows instead of every ticket.
 *
 * Triggers on tickets and ticket_ratings keep them exact. They only ever insert into dashboard_daily_deltas (the old
 * row's figures negative, the new row's positive), so tickets created at once never wait on one another for a shared
 * summary row; the job dashboard:fold moves the deltas into dashboard_daily, and reads sum both (view dashboard_days).
 * An update fires them only when a figure can change (WHEN: closed or not, attendant, company, group, creation time,
 * the durations — generated columns, readable in an AFTER trigger's WHEN — and the rating's fields). A company's
 * rows go with it (foreign keys); the rows its cascading deletes would write are skipped (the company is gone).
 *
 * ticket_ratings_dashboard_index (dashboard-0002) served only the period's ratings, now read from the rollups.
 */
export class MigrationDashboard0003DailyRollups extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table dashboard_daily (
        company_id int not null references companies(id) on delete cascade,
        day date not null,
        user_id int,
        tickets int not null default 0,
        finished int not null default 0,
        wait_sum bigint not null default 0,
        wait_count int not null default 0,
        support_sum bigint not null default 0,
        support_count int not null default 0,
        rated int not null default 0,
        rate_sum int not null default 0,
        rating_waiting int not null default 0,
        promoters int not null default 0,
        passives int not null default 0,
        detractors int not null default 0,
        constraint dashboard_daily_key unique nulls not distinct (company_id, day, user_id)
      );

      create table dashboard_daily_deltas (like dashboard_daily including defaults);
      alter table dashboard_daily_deltas
        add constraint dashboard_daily_deltas_company_fk foreign key (company_id) references companies(id) on delete cascade;
      create index dashboard_daily_deltas_company_day_index on dashboard_daily_deltas (company_id, day);

      -- Exact at any moment: what is folded plus what is not yet.
      create view dashboard_days as
        select * from dashboard_daily union all select * from dashboard_daily_deltas;

      create function dashboard_ticket_changed() returns trigger language plpgsql as $$
      begin
        -- A company being deleted takes its rows along; what its cascades change is not written.
        if tg_op <> 'INSERT' and not exists (select 1 from companies c where c.id = old.company_id) then
          return null;
        end if;
        if tg_op <> 'INSERT' and not old.is_group then
          insert into dashboard_daily_deltas (${TICKET_COLUMNS}) values (${ticketFigures('old', '-')});
        end if;
        if tg_op <> 'DELETE' and not new.is_group then
          insert into dashboard_daily_deltas (${TICKET_COLUMNS}) values (${ticketFigures('new', '')});
        end if;
        return null;
      end $$;
      create trigger tickets_dashboard_written after insert or delete on tickets
        for each row execute function dashboard_ticket_changed();
      create trigger tickets_dashboard_updated after update on tickets
        for each row when (
          (old.status = 'closed') is distinct from (new.status = 'closed')
          or old.user_id is distinct from new.user_id
          or old.company_id <> new.company_id
          or old.is_group <> new.is_group
          or old.created_at <> new.created_at
          or old.wait_seconds is distinct from new.wait_seconds
          or old.support_seconds is distinct from new.support_seconds)
        execute function dashboard_ticket_changed();

      create function dashboard_rating_changed() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' and not exists (select 1 from companies c where c.id = old.company_id) then
          return null;
        end if;
        if tg_op <> 'INSERT' then
          insert into dashboard_daily_deltas (${RATING_COLUMNS}) values (${ratingFigures('old', '-')});
        end if;
        if tg_op <> 'DELETE' then
          insert into dashboard_daily_deltas (${RATING_COLUMNS}) values (${ratingFigures('new', '')});
        end if;
        return null;
      end $$;
      create trigger ticket_ratings_dashboard_written after insert or delete on ticket_ratings
        for each row execute function dashboard_rating_changed();
      create trigger ticket_ratings_dashboard_updated after update on ticket_ratings
        for each row when (
          old.rate is distinct from new.rate
          or (old.asked_at is null) <> (new.asked_at is null)
          or old.user_id is distinct from new.user_id
          or old.company_id <> new.company_id
          or old.ticket_created_at <> new.ticket_created_at)
        execute function dashboard_rating_changed();

      -- The backfill, in this transaction: the triggers above hold writers to both tables off until it commits.
      ${addInto(TICKET_FIGURES, `select ${ticketFigures('t', '')} from tickets t where not t.is_group`)};
      ${addInto(RATING_FIGURES, `select ${ratingFigures('r', '')} from ticket_ratings r`)};

      drop index if exists ticket_ratings_dashboard_index;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      create index if not exists ticket_ratings_dashboard_index on ticket_ratings (company_id, ticket_created_at)
        include (rate, asked_at, user_id);
      drop trigger if exists ticket_ratings_dashboard_updated on ticket_ratings;
      drop trigger if exists ticket_ratings_dashboard_written on ticket_ratings;
      drop trigger if exists tickets_dashboard_updated on tickets;
      drop trigger if exists tickets_dashboard_written on tickets;
      drop function if exists dashboard_rating_changed();
      drop function if exists dashboard_ticket_changed();
      drop view if exists dashboard_days;
      drop table if exists dashboard_daily_deltas;
      drop table if exists dashboard_daily;
    `);
  }
}
