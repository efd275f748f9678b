import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '@balcao/sdk';
import { defineConfig, MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Kernel, startKernel } from '../app.js';
import { loadConfig } from '../kernel/config.js';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy.js';
import { adminUrl, createTestDatabase } from '../testing/test-database.js';
import { isDatabaseUnavailable } from './errors.js';

/** PostgreSQL's address, to relay to. */
const server = () => {
  const url = new URL(adminUrl());
  return { host: url.hostname, port: Number(url.port || 5432) };
};

/** `url` with its server replaced by the relay. */
const through = (url: string, proxy: TcpProxy) => {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(proxy.port);
  return u.toString();
};

const eventually = async (check: () => Promise<boolean>, ms = 15_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('PostgreSQL unreachable for a running kernel', () => {
  let proxy: TcpProxy;
  let kernel: Kernel;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  let token: string;
  const admin = { email: 'admin@admin.com', password: 'secret-admin' };
  const get = (p: string, auth = true) =>
    fetch(`${kernel.url}${p}`, { headers: auth ? { authorization: `Bearer ${token}` } : {} });

  beforeAll(async () => {
    db = await createTestDatabase();
    proxy = await startTcpProxy(server());
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'balcao-test-data-'));
    const config = loadConfig(
      { NODE_ENV: 'test', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
      {
        port: 0,
        databaseUrl: through(db.url, proxy),
        jwtSecret: 'test-access-secret-0123456789',
        jwtRefreshSecret: 'test-refresh-secret-0123456789',
        logLevel: 'silent',
        dataDir,
      },
    );
    kernel = await startKernel({ config, plugins: [] });
    const login = await fetch(`${kernel.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    token = (await login.json()).token;
  });

  afterAll(async () => {
    // The kernel shuts down cleanly only with its database back.
    if (
      proxy &&
      !(await fetch(`${kernel?.url}/api/health`, { signal: AbortSignal.timeout(10_000) }).then(
        (r) => r.ok,
        () => false,
      ))
    )
      await proxy.restore().catch(() => {});
    // A shutdown that hangs names its step (it hung once in a full run, before the hook's timeout said nothing).
    let step = 'not started';
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      kernel?.stop((s) => {
        step = s;
      }),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`kernel.stop hung at step: ${step}`)), 40_000);
      }),
    ]).finally(() => clearTimeout(timer));
    await proxy?.close();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is healthy while the database answers', async () => {
    const res = await get('/api/health', false);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'ok', jobs: 'running' });
  });

  it('answers 503 ERR_DB_UNAVAILABLE and a degraded health while it is gone, and recovers when it is back', async () => {
    await proxy.cut();

    const started = Date.now();
    const health = await get('/api/health', false);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({
      status: 'degraded',
      database: 'unreachable',
      jobs: 'unreachable',
    });
    expect(Date.now() - started).toBeLessThan(5_000);

    const contacts = await get('/api/contacts');
    expect(contacts.status).toBe(503);
    expect(await contacts.json()).toEqual({ error: 'ERR_DB_UNAVAILABLE' });
    const login = await fetch(`${kernel.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    expect(login.status).toBe(503);
    expect(await login.json()).toEqual({ error: 'ERR_DB_UNAVAILABLE' });

    await proxy.restore();
    await eventually(async () => (await get('/api/health', false)).status === 200);
    expect((await get('/api/contacts')).status).toBe(200);
  });
});

describe('isDatabaseUnavailable, on what pg, knex and MikroORM really throw', () => {
  let proxy: TcpProxy;
  let orm: MikroORM;
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => {
        throw new Error('expected a failure');
      },
      (err: unknown) => err,
    );

  beforeAll(async () => {
    proxy = await startTcpProxy(server());
    orm = await MikroORM.init(
      defineConfig({
        clientUrl: through(adminUrl(), proxy),
        entities: [],
        discovery: { warnWhenNoEntities: false },
        allowGlobalContext: true,
        pool: { min: 0, max: 2 },
      }),
    );
  });
  afterAll(async () => {
    await proxy?.restore().catch(() => {});
    await orm?.close(true);
    await proxy?.close();
  });

  it('knows a query cut off mid-way, then a refused connection', async () => {
    const running = failure(orm.em.getConnection().execute('select pg_sleep(5)'));
    await new Promise((r) => setTimeout(r, 200));
    await proxy.cut();
    const terminated = await running;
    expect(String(terminated)).toMatch(/Connection terminated/);
    expect(isDatabaseUnavailable(terminated)).toBe(true);

    const refused = await failure(orm.em.getConnection().execute('select 1'));
    expect(refused).toMatchObject({ code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    const direct = new pg.Client({ connectionString: through(adminUrl(), proxy) });
    expect(isDatabaseUnavailable(await failure(direct.connect()))).toBe(true);
    await proxy.restore();
  });

  it('knows a connection the server terminated (57P01) and a pool that found none in time', async () => {
    const running = failure(orm.em.getConnection().execute('select pg_sleep(5) as balcao_terminate_me'));
    await new Promise((r) => setTimeout(r, 200));
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where query like '%balcao_terminate_me' and pid <> pg_backend_pid()`,
    );
    await admin.end();
    const terminated = await running;
    expect(terminated).toMatchObject({ code: '57P01' });
    expect(isDatabaseUnavailable(terminated)).toBe(true);

    // A server that accepts connections and never answers: the pool gives up with knex's timeout.
    const held = new Set<net.Socket>();
    const silent = net.createServer((socket) => held.add(socket));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const stuck = await MikroORM.init(
      defineConfig({
        clientUrl: `postgres://postgres@127.0.0.1:${(silent.address() as net.AddressInfo).port}/x`,
        entities: [],
        discovery: { warnWhenNoEntities: false },
        allowGlobalContext: true,
        connect: false,
        pool: { min: 0, max: 1, acquireTimeoutMillis: 300 },
      }),
    );
    const timeout = await failure(stuck.em.getConnection().execute('select 1'));
    expect(timeout).toMatchObject({ name: 'KnexTimeoutError' });
    expect(isDatabaseUnavailable(timeout)).toBe(true);
    // Its pending connection fails once the server lets go, so the pool can close.
    for (const socket of held) socket.destroy();
    silent.close();
    await stuck.close(true).catch(() => {});
  });

  it('leaves data errors, our own errors and other services alone', async () => {
    const connection = orm.em.getConnection();
    for (const sql of ['select 1/0', 'select from nowhere_at_all', "select 'x'::int"]) {
      expect(isDatabaseUnavailable(await failure(connection.execute(sql))), sql).toBe(false);
    }
    expect(isDatabaseUnavailable(new AppError('ERR_NO_TICKET_FOUND', 404))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    // Another service refusing (a channel's API) is not the database.
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const { port } = closed.address() as net.AddressInfo;
    closed.close();
    expect(isDatabaseUnavailable(await failure(fetch(`http://127.0.0.1:${port}/`)))).toBe(false);
  });
});
