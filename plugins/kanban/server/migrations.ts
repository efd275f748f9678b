import { Migration } from '@balcao/sdk/orm';

/** The admin's lane order: one row per placed lane; it goes with its company or its tag. */
class Migration0001LaneOrder extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table kanban_lane_positions (
        company_id int not null references companies(id) on delete cascade,
        tag_id int not null references tags(id) on delete cascade,
        position int not null,
        primary key (company_id, tag_id)
      );
      create index kanban_lane_positions_tag_id_index on kanban_lane_positions (tag_id);
    `);
  }

  override async down(): Promise<void> {
    this.addSql('drop table kanban_lane_positions;');
  }
}

/** In order; names are stable keys in `plugin_migrations`, so never rename or reorder them. */
export const migrations = [{ name: '0001-lane-order', class: Migration0001LaneOrder }];
