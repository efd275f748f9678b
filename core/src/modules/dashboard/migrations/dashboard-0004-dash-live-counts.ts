import { Migration } from '@mikro-orm/migrations';

/** What ticket `t` adds to its company's live counts (company, open, pending), negated when `sign` is '-'. */
const liveFigures = (t: string, sign: '' | '-') =>
  `${t}.company_id, ${sign}(${t}.status = 'open')::int, ${sign}(${t}.status = 'pending')::int`;
/** Whether ticket `t` counts in the live counts at all (a non-group ticket open or pending). */
const counted = (t: string) => `not ${t}.is_group and ${t}.status in ('open', 'pending')`;

/**
 * The dashboard's two live counts (docs/dashboard.md: tickets open and pending now, group chats left out), kept per
 * company instead of counted on every read: counting them read every open and pending ticket of the company
 * (40,000 index entries at 100,000 tickets, ≈ 95 % of `GET /api/dashboard`'s database work; issue 30).
 *
 * As the daily rollups (dashboard-0003): triggers on tickets only insert into dashboard_live_deltas (the old row's
 * counts negative, the new row's positive), so ticket writers never wait on one another for a shared row; the job
 * dashboard:fold moves them into dashboard_live, and reads sum both. An update fires only when a count can change
 * (status, group, company). A company's rows go with it; what its cascading deletes would write is skipped.
 */
export class MigrationDashboard0004DashLiveCounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table dashboard_live (
        company_id int primary key references companies(id) on delete cascade,
        open int not null default 0,
        pending int not null default 0
      );
      create table dashboard_live_deltas (like dashboard_live including defaults);
      alter table dashboard_live_deltas
        add constraint dashboard_live_deltas_company_fk foreign key (company_id) references companies(id) on delete cascade;
      create index dashboard_live_deltas_company_index on dashboard_live_deltas (company_id);

      create function dashboard_live_changed() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' and not exists (select 1 from companies c where c.id = old.company_id) then
          return null;
        end if;
        if tg_op <> 'INSERT' and ${counted('old')} then
          insert into dashboard_live_deltas (company_id, open, pending) values (${liveFigures('old', '-')});
        end if;
        if tg_op <> 'DELETE' and ${counted('new')} then
          insert into dashboard_live_deltas (company_id, open, pending) values (${liveFigures('new', '')});
        end if;
        return null;
      end $$;
      create trigger tickets_dashboard_live_written after insert or delete on tickets
        for each row execute function dashboard_live_changed();
      create trigger tickets_dashboard_live_updated after update on tickets
        for each row when (
          old.status is distinct from new.status
          or old.is_group <> new.is_group
          or old.company_id <> new.company_id)
        execute function dashboard_live_changed();

      -- The backfill, in this transaction: the triggers above hold ticket writers off until it commits.
      insert into dashboard_live (company_id, open, pending)
        select t.company_id, count(*) filter (where t.status = 'open'), count(*) filter (where t.status = 'pending')
          from tickets t where ${counted('t')} group by t.company_id;
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      drop trigger if exists tickets_dashboard_live_updated on tickets;
      drop trigger if exists tickets_dashboard_live_written on tickets;
      drop function if exists dashboard_live_changed();
      drop table if exists dashboard_live_deltas;
      drop table if exists dashboard_live;
    `);
  }
}
