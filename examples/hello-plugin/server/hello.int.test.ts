import { companyChannel, type PluginInfoDto, type ServerFrame } from '@balcao/sdk';
import { createTenant, createTestHost, eventually, type TestHost } from '@balcao/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { GreetingDto, GreetingPageDto } from '../shared/greeting.js';
import hello from './index.js';

interface Tenant {
  companyId: number;
  token: string;
}

let host: TestHost;
let company1: Tenant;
let flagless: Tenant;
let otherWithFlag: Tenant;

/** A tenant whose plan has (or lacks) the flag, logged in as its admin. */
async function tenant(name: string, useIntegration: boolean): Promise<Tenant> {
  const t = await createTenant(host, company1.token, { name, flags: { useIntegration } });
  return { companyId: t.companyId, token: (await host.login(t.email, t.password)).token };
}

async function post(tenant: Tenant, message: string): Promise<GreetingDto> {
  const res = await host.request('/api/hello', { token: tenant.token, body: { message } });
  expect(res.status).toBe(201);
  return (await res.json()) as GreetingDto;
}

async function list(tenant: Tenant): Promise<GreetingDto[]> {
  const res = await host.request('/api/hello', { token: tenant.token });
  expect(res.status).toBe(200);
  return ((await res.json()) as GreetingPageDto).greetings;
}

const processed = (tenant: Tenant, id: number) => async () =>
  (await list(tenant)).find((g) => g.id === id && g.processedAt !== null);

beforeAll(async () => {
  host = await createTestHost({ plugins: [hello] });
  const { token, user } = await host.login(host.admin.email, host.admin.password);
  company1 = { companyId: user.companyId, token };
  flagless = await tenant('Flagless', false);
  otherWithFlag = await tenant('Flagged', true);
});
afterAll(() => host?.stop());

describe('GET and POST /api/hello', () => {
  it('stores a greeting for a tenant whose plan has the flag and lists it newest first', async () => {
    const first = await post(company1, 'Olá');
    const second = await post(company1, 'Hello');
    expect(second).toMatchObject({ message: 'Hello', processedAt: null, createdAt: expect.any(String) });
    expect((await list(company1)).slice(0, 2).map((g) => g.id)).toEqual([second.id, first.id]);
  });

  it('answers 403 ERR_NO_PERMISSION to a tenant without the flag, and 401 without a token', async () => {
    for (const init of [{}, { body: { message: 'Hi' } }]) {
      const res = await host.request('/api/hello', { token: flagless.token, ...init });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'ERR_NO_PERMISSION', planFlag: 'useIntegration' });
    }
    expect((await host.request('/api/hello')).status).toBe(401);
  });

  it('refuses an empty message with 400 naming the field', async () => {
    const res = await host.request('/api/hello', { token: company1.token, body: { message: '  ' } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe('ERR_VALIDATION');
    expect(body.fields).toContainEqual({ path: 'message', message: 'Required' });
  });

  it("never shows one tenant's greetings to another", async () => {
    const mine = await post(company1, 'Só da empresa 1');
    const theirs = await post(otherWithFlag, 'Only theirs');
    const seen = (await list(otherWithFlag)).map((g) => g.id);
    expect(seen).toContain(theirs.id);
    expect(seen).not.toContain(mine.id);
  });
});

describe('the process job', () => {
  it('processes a new greeting for a tenant whose plan has the flag', async () => {
    const { id } = await post(company1, 'Process me');
    const done = await eventually(processed(company1, id), 10_000);
    expect(Date.parse(done.processedAt ?? '')).not.toBeNaN();
  });

  it('is skipped for a tenant whose plan lacks the flag', async () => {
    const db = new pg.Client({ connectionString: host.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ id: number }>(
        'insert into hello_greetings (company_id, message) values ($1, $2) returning id',
        [flagless.companyId, 'Never processed'],
      );
      const greetingId = rows[0].id;
      await host.enqueue('hello:process', { companyId: flagless.companyId, greetingId });
      // A job enqueued after it gets processed, so the worker has been past the skipped one.
      const { id } = await post(company1, 'After the skipped one');
      await eventually(processed(company1, id), 10_000);
      const after = await db.query('select processed_at from hello_greetings where id = $1', [greetingId]);
      expect(after.rows[0].processed_at).toBeNull();
    } finally {
      await db.end();
    }
  });

  it("tells the company's open screens when a greeting is processed", async () => {
    const ws = new WebSocket(`${host.url.replace('http', 'ws')}/ws?token=${company1.token}`);
    const frames: ServerFrame<{ action: string; greeting: GreetingDto }>[] = [];
    ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    try {
      const { id } = await post(company1, 'Live');
      const frame = await eventually(async () => frames.find((f) => f.data.greeting?.id === id));
      expect(frame.channel).toBe(companyChannel(company1.companyId, 'hello'));
      expect(frame.data).toMatchObject({
        action: 'update',
        greeting: { id, processedAt: expect.any(String) },
      });
    } finally {
      ws.terminate();
    }
  });
});

describe('GET /api/plugins', () => {
  const plugins = async (tenant: Tenant) =>
    (await (await host.request('/api/plugins', { token: tenant.token })).json()) as PluginInfoDto[];

  it('lists hello enabled for a tenant whose plan has the flag, and disabled for one without', async () => {
    expect(await plugins(company1)).toContainEqual({
      name: 'hello',
      enabled: true,
      planFlag: 'useIntegration',
      planFlags: [],
      channels: [],
      channelTraits: [],
    });
    expect((await plugins(flagless)).find((p) => p.name === 'hello')).toMatchObject({ enabled: false });
  });
});
