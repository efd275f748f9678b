import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eventually } from '@balcao/testing';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Kernel, startKernel } from '../../app.js';
import { loadConfig } from '../../kernel/config.js';
import { httpChannelPlugin } from '../../testing/http-channel-plugin.js';
import { createTestDatabase } from '../../testing/test-database.js';

/**
 * A Balcão process is killed (SIGKILL: no shutdown code runs) while its worker is sending a message: the vendor has
 * the request, Balcão never hears back. Another process finds the delivery once the dead one's lease runs out and
 * sends it again with the same idempotency key, so the vendor, which dedupes on it as WhatsApp does on a client
 * message id, delivers it to the contact once, and the message reaches ack 1.
 */
const admin = { email: 'crash@balcao.test', password: 'crash-admin-pass' };
const outboxEnv = { OUTBOX_LEASE_SECONDS: '1', OUTBOX_POLL_MS: '50', OUTBOX_RETRY_BASE_MS: '50' };
let db: { url: string; drop(): Promise<void> };
let vendor: http.Server;
let vendorUrl: string;
let child: ChildProcess | undefined;
let successor: Kernel | undefined;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'balcao-crash-'));

/** The mock vendor API: every request is recorded; the first one of the crash message is held unanswered. */
const requests: { key: string; body: string }[] = [];
const delivered = new Set<string>();
let heldArrived: () => void;
const held = new Promise<void>((resolve) => {
  heldArrived = resolve;
});

beforeAll(async () => {
  db = await createTestDatabase();
  vendor = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const m = JSON.parse(raw) as { key: string; body: string };
      requests.push(m);
      if (m.body.includes('Crash test') && requests.filter((r) => r.key === m.key).length === 1) {
        heldArrived();
        return; // never answered: the process sending it dies first
      }
      delivered.add(m.key);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ id: `wa-${m.key.slice(0, 8)}` }));
    });
  });
  await new Promise<void>((resolve) => vendor.listen(0, '127.0.0.1', resolve));
  vendorUrl = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}/send`;
});

afterAll(async () => {
  child?.kill('SIGKILL');
  await successor?.stop();
  vendor.closeAllConnections();
  await new Promise<void>((resolve) => vendor.close(() => resolve()));
  await db?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the killable process and answers its URL. */
async function startChild(): Promise<string> {
  const script = path.join(import.meta.dirname, '../../testing/outbox-child.ts');
  child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: {
      ...process.env,
      ...outboxEnv,
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      VENDOR_URL: vendorUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise<string>((resolve, reject) => {
    let out = '';
    child?.stdout?.on('data', (chunk) => {
      out += chunk;
      const ready = /ready (\S+)/.exec(out);
      if (ready) resolve(ready[1]);
    });
    child?.once('exit', (code) => reject(new Error(`child exited with ${code}`)));
  });
}

async function call(url: string, route: string, token: string | null, body?: unknown) {
  const res = await fetch(`${url}${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function messageRow(id: number) {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ ack: number; external_id: string | null; pending: string }>(
      `select ack, external_id, (select count(*) from message_outbox o where o.message_id = m.id) as pending
         from messages m where id = $1`,
      [id],
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

it('a send cut off by SIGKILL is finished by another process, and reaches the contact once', async () => {
  const url = await startChild();
  const { token, user } = await call(url, '/api/auth/login', null, admin);
  const connection = await call(url, '/api/whatsapp', token, { name: 'Fone', channel: 'whatsapp' });
  const contact = await call(url, '/api/contacts', token, { name: 'Ana Souza', number: '5511977770001' });
  const ticket = await call(url, '/api/tickets', token, {
    contactId: contact.id,
    whatsappId: connection.id,
    userId: user.id,
    status: 'open',
  });
  const message = await call(url, `/api/messages/${ticket.id}`, token, { body: 'Crash test' });

  await held;
  child?.kill('SIGKILL');
  await new Promise<void>((resolve) => child?.once('exit', () => resolve()));
  child = undefined;
  expect((await messageRow(message.id)).ack).toBe(0);

  const config = loadConfig(
    { ...outboxEnv, NODE_ENV: 'test', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
    {
      port: 0,
      databaseUrl: db.url,
      jwtSecret: 'test-access-secret-0123456789',
      jwtRefreshSecret: 'test-refresh-secret-0123456789',
      logLevel: 'silent',
      dataDir,
      role: 'worker',
    },
  );
  successor = await startKernel({ config, plugins: [httpChannelPlugin(vendorUrl)] });
  const row = await eventually(async () => {
    const r = await messageRow(message.id);
    // Sent, then the delivery row goes: both, or the worker is still between the two writes.
    return r.ack === 1 && r.pending === '0' ? r : undefined;
  }, 15_000);

  const attempts = requests.filter((r) => r.body.includes('Crash test'));
  expect(attempts).toHaveLength(2);
  expect(attempts[1].key).toBe(attempts[0].key);
  expect(delivered).toEqual(new Set([attempts[0].key]));
  expect(row).toEqual({ ack: 1, external_id: `wa-${attempts[0].key.slice(0, 8)}`, pending: '0' });
}, 60_000);
