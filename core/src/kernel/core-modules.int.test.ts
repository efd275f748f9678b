import type { Migration } from '@mikro-orm/migrations';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKernel } from '../app.js';
import { Migration0014TicketBotEngine } from '../modules/bots/migrations/core-0014-ticket-bot-engine.js';
import { Migration0013MessageOutbox } from '../modules/messages/migrations/core-0013-message-outbox.js';
import { CORE_MODULES } from '../modules/registry.js';
import { Migration0015ChannelSessions } from '../modules/sessions/migrations/core-0015-channel-sessions.js';
import { testKernelConfig } from '../testing/test-config.js';
import { createTestDatabase } from '../testing/test-database.js';
import { defineModule } from './module.js';

/** The names the single global migration list recorded before core modules owned their migrations. */
const LEGACY = [
  'core-0001-kernel',
  'core-0002-attendance',
  'core-0003-contacts-email-search',
  'core-0004-attendance-indexes',
  'core-0005-ticket-visibility-indexes',
  'core-0006-unassigned-list-order',
  'core-0007-ingest-leaner-writes',
  'core-0008-ingest-last-message-preview',
  'core-0009-ticket-tag-ids',
  'core-0010-auth-attempts',
  'core-0011-connection-embed-origins',
  'core-0012-connection-expires-ticket-default',
  'core-0013-message-outbox',
  'core-0014-ticket-bot-engine',
  'core-0015-channel-sessions',
];
const ALL_NAMES = CORE_MODULES.flatMap((m) => (m.migrations ?? []).map((x) => x.name));
/** Module migrations written after the legacy list (neither a legacy name nor a part of one), oldest first. */
const LATER = CORE_MODULES.flatMap((m) => m.migrations ?? []).filter(
  (x) => !LEGACY.includes(x.name) && !x.replaces,
);

const db = await createTestDatabase();
const client = new pg.Client({ connectionString: db.url });
const config = () => testKernelConfig(db.url);
const bootAndStop = async () => {
  const kernel = await startKernel({ config: config(), plugins: [] });
  await kernel.stop();
};

/** The ledger as the global migrator left it: the legacy names, in order, nothing else. */
const recordLegacy = async (names: readonly string[]) => {
  await client.query('delete from mikro_orm_migrations');
  for (const name of names) await client.query('insert into mikro_orm_migrations (name) values ($1)', [name]);
};
const ledger = async () =>
  (await client.query<{ name: string }>('select name from mikro_orm_migrations order by id')).rows.map(
    (r) => r.name,
  );

/** Every table, column (in order), index, function and trigger of the schema: what pg_dump compares, in short. */
const structure = async () =>
  (
    await client.query<{ line: string }>(`
      select format('%s.%s %s %s', c.table_name, c.column_name, c.data_type, coalesce(c.column_default, '')) as line
        from information_schema.columns c where c.table_schema = 'public'
      union all select indexdef from pg_indexes where schemaname = 'public'
      union all select p.proname || md5(p.prosrc) from pg_proc p where p.pronamespace = 'public'::regnamespace
      union all select tgname from pg_trigger t join pg_class r on r.oid = t.tgrelid
        where r.relnamespace = 'public'::regnamespace and not t.tgisinternal
      order by 1`)
  ).rows.map((r) => r.line);

/**
 * The catalogue rows' versions: a migration that ran again (even `create or replace`) writes new ones. The job
 * runner's backend replaces its own trigger function at every start: its objects are left out.
 */
const versions = async () =>
  (
    await client.query<{ v: string }>(`
      select * from (
        select relname || ':' || xmin as v from pg_class where relnamespace = 'public'::regnamespace
        union all select proname || ':' || xmin from pg_proc where pronamespace = 'public'::regnamespace
        union all select tgname || ':' || xmin from pg_trigger where not tgisinternal) o
      where v not like '%agenda%'
      order by 1`)
  ).rows.map((r) => r.v);

/** Runs a migration's `down()` straight on the database (to rebuild a database as of an older release). */
const down = async (cls: new (driver: never, config: never) => Migration) => {
  const migration = new cls(undefined as never, undefined as never);
  await migration.down();
  for (const q of migration.getQueries()) await client.query(typeof q === 'string' ? q : q.toString());
};

let fresh: string[];
beforeAll(async () => {
  await bootAndStop();
  await client.connect();
  fresh = await structure();
}, 60_000);
afterAll(async () => {
  await client.end();
  await db.drop();
});

describe('core modules', () => {
  it('a fresh database records every module migration by its own name, in module order', async () => {
    expect(await ledger()).toEqual(ALL_NAMES);
  });

  it('a database migrated under the legacy names upgrades with nothing run again, nothing missing, and boots', async () => {
    // A database of the last legacy release, then upgraded by the module migrations written since.
    await recordLegacy([...LEGACY, ...LATER.map((x) => x.name)]);
    const before = await versions();
    await bootAndStop();
    expect(await versions()).toEqual(before);
    const names = await ledger();
    expect(names.slice(0, LEGACY.length)).toEqual(LEGACY);
    // The split parts are recorded as done (they replace a recorded legacy migration); the rest already were.
    expect(new Set(names)).toEqual(new Set([...LEGACY, ...ALL_NAMES]));
    expect(await structure()).toEqual(fresh);
    await bootAndStop();
    expect(await ledger()).toEqual(names);
  }, 60_000);

  it('a database of an older release (legacy names up to core-0012) gets the later migrations, from their modules', async () => {
    for (const later of [...LATER].reverse())
      await down(later.class as unknown as Parameters<typeof down>[0]);
    await down(Migration0015ChannelSessions);
    await down(Migration0014TicketBotEngine);
    await down(Migration0013MessageOutbox);
    await recordLegacy(LEGACY.slice(0, 12));
    expect(await structure()).not.toEqual(fresh);
    await bootAndStop();
    expect(await structure()).toEqual(fresh);
    expect(new Set(await ledger())).toEqual(new Set([...LEGACY, ...ALL_NAMES]));
  }, 60_000);
});

describe('a core module that cannot be placed stops the boot, naming it', () => {
  it('a missing dependency', async () => {
    const orphan = defineModule({ name: 'orphan', dependsOn: ['nowhere'] });
    await expect(
      startKernel({ config: config(), plugins: [], coreModules: [...CORE_MODULES, orphan] }),
    ).rejects.toThrow('core module orphan: missing dependency nowhere');
  });

  it('a cycle', async () => {
    const a = defineModule({ name: 'cycle-a', dependsOn: ['cycle-b'] });
    const b = defineModule({ name: 'cycle-b', dependsOn: ['cycle-a'] });
    await expect(
      startKernel({ config: config(), plugins: [], coreModules: [...CORE_MODULES, a, b] }),
    ).rejects.toThrow(/core module cycle-a: dependency cycle among cycle-a, cycle-b/);
  });
});
