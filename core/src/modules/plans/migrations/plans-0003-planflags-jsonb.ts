import { Migration } from '@mikro-orm/migrations';

const CORE = [
  ['useWhatsapp', 'use_whatsapp'],
  ['useFacebook', 'use_facebook'],
  ['useInstagram', 'use_instagram'],
  ['useCampaigns', 'use_campaigns'],
  ['useSchedules', 'use_schedules'],
  ['useInternalChat', 'use_internal_chat'],
  ['useExternalApi', 'use_external_api'],
  ['useKanban', 'use_kanban'],
  ['useOpenAi', 'use_open_ai'],
  ['useIntegration', 'use_integration'],
] as const;

/**
 * Issue 25 item 6: plugins declare plan flags, so a plan stores every flag in one `flags` jsonb map (key → on) instead
 * of one column per flag. The ten core columns' values move in; `down()` moves them back (plugin flags are dropped).
 */
export class MigrationPlans0003PlanflagsJsonb extends Migration {
  override async up(): Promise<void> {
    const pairs = CORE.map(([key, column]) => `'${key}', ${column}`).join(', ');
    this.addSql(`
      alter table plans add column flags jsonb not null default '{}'::jsonb;
      update plans set flags = jsonb_build_object(${pairs});
      alter table plans ${CORE.map(([, column]) => `drop column ${column}`).join(', ')};
    `);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table plans ${CORE.map(([, column]) => `add column ${column} boolean not null default false`).join(', ')};
      update plans set ${CORE.map(([key, column]) => `${column} = coalesce((flags ->> '${key}')::boolean, false)`).join(', ')};
      alter table plans drop column flags;
    `);
  }
}
