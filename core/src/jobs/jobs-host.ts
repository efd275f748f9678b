import type { Logger, PlanFlag, TenantJobData } from '@balcao/sdk';
import { Agenda, type AgendaBackend, type Job } from 'agenda';
import type { PlanGuard } from '../kernel/plan-guard.js';

/** A job as the host registers it: already namespaced, gated by a plan flag, run per tenant. */
export interface HostedJob {
  name: string;
  planFlag?: PlanFlag;
  every?: string;
  run(companyId: number, data: TenantJobData): Promise<void>;
}

/** Where a scheduled job's `uniqueKey` is kept in its data (the host takes it out before the job runs). */
export const UNIQUE_KEY = '__uniqueKey';

async function createBackend(
  opts: { databaseUrl: string; mongodbUrl?: string },
  logger: Logger,
): Promise<AgendaBackend> {
  if (opts.mongodbUrl) {
    const { MongoBackend } = await import('@agendajs/mongo-backend');
    return new MongoBackend({ address: opts.mongodbUrl });
  }
  const { PostgresBackend, PostgresJobRepository } = await import('@agendajs/postgres-backend');
  const backend = new PostgresBackend({
    poolConfig: { connectionString: opts.databaseUrl, max: 4, application_name: 'balcao-jobs' },
  });
  // The backend's pool has no error listener: an idle client dropped by the server (a restart, or the embedded
  // server's own exit hook stopping it on SIGINT) would crash the process.
  if (backend.repository instanceof PostgresJobRepository) {
    backend.repository.getPool().on('error', (err) => logger.warn({ err }, 'jobs pool connection lost'));
  }
  // Nor has its LISTEN channel (it reconnects by itself): a database restart crashed the process from there.
  backend.notificationChannel?.on('error', (err: unknown) =>
    logger.warn({ err }, 'jobs notification channel lost; reconnecting'),
  );
  return backend;
}

/**
 * Agenda with the Postgres backend (MongoDB when MONGODB_URL is set). Jobs of a plugin run for a
 * tenant only when the tenant's plan has the plugin's flag; recurring jobs fan out over those tenants.
 */
/** How long a stopping instance waits for its running jobs before unlocking them for another worker. */
const DRAIN_MS = 10_000;

export class JobsHost {
  private agenda: Agenda | undefined;
  private backend: AgendaBackend | undefined;
  private readonly jobs = new Map<string, HostedJob>();
  private readonly logger: Logger;
  private readonly planGate: PlanGuard;
  private processing = false;
  private mongo = false;

  constructor({ logger, planGate }: { logger: Logger; planGate: PlanGuard }) {
    this.logger = logger.child({ part: 'jobs' });
    this.planGate = planGate;
  }

  register(job: HostedJob): void {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
    this.jobs.set(job.name, job);
  }

  /**
   * Connects the backend; with `process` this instance also runs jobs (roles all and worker). `lockMs`: how long a
   * running job stays locked to this instance (a killed instance's job runs again elsewhere after it); agenda's 10
   * minutes by default.
   */
  async start(opts: {
    databaseUrl: string;
    mongodbUrl?: string;
    process: boolean;
    lockMs?: number;
  }): Promise<void> {
    this.backend = await createBackend(opts, this.logger);
    this.mongo = !!opts.mongodbUrl;
    const agenda = new Agenda({
      backend: this.backend,
      processEvery: '5 seconds',
      name: 'balcao',
      ...(opts.lockMs ? { defaultLockLifetime: opts.lockMs } : {}),
    });
    agenda.on('error', (err) => this.logger.error({ err }, 'agenda error'));
    for (const job of this.jobs.values()) {
      agenda.define(job.name, (j: Job<TenantJobData>) => this.process(job, j.attrs.data));
    }
    await agenda.ready;
    this.agenda = agenda;
    if (!opts.process) return;
    await agenda.start();
    this.processing = true;
    for (const job of this.jobs.values()) {
      if (job.every) await agenda.every(job.every, job.name, { companyId: 0 });
    }
  }

  /** Enqueues a job to run at once; answers its id. */
  async now(name: string, data: TenantJobData): Promise<string> {
    return String((await this.require(name).now(name, data)).attrs._id);
  }

  /**
   * Runs a registered job here and now, awaited, outside agenda (tests: a timer's effect at a manual clock's time).
   * A recurring job runs for every company its plan flag allows, as when agenda fires it.
   */
  async runHere(name: string, data: TenantJobData): Promise<void> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`unknown job ${name}`);
    await this.process(job, data);
  }

  /**
   * Schedules a job; answers its id. With `uniqueKey`, the company's job of that name with that key is replaced (its
   * time and data) instead of doubled: agenda's `unique` on the company and a key kept in the data ({@link UNIQUE_KEY}).
   */
  async schedule(
    when: Date | string,
    name: string,
    data: TenantJobData,
    options: { uniqueKey?: string } = {},
  ): Promise<string> {
    const agenda = this.require(name);
    if (options.uniqueKey === undefined) return String((await agenda.schedule(when, name, data)).attrs._id);
    const job = agenda.create(name, { ...data, [UNIQUE_KEY]: options.uniqueKey });
    job
      .schedule(when)
      .unique({ 'data.companyId': data.companyId, [`data.${UNIQUE_KEY}`]: options.uniqueKey });
    return String((await job.save()).attrs._id);
  }

  /**
   * Removes a job not run yet, by id, when it is one of `names` and belongs to `companyId`; false when there is none
   * (an id of another form than the backend's is none either).
   */
  async cancel(id: string, names: readonly string[], companyId: number): Promise<boolean> {
    if (!names.length || !this.idPattern().test(id)) return false;
    const removed = await this.require(names[0]).cancel({ id, names: [...names], data: { companyId } });
    return removed > 0;
  }

  /** Job ids as the backend writes them: a UUID in PostgreSQL, an ObjectId in MongoDB. */
  private idPattern(): RegExp {
    return this.mongo ? /^[0-9a-f]{24}$/i : /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  }

  get status(): 'running' | 'connected' | 'stopped' {
    if (!this.agenda) return 'stopped';
    return this.processing ? 'running' : 'connected';
  }

  /** Asks the backend something cheap (how many jobs are due): rejects when its database cannot be reached. */
  async ping(): Promise<void> {
    if (!this.backend) throw new Error('jobs host is not started');
    await this.backend.repository.getQueueSize();
  }

  async stop(): Promise<void> {
    const { agenda, backend, processing } = this;
    this.agenda = undefined;
    this.backend = undefined;
    this.processing = false;
    // Running jobs are let finish, up to DRAIN_MS. One still running after that keeps its lock until the lock's
    // lifetime ends, when another worker takes it. `drain` forgets the job processor, so a later `agenda.stop()`
    // returns at once without closing anything: the backend's pool is closed here, whatever the role. (It used to
    // stay open, and every stopped kernel left two idle connections behind.)
    if (agenda && processing) {
      const drained = await agenda.drain({ timeout: DRAIN_MS, closeConnection: false }).catch(() => null);
      if (drained?.timedOut) this.logger.warn({ running: drained.running }, 'jobs still running at stop');
    }
    await backend?.disconnect();
  }

  private require(name: string): Agenda {
    if (!this.jobs.has(name)) throw new Error(`unknown job ${name}`);
    if (!this.agenda) throw new Error('jobs host is not started');
    return this.agenda;
  }

  private async process(job: HostedJob, data: TenantJobData): Promise<void> {
    const tenants = job.every ? await this.planGate.companiesWith(job.planFlag) : [data.companyId];
    for (const companyId of tenants) {
      if (!(await this.planGate.allows(companyId, job.planFlag))) {
        this.logger.info({ job: job.name, companyId }, 'job skipped: plan lacks the flag');
        continue;
      }
      try {
        const { [UNIQUE_KEY]: _key, ...fields } = data;
        await job.run(companyId, { ...fields, companyId });
      } catch (err) {
        this.logger.error({ err, job: job.name, companyId }, 'job failed');
        if (!job.every) throw err;
      }
    }
  }
}
