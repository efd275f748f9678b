import { eventually } from '@balcao/testing';
import { Migration } from '@mikro-orm/migrations';
import { asValue } from 'awilix';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Kernel, startKernel } from '../app.js';
import { CORE_MODULES } from '../modules/registry.js';
import { testKernelConfig } from '../testing/test-config.js';
import { createTestDatabase } from '../testing/test-database.js';
import { defineModule } from './module.js';

class ProbeLogins extends Migration {
  override async up(): Promise<void> {
    this.addSql('create table probe_logins (user_id int not null references users(id) on delete cascade)');
  }
}

const booted: string[] = [];
/** A core module using every key of the contract, booted beside the real ones. */
const probe = defineModule({
  name: 'probe',
  dependsOn: ['users'],
  migrations: [{ name: 'probe-0001-logins', class: ProbeLogins }],
  register: (container) => container.register({ probeAnswer: asValue(42) } as never),
  routes: (router) =>
    router.get('/probe', (ctx) => {
      ctx.body = { answer: (ctx.state.services as unknown as { probeAnswer: number }).probeAnswer };
    }),
  publicRoutes: (router) =>
    router.get('/probe-public', (ctx) => {
      ctx.body = { open: true };
    }),
  jobs: [
    {
      name: 'note',
      handler: async ({ companyId, data, scope }) => {
        await scope.em
          .getConnection()
          .execute('insert into probe_logins (user_id) values (?)', [Number(data.userId) + companyId - 1]);
      },
    },
  ],
  subscribers: [
    {
      event: 'user.login',
      handler: async (payload, scope) => {
        await scope.em
          .getConnection()
          .execute('insert into probe_logins (user_id) values (?)', [payload.userId]);
      },
    },
  ],
  wire: ({ plugins }) => {
    booted.push(`wire:${plugins.loaded.length}`);
  },
  onBoot: async () => {
    booted.push('boot');
  },
});

const db = await createTestDatabase();
let kernel: Kernel;
beforeAll(async () => {
  kernel = await startKernel({
    config: testKernelConfig(db.url),
    plugins: [],
    coreModules: [probe, ...CORE_MODULES],
  });
}, 60_000);
afterAll(async () => {
  await kernel?.stop();
  await db.drop();
});

it('a core module declared like a plugin is migrated after what it depends on, served, subscribed, run as a job and booted', async () => {
  expect(booted).toEqual(['wire:0', 'boot']);
  const conn = kernel.orm.em.getConnection();
  const [row] = await conn.execute<{ id: number }[]>(
    "select id from mikro_orm_migrations where name = 'probe-0001-logins'",
  );
  const [users] = await conn.execute<{ id: number }[]>(
    "select id from mikro_orm_migrations where name = 'users-0001-tables'",
  );
  expect(row.id).toBeGreaterThan(users.id);

  expect(await (await fetch(`${kernel.url}/api/probe-public`)).json()).toEqual({ open: true });
  expect((await fetch(`${kernel.url}/api/probe`)).status).toBe(401);
  const login = await fetch(`${kernel.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@admin.com', password: 'secret-admin' }),
  });
  const { token, user } = (await login.json()) as { token: string; user: { id: number } };
  const answer = await fetch(`${kernel.url}/api/probe`, { headers: { authorization: `Bearer ${token}` } });
  expect(await answer.json()).toEqual({ answer: 42 });
  const logged = await eventually(async () => {
    const rows = await conn.execute<{ user_id: number }[]>('select user_id from probe_logins');
    return rows.length ? rows.map((r) => r.user_id) : undefined;
  });
  expect(logged).toEqual([user.id]);

  await kernel.container.cradle.jobsHost.now('probe:note', { companyId: 1, userId: user.id });
  const noted = await eventually(async () => {
    const rows = await conn.execute<{ user_id: number }[]>('select user_id from probe_logins');
    return rows.length === 2 ? rows.map((r) => r.user_id) : undefined;
  }, 10_000);
  expect(noted).toEqual([user.id, user.id]);
});
