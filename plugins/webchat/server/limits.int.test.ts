import { randomBytes, randomUUID } from 'node:crypto';
import type { ConnectionDto } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebchatPlugin } from './index.js';
import { DEFAULT_LIMITS } from './limits.js';

// The defaults, except the connection's limit: small here, so a test reaches it with a few dozen posts.
const CONNECTION_LIMIT = 25;

let host: TestHost;
let admin: string;
let token: string;

const visitor = () => randomBytes(12).toString('hex');

/** At most what a bucket of `rate` lets through in `ms`: its burst, plus what refilled meanwhile. */
const allowedIn = (rate: { count: number; seconds: number }, ms: number) =>
  rate.count + Math.ceil(((ms / 1000) * rate.count) / rate.seconds);

/** A visitor's post from `address` (the test host trusts one proxy: X-Forwarded-For is the client's address). */
const post = (connectionToken: string, visitorId: string, address: string, body = 'oi') =>
  host.request(`/api/webchat/${connectionToken}/messages`, {
    body: { visitorId, name: 'Flood', body, clientMessageId: randomUUID() },
    headers: { 'x-forwarded-for': address },
  });

async function webchatContacts(): Promise<number> {
  const res = await host.request('/api/contacts?searchParam=Flood', { token: admin });
  return ((await res.json()) as { count: number }).count;
}

async function newConnection(name: string): Promise<string> {
  const res = await host.request('/api/whatsapp', { token: admin, body: { name, channel: 'webchat' } });
  expect(res.status).toBe(201);
  return ((await res.json()) as ConnectionDto).token ?? '';
}

beforeAll(async () => {
  host = await createTestHost({
    plugins: [
      createWebchatPlugin({ limits: { connectionMessages: { count: CONNECTION_LIMIT, seconds: 3600 } } }),
    ],
    env: { TRUST_PROXY: '1' },
  });
  admin = (await host.login(host.admin.email, host.admin.password)).token;
  const connections = (await (
    await host.request('/api/whatsapp', { token: admin })
  ).json()) as ConnectionDto[];
  token = connections.find((c) => c.channel === 'webchat')?.token ?? '';
});
afterAll(async () => {
  await host?.stop();
});

describe('web chat limits', () => {
  it("refuses one visitor's flood with 429 and Retry-After; the stored messages stay bounded", async () => {
    // A connection of its own: the small connection limit of this file stays out of the way.
    const connection = await newConnection('Site da enxurrada');
    const id = visitor();
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post(connection, id, '203.0.113.1', `m${i}`)),
    );
    const took = Date.now() - started;
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    for (const a of refused) {
      expect(Number(a.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await a.json()).toMatchObject({
        error: 'ERR_TOO_MANY_ATTEMPTS',
        retryAfter: expect.any(Number),
      });
    }
    // The burst, and at most what refilled while the flood lasted (one a second).
    const stored = answers.filter((a) => a.status === 201).length;
    expect(stored).toBeGreaterThanOrEqual(DEFAULT_LIMITS.visitorMessages.count);
    expect(stored).toBeLessThanOrEqual(allowedIn(DEFAULT_LIMITS.visitorMessages, took));
    const history = await host.request(`/api/webchat/${connection}/messages?visitorId=${id}`, {
      headers: { 'x-forwarded-for': '203.0.113.1' },
    });
    expect(((await history.json()) as { messages: unknown[] }).messages).toHaveLength(stored);
  });

  it('lets one address start a bounded number of new visitors: contacts and tickets stay bounded', async () => {
    const connection = await newConnection('Site dos visitantes');
    const before = await webchatContacts();
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await post(connection, visitor(), '198.51.100.2'));
    const created = answers.filter((a) => a.status === 201).length;
    expect(created).toBe(DEFAULT_LIMITS.newVisitors.count);
    expect(answers.slice(created).every((a) => a.status === 429 && a.headers.get('retry-after'))).toBe(true);
    expect((await webchatContacts()) - before).toBe(created);
    // Another address is not held back by this one.
    expect((await post(connection, visitor(), '198.51.100.3')).status).toBe(201);
  });

  it('bounds new visitors who arrive at once from one address the same way: each new one takes a token', async () => {
    const connection = await newConnection('Site da multidão');
    const before = await webchatContacts();
    const started = Date.now();
    // Within the connection's limit of this file: only the new-visitor bucket refuses here.
    const answers = await Promise.all(
      Array.from({ length: CONNECTION_LIMIT - 1 }, () => post(connection, visitor(), '198.51.100.4')),
    );
    const created = answers.filter((a) => a.status === 201).length;
    expect(created).toBeGreaterThanOrEqual(DEFAULT_LIMITS.newVisitors.count);
    expect(created).toBeLessThanOrEqual(allowedIn(DEFAULT_LIMITS.newVisitors, Date.now() - started));
    expect(answers.filter((a) => a.status === 429)).toHaveLength(answers.length - created);
    expect((await webchatContacts()) - before).toBe(created);
  });

  it('bounds what all visitors of one connection post together, from many addresses; other connections go on', async () => {
    const connection = await newConnection('Site inundado');
    const answers = await Promise.all(
      Array.from({ length: CONNECTION_LIMIT + 10 }, (_, i) =>
        post(connection, visitor(), `192.0.2.${i + 1}`),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(CONNECTION_LIMIT);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
    expect((await post(token, visitor(), '192.0.2.200')).status).toBe(201);
  });

  it('limits read receipts, typing signals and history loads per visitor too', async () => {
    const id = visitor();
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: DEFAULT_LIMITS.visitorSignals.count + 10 }, () =>
        host.request(`/api/webchat/${token}/presence`, {
          body: { visitorId: id, presence: 'composing' },
          headers: { 'x-forwarded-for': '203.0.113.9' },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status === 204).length).toBeLessThanOrEqual(
      allowedIn(DEFAULT_LIMITS.visitorSignals, Date.now() - started),
    );
  });
});
