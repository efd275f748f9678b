import {
  type JobsPort,
  jobIdField,
  jobQuietField,
  jobScheduleSchema,
  type Logger,
  type PluginDefinition,
  type PluginJob,
  type PortKey,
  type TenantJobData,
  validate,
} from '@balcao/sdk';
import type { Cradle } from './container.js';
import { ownCompany } from './own-company.js';
import type { ServerLoad } from './server-load.js';

// A plugin's jobs port and the checks of its jobs' data: on enqueue (the caller's 400) and before a run.

type AnyPlugin = PluginDefinition<readonly PortKey[], Record<string, unknown>>;
type AnyJob = PluginJob<unknown>;

/** The job's fields, `companyId` aside, as its schema parses them (400 ERR_VALIDATION when they do not fit). */
function checked(job: AnyJob | undefined, data: TenantJobData): TenantJobData {
  if (!job?.data) return data;
  const { companyId, ...fields } = data;
  return { ...validate(job.data, fields), companyId };
}

/**
 * The data a stored job runs with, checked again by its schema (it may predate the schema's last change); null when
 * it no longer fits: logged, and the job is dropped rather than retried.
 */
export function runnableData(job: AnyJob, data: TenantJobData, logger: Logger): TenantJobData | null {
  if (!job.data) return data;
  const { companyId, ...fields } = data;
  const result = job.data.safeParse(fields);
  if (result.success) return { ...(result.data as Record<string, unknown>), companyId };
  const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  logger.error({ job: job.name, companyId, issues }, 'job dropped: its data does not fit the job schema');
  return null;
}

/** The plugin's jobs, by local name, prefixed for the host ('greet' is 'hello:greet'); only the plugin's own. */
export function namespacedJobs(
  plugin: AnyPlugin,
  host: Cradle['jobsHost'],
  companyId: number | undefined,
  load: ServerLoad,
): JobsPort {
  const jobs = new Map((plugin.jobs ?? []).map((j) => [j.name, j as AnyJob]));
  const names = [...jobs.keys()].map((name) => `${plugin.name}:${name}`);
  return {
    now: async (name, data) => {
      ownCompany(companyId, data?.companyId);
      return host.now(`${plugin.name}:${name}`, checked(jobs.get(name), data));
    },
    schedule: async (when, name, data, options) => {
      ownCompany(companyId, data?.companyId);
      const at = validate(jobScheduleSchema, { when, options });
      return host.schedule(at.when, `${plugin.name}:${name}`, checked(jobs.get(name), data), at.options);
    },
    cancel: async (id) => {
      ownCompany(companyId, companyId);
      return host.cancel(validate(jobIdField, id), names, companyId);
    },
    quiet: async (atMostMs) => load.quiet(validate(jobQuietField, atMostMs)),
  };
}
