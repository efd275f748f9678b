import { randomUUID } from 'node:crypto';
import {
  AppError,
  type ChannelDefinition,
  type ChannelSendContext,
  type ErrorCode,
  type Logger,
  type OutboundMessage,
  type PhoneContact,
} from '@balcao/sdk';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';

/**
 * What a request may ask of a connection's running session, with its argument and answer: the address check, the
 * phone's address book and chat list ("Import from phone"), and a text outside any ticket (a password-reset code).
 */
export interface SessionCallOps {
  checkAddress: { arg: { address: string }; result: string | null };
  addressBook: { arg: Record<string, never>; result: PhoneContact[] };
  chatContacts: { arg: Record<string, never>; result: PhoneContact[] };
  send: { arg: { message: OutboundMessage }; result: { ack: number; externalId?: string } };
}
export type SessionCallOp = keyof SessionCallOps;

/** How a call's failure travels back: an AppError keeps its code and status; any other error its message. */
interface CallFailure {
  code?: string;
  status?: number;
  details?: Record<string, unknown>;
  message: string;
}

interface CallRow {
  id: string;
  connection_id: number;
  op: SessionCallOp;
  args: unknown;
}

const CHANNEL = 'balcao_session_calls';
/** How often a caller looks at its call's row while waiting (a round trip is a few ms; the owner answers at once). */
const POLL_MS = 25;

export interface SessionCallsDeps {
  orm: MikroORM;
  logger: Logger;
  instanceId: string;
  timeoutMs: number;
  /** Runs a call on this instance's session of the connection (the owner's side). */
  runLocal: (connectionId: number, op: SessionCallOp, arg: unknown) => Promise<unknown>;
}

/**
 * Relays a call to the instance that runs a connection's session (item 9 of hardening 2): with `web` and `worker`
 * split, the socket of a WhatsApp number lives in one worker only, so a request that reached another process writes
 * the call in `channel_session_calls` addressed to the lease's owner and wakes it (NOTIFY with the owner's id); the
 * owner runs it on its session and writes the answer, which the caller reads. No owner answers within `timeoutMs`:
 * 504 ERR_SESSION_TIMEOUT, and the call is withdrawn. The table carries any answer size (an address book), which a
 * NOTIFY payload (8000 bytes) could not.
 */
export class SessionCalls {
  private listener: pg.Client | undefined;
  private stopped = false;
  private draining: Promise<void> | undefined;
  private connecting: Promise<void> | undefined;
  private again = false;

  constructor(private readonly deps: SessionCallsDeps) {}

  private get db() {
    return this.deps.orm.em.getConnection();
  }

  /**
   * The owner's side: listens for calls addressed to this instance (roles `all` and `worker`). One connection at a time:
   * run() and the lease pass both start it, and a second client (or one that connected after stop()) was left open,
   * so a stopping process's PostgreSQL met it still connected.
   */
  listen(): Promise<void> {
    if (this.listener || this.stopped) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.deps.orm.config.getClientUrl(),
      application_name: 'balcao-session-calls',
    });
    client.on('notification', (msg) => {
      if (msg.payload === this.deps.instanceId) void this.drain();
    });
    client.on('error', (err) => {
      // The lease loop drains too (drain() at each renewal), so a lost listener only slows calls down.
      this.deps.logger.warn({ err }, 'session calls listener lost');
      this.listener = undefined;
    });
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.connecting?.catch(() => undefined);
    await this.draining;
    await this.listener?.end().catch(() => undefined);
    this.listener = undefined;
  }

  /** Whether the listener is down (the lease loop then starts it again). */
  get listening(): boolean {
    return this.listener !== undefined;
  }

  /** The caller's side: runs `op` on `owner`'s session of the connection and answers its result. */
  async relay<K extends SessionCallOp>(
    owner: string,
    connectionId: number,
    op: K,
    arg: SessionCallOps[K]['arg'],
  ): Promise<SessionCallOps[K]['result']> {
    const id = randomUUID();
    await this.db.execute(
      `insert into channel_session_calls (id, connection_id, owner, op, args) values (?, ?, ?, ?, ?::jsonb)`,
      [id, connectionId, owner, op, JSON.stringify(arg)],
      'run',
    );
    await this.db.execute('select pg_notify(?, ?)', [CHANNEL, owner]);
    const deadline = Date.now() + this.deps.timeoutMs;
    try {
      while (Date.now() < deadline) {
        const [row] = await this.db.execute<
          { result: unknown; failure: CallFailure | null; answered: boolean }[]
        >(
          'select result, failure, answered_at is not null as answered from channel_session_calls where id = ?',
          [id],
        );
        if (row?.answered) {
          if (row.failure) throw failureError(row.failure);
          return row.result as SessionCallOps[K]['result'];
        }
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
      throw new AppError('ERR_SESSION_TIMEOUT', 504, { connectionId });
    } finally {
      await this.db.execute('delete from channel_session_calls where id = ?', [id], 'run');
    }
  }

  /** Runs the calls waiting for this instance, one pass at a time (a wake-up during a pass makes another). */
  drain(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = (async () => {
      do {
        this.again = false;
        await this.pass();
      } while (this.again && !this.stopped);
    })()
      .catch((err) => this.deps.logger.error({ err }, 'session calls pass failed'))
      .finally(() => {
        this.draining = undefined;
      });
    return this.draining;
  }

  private async pass(): Promise<void> {
    // A caller that died while waiting left its call: gone after a while, answered or not.
    await this.db.execute(
      "delete from channel_session_calls where created_at < now() - interval '5 minutes'",
      [],
      'run',
    );
    const rows = await this.db.execute<CallRow[]>(
      `update channel_session_calls set taken_at = now()
        where owner = ? and taken_at is null returning id, connection_id, op, args`,
      [this.deps.instanceId],
    );
    await Promise.all(rows.map((row) => this.answer(row)));
  }

  private async answer(row: CallRow): Promise<void> {
    let result: unknown = null;
    let failure: CallFailure | null = null;
    try {
      result = (await this.deps.runLocal(row.connection_id, row.op, row.args)) ?? null;
    } catch (err) {
      failure =
        err instanceof AppError
          ? { code: err.code, status: err.status, details: err.details, message: err.message }
          : { message: err instanceof Error ? err.message : String(err) };
    }
    await this.db.execute(
      `update channel_session_calls set result = ?::jsonb, failure = ?::jsonb, answered_at = now() where id = ?`,
      [JSON.stringify(result), failure && JSON.stringify(failure), row.id],
      'run',
    );
  }
}

/** Runs one call on a session's adapter, in the process that owns the session. */
export async function runSessionOp(
  adapter: ChannelDefinition,
  ctx: ChannelSendContext,
  op: SessionCallOp,
  arg: unknown,
): Promise<unknown> {
  if (op === 'checkAddress') {
    const { address } = arg as SessionCallOps['checkAddress']['arg'];
    return adapter.checkAddress ? adapter.checkAddress(address, ctx) : address;
  }
  if (op === 'send') return adapter.send((arg as SessionCallOps['send']['arg']).message, ctx);
  const read = adapter[op]?.bind(adapter);
  if (!read) throw new AppError('ERR_CONNECTION_CANNOT_IMPORT', 400, { channel: ctx.connection.channel });
  return read(ctx);
}

/** The error the caller throws for the owner's failure, as if the call had run in its own process. */
function failureError(f: CallFailure): Error {
  if (f.code && f.status) return new AppError(f.code as ErrorCode, f.status, f.details ?? {});
  return new Error(f.message);
}
