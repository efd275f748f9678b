import { randomUUID } from 'node:crypto';
import { GroupCommit, type Logger, type RealtimeEnvelope } from '@balcao/sdk';
import pg from 'pg';
import type { AccessRefresh, RemoteBus, Staleness } from './hub.js';

const CHANNEL = 'balcao_realtime';
// NOTIFY payloads are capped at 8000 bytes; larger envelopes travel through a table.
const MAX_NOTIFY_BYTES = 7_000;

const MAX_NOTICES_PER_STATEMENT = 200;
/** Instances that know of others say `here` this often; one not heard from for PEER_SILENCE_MS is gone. */
const HEARTBEAT_MS = 10_000;
const PEER_SILENCE_MS = 3.5 * HEARTBEAT_MS;

interface OutgoingNotice {
  notice: string;
  resolve: () => void;
  reject: (err: unknown) => void;
}

interface Notice {
  origin: string;
  seq: number;
  envelope?: RealtimeEnvelope;
  ref?: string;
  refresh?: AccessRefresh;
  /** Login sessions that ended: their sockets close and their tokens are refused. */
  ended?: readonly string[];
  /** Users whose rights changed, or plans: what the other instances cached of them is forgotten. */
  stale?: Staleness;
  /** Presence: `hello` when an instance starts listening (others answer `here`), `here` as a heartbeat, `bye` on stop. */
  presence?: 'hello' | 'here' | 'bye';
}

/** What the bus hands to its instance's hub from the other instances. */
export interface BusReceiver {
  deliver(envelope: RealtimeEnvelope): void;
  refresh(target: AccessRefresh): Promise<void>;
  endSessions(sessionIds: readonly string[]): void;
  stale(staleness: Staleness): void;
}

/**
 * Cross-instance delivery of realtime envelopes and socket access refreshes over Postgres LISTEN/NOTIFY. Each
 * instance handles its own notices locally and skips them when they come back.
 *
 * An instance alone publishes nothing: every envelope would go through PostgreSQL and back for no one (under an
 * ingest burst that round trip cost a third of the throughput). Instances find each other by presence notices: a
 * starting instance says `hello` once it listens and every instance that hears it answers `here`, so both know of
 * the other before the new one serves a socket; while an instance knows of others it says `here` every
 * HEARTBEAT_MS, and forgets one not heard from for PEER_SILENCE_MS (or that said `bye`).
 */
export class PgBus implements RemoteBus {
  readonly origin = randomUUID();
  private listener: pg.Client | undefined;
  private readonly pool: pg.Pool;
  private stopped = false;
  private readonly ownOpening = JSON.stringify({ origin: this.origin }).slice(0, -1);
  private seq = 0;
  /** The other instances heard from: origin → when. */
  private readonly peers = new Map<string, number>();
  private heartbeat: NodeJS.Timeout | undefined;
  /**
   * Notices published while one statement runs go together in the next, in order (one round trip for many under
   * load, where every ingested message publishes two). `seq` keeps equal envelopes apart: PostgreSQL folds identical
   * payloads sent in one transaction.
   */
  private readonly outbox = new GroupCommit<OutgoingNotice>({
    maxBatch: MAX_NOTICES_PER_STATEMENT,
    maxInFlight: 1,
    run: (batch) => this.notifyAll(batch),
  });

  constructor(
    private readonly url: string,
    private readonly logger: Logger,
    private readonly receiver: BusReceiver,
  ) {
    this.pool = new pg.Pool({ connectionString: url, max: 2, application_name: 'balcao-realtime' });
    // An idle client dropped by the server (restart, shutdown) must not crash the process.
    this.pool.on('error', (err) => this.logger.warn({ err }, 'realtime bus pool connection lost'));
  }

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, application_name: 'balcao-realtime-listen' });
    client.on('notification', (msg) => void this.receive(msg.payload));
    client.on('error', (err) => {
      this.logger.warn({ err }, 'realtime bus connection lost; reconnecting');
      this.listener = undefined;
      void this.reconnect();
    });
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    this.listener = client;
    // Also after a reconnect: notices were missed meanwhile, heartbeats among them.
    await this.sendPresence('hello');
    this.heartbeat ??= setInterval(() => {
      if (this.hasPeers()) void this.sendPresence('here').catch(() => undefined);
    }, HEARTBEAT_MS).unref();
  }

  /** Whether another instance listens (heard from within PEER_SILENCE_MS). */
  hasPeers(): boolean {
    const now = Date.now();
    for (const [origin, heard] of this.peers) {
      if (now - heard <= PEER_SILENCE_MS) return true;
      this.peers.delete(origin);
    }
    return false;
  }

  async publish(envelope: RealtimeEnvelope): Promise<void> {
    if (!this.hasPeers()) return;
    const seq = ++this.seq;
    let notice = JSON.stringify({ origin: this.origin, seq, envelope } satisfies Notice);
    if (Buffer.byteLength(notice) > MAX_NOTIFY_BYTES) {
      const { rows } = await this.pool.query<{ id: string }>(
        'insert into realtime_overflow (payload) values ($1) returning id',
        [JSON.stringify(envelope)],
      );
      notice = JSON.stringify({ origin: this.origin, seq, ref: rows[0].id } satisfies Notice);
      await this.pool.query("delete from realtime_overflow where created_at < now() - interval '5 minutes'");
    }
    return this.send(notice);
  }

  /** Tells the other instances to load the access of these sockets again (in order with the envelopes). */
  refreshAccess(refresh: AccessRefresh): Promise<void> {
    if (!this.hasPeers()) return Promise.resolve();
    return this.send(JSON.stringify({ origin: this.origin, seq: ++this.seq, refresh } satisfies Notice));
  }

  /** Tells the other instances that these login sessions ended. */
  endSessions(ended: readonly string[]): Promise<void> {
    if (!this.hasPeers()) return Promise.resolve();
    return this.send(JSON.stringify({ origin: this.origin, seq: ++this.seq, ended } satisfies Notice));
  }

  /** Tells the other instances to forget what they cached of these users' rights or of plans. */
  stale(stale: Staleness): Promise<void> {
    if (!this.hasPeers()) return Promise.resolve();
    return this.send(JSON.stringify({ origin: this.origin, seq: ++this.seq, stale } satisfies Notice));
  }

  private sendPresence(presence: Notice['presence']): Promise<void> {
    return this.send(JSON.stringify({ origin: this.origin, seq: ++this.seq, presence } satisfies Notice));
  }

  private send(notice: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.outbox.push({ notice, resolve, reject });
    });
  }

  private async notifyAll(batch: OutgoingNotice[]): Promise<void> {
    try {
      await this.pool.query(
        'select pg_notify($1, n) from unnest($2::text[]) with ordinality u(n, i) order by i',
        [CHANNEL, batch.map((b) => b.notice)],
      );
      for (const b of batch) b.resolve();
    } catch (err) {
      for (const b of batch) b.reject(err);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.heartbeat);
    if (this.hasPeers()) await this.sendPresence('bye').catch(() => undefined);
    await this.listener?.end().catch(() => undefined);
    await this.pool.end();
  }

  private async receive(payload: string | undefined): Promise<void> {
    if (!payload) return;
    try {
      // Our own notices come back too: told apart by their opening, without parsing them.
      if (payload.startsWith(this.ownOpening)) return;
      const notice = JSON.parse(payload) as Notice;
      if (notice.presence === 'bye') return void this.peers.delete(notice.origin);
      this.peers.set(notice.origin, Date.now());
      if (notice.presence === 'hello') return await this.sendPresence('here');
      if (notice.presence) return;
      if (notice.refresh) return await this.receiver.refresh(notice.refresh);
      if (notice.ended) return this.receiver.endSessions(notice.ended);
      if (notice.stale) return this.receiver.stale(notice.stale);
      if (notice.envelope) return this.receiver.deliver(notice.envelope);
      const { rows } = await this.pool.query<{ payload: RealtimeEnvelope }>(
        'select payload from realtime_overflow where id = $1',
        [notice.ref],
      );
      if (rows[0]) this.receiver.deliver(rows[0].payload);
    } catch (err) {
      this.logger.error({ err }, 'bad realtime notice');
    }
  }

  private async reconnect(): Promise<void> {
    for (let delay = 500; !this.stopped && !this.listener; delay = Math.min(delay * 2, 10_000)) {
      await new Promise((r) => setTimeout(r, delay));
      if (this.stopped) return;
      await this.start().catch((err) => this.logger.warn({ err }, 'realtime bus reconnect failed'));
    }
  }
}
