import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '@balcao/sdk';
import { type Kernel, startKernel } from '../app.js';
import { loadConfig } from '../kernel/config.js';
import { fakeWhatsappPlugin } from './fake-whatsapp-plugin.js';
import { type RouteEntry, routeTable } from './hostile-requests.js';
import { createTestDatabase } from './test-database.js';

/** How an input travels: in the query string, as a JSON body, or as multipart form fields. */
export type Carrier = 'query' | 'json' | 'form';

/** A kernel as a normal start has it (discovered plugins, plus the e2e fake channel), for sweeps over every route. */
export interface SweepServer {
  kernel: Kernel;
  /** Every route of the app, read from its routers' own tables. */
  routes: RouteEntry[];
  send(
    method: string,
    url: string,
    token: string | undefined,
    body?: Record<string, unknown>,
    carrier?: Carrier,
  ): Promise<{ status: number; text: string }>;
  login(email: string, password: string): Promise<string>;
  /** The seeded super admin of company 1. */
  superToken: string;
  /** The admin (not super) of a second company. */
  other: { token: string; companyId: number };
  stop(): Promise<void>;
}

const ADMIN = { email: 'admin@admin.com', password: 'secret-admin' };
const OTHER = { email: 'admin@sweep.test', password: 'sweep-pass' };

/** A multipart body of text fields (no file): upload routes parse their own forms. */
function formData(fields: Record<string, unknown>): { type: string; payload: Buffer } {
  const boundary = `----sweep${Date.now()}`;
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`,
  );
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`),
  };
}

/**
 * Starts the sweep server on a fresh database: company 1 with its super admin, and a second company with its admin.
 * Thousands of small requests: plain keep-alive HTTP is several times lighter than fetch here.
 * @example const server = await startSweepServer(); for (const route of server.routes) …; await server.stop();
 */
export async function startSweepServer(opts: { logger?: Logger } = {}): Promise<SweepServer> {
  const db = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'balcao-test-data-'));
  const config = loadConfig(
    { NODE_ENV: 'test', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    {
      port: 0,
      databaseUrl: db.url,
      jwtSecret: 'test-access-secret-0123456789',
      jwtRefreshSecret: 'test-refresh-secret-0123456789',
      logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
      dataDir,
    },
  );
  const kernel = await startKernel({ config, extraPlugins: [fakeWhatsappPlugin], logger: opts.logger });
  if (!kernel.app) throw new Error('the kernel serves no HTTP');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

  const send: SweepServer['send'] = (method, url, token, body, carrier = 'json') => {
    const encoded =
      body === undefined
        ? undefined
        : carrier === 'form'
          ? formData(body)
          : { type: 'application/json', payload: Buffer.from(JSON.stringify(body)) };
    return new Promise((resolve, reject) => {
      const req = http.request(
        `${kernel.url}${url}`,
        {
          method,
          agent,
          headers: {
            ...(encoded ? { 'content-type': encoded.type, 'content-length': encoded.payload.length } : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(encoded?.payload);
    });
  };
  const login = async (email: string, password: string) => {
    const res = await send('POST', '/api/auth/login', undefined, { email, password });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${res.text}`);
    return JSON.parse(res.text).token as string;
  };

  const superToken = await login(ADMIN.email, ADMIN.password);
  const plan = await send('POST', '/api/plans', superToken, { name: 'Sweep plan', users: 5, connections: 3 });
  const company = await send('POST', '/api/companies', superToken, {
    name: 'Sweep',
    email: OTHER.email,
    planId: JSON.parse(plan.text).id,
    status: true,
    dueDate: '2999-01-01',
    password: OTHER.password,
  });
  if (company.status !== 201) throw new Error(`company: ${company.status} ${company.text}`);
  return {
    kernel,
    routes: routeTable(kernel.app),
    send,
    login,
    superToken,
    other: { token: await login(OTHER.email, OTHER.password), companyId: JSON.parse(company.text).id },
    async stop() {
      agent.destroy();
      await kernel.stop();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
