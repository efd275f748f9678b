import type { RealtimeEnvelope } from '@balcao/sdk';
import { eventually } from '@balcao/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../kernel/logger.js';
import { createTestDatabase } from '../testing/test-database.js';
import { PgBus } from './pg-bus.js';

// The bus against a real PostgreSQL, watched by a plain listener on its channel: what each instance puts on the wire.

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let watcher: pg.Client;
/** Every notice seen on the channel: its origin and what it carried. */
const wire: { origin: string; kind: string }[] = [];
const buses: PgBus[] = [];

function startBus(): { bus: PgBus; delivered: RealtimeEnvelope[]; ready: Promise<void> } {
  const delivered: RealtimeEnvelope[] = [];
  const bus = new PgBus(db.url, createLogger('silent'), {
    deliver: (envelope) => void delivered.push(envelope),
    refresh: async () => undefined,
    endSessions: () => undefined,
    stale: () => undefined,
  });
  buses.push(bus);
  return { bus, delivered, ready: bus.start() };
}

const envelope = (action: string): RealtimeEnvelope => ({
  companyId: 1,
  channel: 'company-1-ticket',
  data: { action },
});
/** What `origin` put on the wire, in order: presence notices by name, envelopes by their action. */
const sentBy = (origin: string) => wire.filter((n) => n.origin === origin).map((n) => n.kind);

beforeAll(async () => {
  db = await createTestDatabase();
  watcher = new pg.Client({ connectionString: db.url });
  watcher.on('notification', (msg) => {
    const n = JSON.parse(msg.payload ?? '{}');
    wire.push({ origin: n.origin, kind: n.presence ?? n.envelope?.data.action ?? 'other' });
  });
  await watcher.connect();
  await watcher.query('listen balcao_realtime');
});
afterAll(async () => {
  vi.useRealTimers();
  for (const bus of buses) await bus.stop();
  await watcher?.end();
  await db?.drop();
});

describe('the realtime bus between instances', () => {
  it('publishes only while another instance listens: found by hello / here, left by bye or silence', async () => {
    const a = startBus();
    await a.ready;
    // Alone: nothing goes through the database.
    await a.bus.publish(envelope('alone'));
    expect(a.bus.hasPeers()).toBe(false);

    // A second instance says hello once it listens; the first answers here, so each knows the other at once.
    const b = startBus();
    await b.ready;
    await eventually(() => (a.bus.hasPeers() && b.bus.hasPeers() ? true : undefined));
    // Had `alone` been sent, it would be on the wire before the answer (one session, in commit order).
    expect(sentBy(a.bus.origin)).toEqual(['hello', 'here']);
    expect(sentBy(b.bus.origin)).toEqual(['hello']);

    await a.bus.publish(envelope('together'));
    await eventually(() => (b.delivered.length ? true : undefined));
    expect(b.delivered.map((e) => e.data)).toEqual([{ action: 'together' }]);
    // An instance skips its own notices when they come back.
    expect(a.delivered).toEqual([]);

    // A stopping instance says bye: the other is alone again at once.
    await b.bus.stop();
    buses.splice(buses.indexOf(b.bus), 1);
    await eventually(() => (a.bus.hasPeers() ? undefined : true));
    await a.bus.publish(envelope('after bye'));
    const c = startBus();
    await c.ready;
    await eventually(() => (c.bus.hasPeers() ? true : undefined));
    expect(sentBy(a.bus.origin)).toEqual(['hello', 'here', 'together', 'here']);

    // An instance not heard from for 35 s (three heartbeats missed: it died without a bye) is forgotten.
    expect(a.bus.hasPeers()).toBe(true);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 36_000);
    expect(a.bus.hasPeers()).toBe(false);
    vi.useRealTimers();
  });
});
