import { randomUUID } from 'node:crypto';
import {
  AppError,
  type ChannelConnection,
  type ChannelDefinition,
  type ChannelSessionContext,
  type Logger,
  type SessionStatusReport,
} from '@balcao/sdk';
import type { AwilixContainer } from 'awilix';
import type { Cradle } from '../../kernel/container.js';
import { channelOffered } from '../connections/channel-plan.js';
import { channelMedia, channelSendContext } from '../conversations/channel-context.js';
import { type ConnectionRow, toChannelConnection } from '../conversations/conversations-service.js';
import { SecretBox } from './secret-box.js';
import { runSessionOp, type SessionCallOp, type SessionCallOps, SessionCalls } from './session-calls.js';
import { restartSession } from './session-commands.js';
import {
  claimLeases,
  DEFAULT_SESSION_LEASE,
  liveOwner,
  renewLeases,
  type SessionCommand,
  type SessionLeaseOptions,
  wantSession,
} from './session-lease-sql.js';
import { applySessionStatus } from './session-status.js';
import { PgPluginConfig, PgSessionStore } from './session-store.js';

export { DEFAULT_SESSION_LEASE, type SessionCommand, type SessionLeaseOptions } from './session-lease-sql.js';

declare module '../../kernel/container.js' {
  interface Cradle {
    /** Stateful channel sessions: commands on every role, the lease loop on `all` and `worker`. */
    sessions: SessionManager;
  }
}

interface Running {
  adapter: ChannelDefinition;
  ctx: ChannelSessionContext;
}

/**
 * Runs stateful channel sessions (ARCHITECTURE "Process roles and scale-out"). A row of `channel_sessions` means "this
 * connection's session should run"; its lease (`owner`, `expires_at`) says which instance runs it. On the `all` and
 * `worker` roles `run()` starts a loop that every `renewMs` renews this instance's leases (running the commands found
 * on them), stops the sessions whose lease it lost, and claims rows whose lease ran out (`for update skip locked`:
 * one winner), starting their sessions. A stopping instance stops its sessions and releases their leases at once; a
 * dead one's leases run out after `leaseMs`. The `web` role never runs the loop: its routes write the command on the
 * row and the owner runs it at its next renewal (the lease table is the relay, no bus message).
 */
export class SessionManager {
  readonly instanceId = randomUUID();
  private readonly options: SessionLeaseOptions;
  private readonly box: SecretBox;
  private readonly configBox: SecretBox;
  private readonly running = new Map<number, Running>();
  /** Connections whose lease this instance holds but whose channel the company's plan no longer offers (not run). */
  private readonly held = new Set<number>();
  private readonly calls: SessionCalls;
  /** One lifecycle call at a time per connection. */
  private readonly chains = new Map<number, Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly root: AwilixContainer<Cradle>,
    options: Partial<SessionLeaseOptions> = {},
  ) {
    this.options = { ...DEFAULT_SESSION_LEASE, ...options };
    this.box = new SecretBox(root.cradle.config.sessionSecret, 'channel-session');
    this.configBox = new SecretBox(root.cradle.config.sessionSecret, 'plugin-config');
    this.calls = new SessionCalls({
      orm: root.cradle.orm,
      logger: root.cradle.logger,
      instanceId: this.instanceId,
      timeoutMs: this.options.callTimeoutMs,
      runLocal: (id, op, arg) => this.runCall(id, op, arg),
    });
  }

  private get cradle(): Cradle {
    return this.root.cradle;
  }

  private get logger(): Logger {
    return this.cradle.logger;
  }

  private get db() {
    return this.cradle.orm.em.getConnection();
  }

  /** The connection's session store (also for clearing it where no session runs). */
  store(connectionId: number): PgSessionStore {
    return new PgSessionStore(this.cradle.orm, this.box, connectionId);
  }

  /** A plugin's configuration for a company (the `config` port), sealed with the same secret for another purpose. */
  pluginConfig(plugin: string, companyId: number): PgPluginConfig {
    return new PgPluginConfig(this.cradle.orm, this.configBox, plugin, companyId);
  }

  /** Connections this instance runs now (tests and diagnostics). */
  owned(): number[] {
    return [...this.running.keys()];
  }

  /** Starts the lease loop (roles `all` and `worker`). */
  run(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.tick(), this.options.renewMs);
    void this.calls.listen().catch((err) => this.logger.warn({ err }, 'session calls listener failed'));
    void this.tick();
  }

  /** Renews, runs commands, claims: at most one pass at a time; a kick during a pass waits for it. */
  tick(): Promise<void> {
    if (!this.timer || this.stopped) return Promise.resolve();
    this.ticking ??= this.pass()
      .catch((err) => this.logger.error({ err }, 'session lease pass failed'))
      .finally(() => {
        this.ticking = undefined;
      });
    return this.ticking;
  }

  /** Stops every local session and releases its lease, so another instance takes it over without waiting. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.ticking;
    await this.calls.stop();
    await Promise.all([...this.running.keys()].map((id) => this.serial(id, () => this.stopLocal(id))));
    if (this.timer)
      await this.db
        .execute(
          'update channel_sessions set owner = null, expires_at = now() where owner = ?',
          [this.instanceId],
          'run',
        )
        .catch((err) => this.logger.warn({ err }, 'releasing session leases failed'));
    this.timer = undefined;
  }

  /** The adapter of a connection's channel if it has a session lifecycle; otherwise the request is refused. */
  private statefulAdapter(channel: string): ChannelDefinition {
    const adapter = this.cradle.channels.get(channel);
    if (!adapter?.start) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
    return adapter;
  }

  private statefulKinds(): string[] {
    return this.cradle.channels
      .all()
      .filter((c) => typeof c.start === 'function')
      .map((c) => c.kind);
  }

  /**
   * An admin's command on one connection of `companyId` (routes of every role): `restart` also starts a session that
   * does not run, `qr` starts afresh with a new QR, `logout` unlinks and forgets it.
   */
  async command(companyId: number, connectionId: number, command: SessionCommand): Promise<void> {
    const [row] = await this.db.execute<ConnectionRow[]>(
      'select * from whatsapps where id = ? and company_id = ?',
      [connectionId, companyId],
    );
    if (!row) throw new AppError('ERR_NO_WAPP_FOUND', 404);
    this.statefulAdapter(row.channel);
    // A plan without the channel runs no session of it; logging out (unlinking the phone) stays possible.
    if (command !== 'logout' && !(await this.offered(companyId, row.channel)))
      throw new AppError('ERR_CHANNEL_NOT_IN_PLAN', 403, { channel: row.channel });
    if (this.running.has(connectionId))
      return this.serial(connectionId, () => this.runLocal(connectionId, command));
    if (command === 'logout') return this.logoutUnowned(connectionId);
    await this.want(companyId, [connectionId], command);
    await this.tick();
  }

  /** A new connection of a channel with a session starts it at once (its QR code follows); other channels: nothing. */
  async opened(companyId: number, connectionId: number, channel: string): Promise<void> {
    if (!this.statefulKinds().includes(channel) || !(await this.offered(companyId, channel))) return;
    await this.want(companyId, [connectionId], 'restart');
    await this.tick();
  }

  /**
   * Before a connection is deleted its session is logged out, so the phone unlinks it rather than keep a dead device.
   * A logout that fails (the phone unreachable) is logged: the deletion goes on and the row's cascade forgets it.
   */
  async closing(companyId: number, connectionId: number, channel: string): Promise<void> {
    if (!this.statefulKinds().includes(channel)) return;
    await this.command(companyId, connectionId, 'logout').catch((err) =>
      this.logger.warn({ err, connectionId }, 'logout before deleting the connection failed'),
    );
  }

  /** `POST /whatsapp-restart`: every session connection of the company is (re)started. */
  async restartAll(companyId: number): Promise<void> {
    const kinds = this.statefulKinds();
    if (!kinds.length) return;
    const all = await this.db.execute<{ id: number; channel: string }[]>(
      `select id, channel from whatsapps where company_id = ? and channel in (${kinds.map(() => '?').join(', ')})`,
      [companyId, ...kinds],
    );
    const rows: typeof all = [];
    for (const r of all) if (await this.offered(companyId, r.channel)) rows.push(r);
    const local = rows.filter((r) => this.running.has(r.id)).map((r) => r.id);
    await this.want(
      companyId,
      rows.map((r) => r.id).filter((id) => !local.includes(id)),
      'restart',
    );
    await Promise.all(local.map((id) => this.serial(id, () => this.runLocal(id, 'restart'))));
    await this.tick();
  }

  /**
   * Marks the sessions wanted; one another instance owns gets the command, one nobody owns is simply claimed (with
   * `qr`, its store is cleared first). One statement per row: a worker claiming a new row meanwhile never finds a
   * `restart` meant for a session that was already running (it would start it twice).
   */
  private async want(
    companyId: number,
    ids: number[],
    command: Exclude<SessionCommand, 'logout'>,
  ): Promise<void> {
    for (const id of ids) await wantSession(this.db, id, companyId, command);
  }

  /** Logout of a session no live instance runs: the owner (if any) is told; otherwise core forgets it here. */
  private async logoutUnowned(connectionId: number): Promise<void> {
    const told = await this.db.execute<{ owner: string }[]>(
      `update channel_sessions set command = 'logout'
        where connection_id = ? and owner is not null and expires_at > now() returning owner`,
      [connectionId],
    );
    if (told.length) return;
    await this.db.execute('delete from channel_sessions where connection_id = ?', [connectionId], 'run');
    await this.store(connectionId).clear();
    await this.report(connectionId, { status: 'DISCONNECTED', clearNumber: true });
  }

  /** Stores and publishes a status (ConnectionsPort.reportStatus; the adapters' reporter is fenced by the lease). */
  report(connectionId: number, report: SessionStatusReport & { clearNumber?: boolean }, owner?: string) {
    const { root } = this;
    const { orm, events } = this.cradle;
    // A failure is told to whoever reads the logs too, not only the connections screen (issue 24).
    if (report.reason)
      this.logger.warn(
        { connectionId, status: report.status, reason: report.reason },
        `connection ${connectionId} failed: ${report.reason}`,
      );
    return applySessionStatus({ root, orm, events }, connectionId, report, owner);
  }

  private async pass(): Promise<void> {
    if (!this.calls.listening) await this.calls.listen().catch(() => undefined);
    await this.renew();
    await this.claim();
    // Calls whose wake-up was missed (the listener reconnecting) are answered here at the latest.
    await this.calls.drain();
  }

  /**
   * A request's call on a connection's session (hardening 2, item 9): run here when the session runs here, relayed to
   * the instance owning its lease otherwise (session-calls.ts); a channel without sessions answers in any process.
   * No live owner: 503 ERR_SESSION_UNAVAILABLE; no answer in time: 504 ERR_SESSION_TIMEOUT.
   * @example const number = await sessions.call(connection, 'checkAddress', { address: '5511999990000' })
   */
  async call<K extends SessionCallOp>(
    connection: ChannelConnection,
    op: K,
    arg: SessionCallOps[K]['arg'],
  ): Promise<SessionCallOps[K]['result']> {
    const adapter = this.cradle.channels.get(connection.channel);
    if (!adapter) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400);
    type Result = SessionCallOps[K]['result'];
    if (!adapter.start) return (await runSessionOp(adapter, this.sendContext(connection), op, arg)) as Result;
    if (this.running.has(connection.id)) return (await this.runCall(connection.id, op, arg)) as Result;
    const owner = await liveOwner(this.db, connection.id);
    if (!owner || owner === this.instanceId)
      throw new AppError('ERR_SESSION_UNAVAILABLE', 503, { connectionId: connection.id });
    return this.calls.relay(owner, connection.id, op, arg);
  }

  /** The owner's side of a call: the session must run here (its lease may have moved meanwhile: 503). */
  private async runCall(connectionId: number, op: SessionCallOp, arg: unknown): Promise<unknown> {
    const session = this.running.get(connectionId);
    if (!session) throw new AppError('ERR_SESSION_UNAVAILABLE', 503, { connectionId });
    return runSessionOp(session.adapter, this.sendContext(session.ctx.connection), op, arg);
  }

  private sendContext(connection: ChannelConnection) {
    const { realtime, config } = this.cradle;
    return channelSendContext(connection, { realtime, dataDir: config.dataDir, sessions: this });
  }

  /** Whether the company's plan offers the channel (its plugin's and its own flags): only then its sessions run. */
  private offered(companyId: number, channel: string): Promise<boolean> {
    return channelOffered(this.cradle.channels, this.cradle.planGate, companyId, channel);
  }

  /** The plan lost the channel: the session stops here and the lease is kept, so it starts again if the flag returns. */
  private async hold(connectionId: number): Promise<void> {
    if (this.held.has(connectionId)) return;
    this.held.add(connectionId);
    await this.stopLocal(connectionId);
    await this.report(connectionId, { status: 'DISCONNECTED' }, this.instanceId);
    this.logger.info({ connectionId }, 'channel session stopped: the plan no longer offers its channel');
  }

  private async renew(): Promise<void> {
    const rows = await renewLeases(this.db, this.instanceId, this.options.leaseMs);
    const kept = new Set(rows.map((r) => r.connection_id));
    for (const id of this.running.keys()) if (!kept.has(id)) void this.serial(id, () => this.stopLocal(id)); // lost (taken over) or deleted
    for (const id of this.held) if (!kept.has(id)) this.held.delete(id);
    for (const r of rows) {
      if (!(await this.offered(r.company_id, r.channel))) {
        void this.serial(r.connection_id, () => this.hold(r.connection_id));
        continue;
      }
      this.held.delete(r.connection_id);
      if (!this.running.has(r.connection_id))
        void this.serial(r.connection_id, () => this.startLocal(r.connection_id));
      else if (r.command) void this.serial(r.connection_id, () => this.runLocal(r.connection_id, r.command!));
    }
  }

  private async claim(): Promise<void> {
    const kinds = this.statefulKinds();
    if (!kinds.length || this.stopped) return;
    const rows = await claimLeases(this.db, kinds, this.instanceId, this.options.leaseMs);
    for (const r of rows)
      void this.serial(r.connection_id, async () => {
        if (r.command === 'qr') await this.store(r.connection_id).clear();
        await this.startLocal(r.connection_id);
      });
  }

  private serial(id: number, fn: () => Promise<void>): Promise<void> {
    const next = (this.chains.get(id) ?? Promise.resolve())
      .then(fn)
      .catch((err) => this.logger.error({ err, connectionId: id }, 'channel session call failed'));
    this.chains.set(id, next);
    void next.finally(() => this.chains.get(id) === next && this.chains.delete(id));
    return next;
  }

  private async context(connectionId: number): Promise<Running | null> {
    const [row] = await this.db.execute<ConnectionRow[]>('select * from whatsapps where id = ?', [
      connectionId,
    ]);
    const adapter = row && this.cradle.channels.get(row.channel);
    if (!row || !adapter?.start) return null;
    const connection = toChannelConnection(row);
    const owner = this.instanceId;
    return {
      adapter,
      ctx: {
        connection,
        session: this.store(connectionId),
        status: { report: async (r) => void (await this.report(connectionId, r, owner)) },
        // Bound to the connection's company: the adapter's own connection is a handle, another company's is refused.
        conversations: this.cradle.conversations.boundTo({
          companyId: connection.companyId,
          ownKinds: [connection.channel],
          store: (id) => this.store(id),
        }),
        media: channelMedia(this.cradle.config.dataDir, connection),
        logger: this.logger.child({ connectionId, channel: connection.channel }),
        history: this.cradle.historyImports.reporter(connection),
      },
    };
  }

  private async startLocal(connectionId: number): Promise<void> {
    if (this.running.has(connectionId) || this.stopped) return;
    const session = await this.context(connectionId);
    if (!session) return;
    const { companyId, channel } = session.ctx.connection;
    if (!(await this.offered(companyId, channel))) return this.hold(connectionId);
    this.running.set(connectionId, session);
    try {
      await session.adapter.start?.(session.ctx);
    } catch (err) {
      this.logger.error({ err, connectionId }, 'channel session failed to start');
      await session.ctx.status.report({ status: 'DISCONNECTED' });
    }
  }

  private async stopLocal(connectionId: number): Promise<void> {
    const session = this.running.get(connectionId);
    if (!session) return;
    this.running.delete(connectionId);
    await session.adapter.stop?.(session.ctx);
  }

  private async runLocal(connectionId: number, command: SessionCommand): Promise<void> {
    const session = this.running.get(connectionId);
    if (!session) return;
    const { adapter, ctx } = session;
    if (command !== 'logout') return restartSession(adapter, ctx, command);
    await (adapter.logout ?? adapter.stop)?.call(adapter, ctx);
    await ctx.session.clear();
    await this.report(connectionId, { status: 'DISCONNECTED', clearNumber: true }, this.instanceId);
    await this.db.execute('delete from channel_sessions where connection_id = ?', [connectionId], 'run');
    this.running.delete(connectionId);
  }
}
