import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../db/orm.js';
import { Host } from '../kernel/host.js';
import { createLogger } from '../kernel/logger.js';
import { PluginHost } from '../kernel/plugin-host.js';
import { CORE_MODULES } from '../modules/registry.js';
import { adminUrl, runSuffix } from './test-database.js';

let pending: Promise<string> | undefined;

/**
 * A database holding every core module's migrations, made once per vitest run (the first worker to ask makes it, the
 * others wait on a lock): a test database copied from it skips the core migrations (about 3 s of each test host on
 * the 2-core machine); the plugins' migrations and the seed still run on the copy. Named by a hash of the migrations'
 * code, so a changed migration never meets a template made before it. Undefined outside a vitest run.
 * @example const template = await coreTemplate(); const db = await createTestDatabase({ template });
 */
export function coreTemplate(): Promise<string | undefined> {
  const run = runSuffix();
  if (!run) return Promise.resolve(undefined);
  pending ??= makeTemplate(`balcao_tpl_${migrationsHash()}${run}`);
  // A failure is not kept: the next host tries again (and reports the error if it fails again).
  pending.catch(() => {
    pending = undefined;
  });
  return pending;
}

function migrationsHash(): string {
  const hash = createHash('sha1');
  for (const m of CORE_MODULES)
    for (const migration of m.migrations ?? [])
      hash.update(`${m.name}\0${migration.name}\0${String(migration.class)}\0`);
  return hash.digest('hex').slice(0, 10);
}

async function makeTemplate(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    // Session lock: the two vitest workers start together, and the second must find the first's template whole.
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return name;
    // Built under another name and renamed when complete: a half-made template is never copied.
    const building = `balcao_tplb_${randomBytes(3).toString('hex')}${runSuffix()}`;
    await admin.query(`create database ${building}`);
    const url = new URL(adminUrl());
    url.pathname = `/${building}`;
    const host = new Host(CORE_MODULES, new PluginHost([], createLogger('silent')));
    const orm = await openDatabase({ url: url.toString(), entities: host.entities(), poolMax: 2 });
    try {
      await host.migrate(orm);
    } finally {
      await orm.close(true);
    }
    await admin.query(`alter database ${building} rename to ${name}`);
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock_all()').catch(() => undefined);
    await admin.end();
  }
}
