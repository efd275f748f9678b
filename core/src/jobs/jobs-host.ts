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

  constructor({ logger, planGate }: { logger: Logger; planGate: PlanGuard }) {
    this.logger = logger.child({ part: 'jobs' });
    this.planGate = planGate;
  }

  register(job: HostedJob): void {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
    this.jobs.set(job.name, job);
  }

  /** Connects the backend; with `process` this instance also runs jobs (roles all and worker). */
  async start(opts: { databaseUrl: string; mongodbUrl?: string; process: boolean }): Promise<void> {
    this.backend = await createBackend(opts, this.logger);
    const agenda = new Agenda({ backend: this.backend, processEvery: '5 seconds', name: 'balcao' });
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

  async now(name: string, data: TenantJobData): Promise<void> {
    await this.require(name).now(name, data);
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

  async schedule(when: Date | string, name: string, data: TenantJobData): Promise<void> {
    await this.require(name).schedule(when, name, data);
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
        await job.run(companyId, { ...data, companyId });
      } catch (err) {
        this.logger.error({ err, job: job.name, companyId }, 'job failed');
        if (!job.every) throw err;
      }
    }
  }
}
