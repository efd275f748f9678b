import type { AuthUser, EventsPort, Logger } from '@balcao/sdk';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import {
  type AwilixContainer,
  asValue,
  createContainer,
  InjectionMode,
  Lifetime,
  type Resolver,
} from 'awilix';
import { AddressPolicy } from '../egress/address-policy.js';
import type { JobsHost } from '../jobs/jobs-host.js';
import type { RealtimeHub } from '../realtime/hub.js';
import { DEFAULT_SPREADSHEET_LIMITS, SpreadsheetReader } from '../spreadsheets/spreadsheet-reader.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { PlanGuard } from './plan-guard.js';
import { ServerLoad } from './server-load.js';

/**
 * Everything the container holds: the kernel's singletons at the root, `em` and services per request or job scope.
 * Core modules register their services (module.ts `register`) and type them by declaration merging:
 * `declare module '../../kernel/container.js' { interface Cradle { … } }`.
 */
export interface Cradle {
  config: Config;
  logger: Logger;
  orm: MikroORM;
  /** Which addresses plugins' egress may reach (egress/address-policy.ts). */
  egressPolicy: AddressPolicy;
  /** The plan gate a core module provides (its definition's `planGate`; kernel/plan-guard.ts). */
  planGate: PlanGuard;
  realtime: RealtimeHub;
  events: EventsPort;
  jobsHost: JobsHost;
  /** The HTTP requests this process answers now, which background work yields to (kernel/server-load.ts). */
  serverLoad: ServerLoad;
  /** What business rules take as now (kernel/clock.ts). */
  clock: Clock;
  /** The one bounded spreadsheet reader (worker thread, size and row limits, one sheet per company at a time). */
  spreadsheets: SpreadsheetReader;
  em: EntityManager;
  /** Set on a request scope once the token is checked; absent on public routes. */
  user: AuthUser;
  companyId: number;
}

/** The root container with the kernel's singletons; the host adds the core modules' services. */
export function createRootContainer(parts: {
  config: Config;
  logger: Logger;
  orm: MikroORM;
  realtime: RealtimeHub;
  events: EventsPort;
  jobsHost: JobsHost;
  planGate: PlanGuard;
  clock: Clock;
}): AwilixContainer<Cradle> {
  const container = createContainer<Cradle>({ injectionMode: InjectionMode.PROXY, strict: true });
  container.register({
    config: asValue(parts.config),
    logger: asValue(parts.logger),
    orm: asValue(parts.orm),
    realtime: asValue(parts.realtime),
    events: asValue(parts.events),
    jobsHost: asValue(parts.jobsHost),
    planGate: asValue(parts.planGate),
    clock: asValue(parts.clock),
    egressPolicy: asValue(new AddressPolicy(parts.config.egressAllow)),
    serverLoad: asValue(new ServerLoad()),
    spreadsheets: asValue(
      new SpreadsheetReader({ ...DEFAULT_SPREADSHEET_LIMITS, ...parts.config.spreadsheets }),
    ),
  });
  return container;
}

/**
 * A scope for one request, job run or event, with its own entity manager fork, made when first asked for: forking
 * costs more than many a subscriber's whole work (issue 30: every event built a scope per subscribing module, and most
 * return at once for a message that is not theirs).
 */
export function createRequestScope(
  root: AwilixContainer<Cradle>,
  companyId?: number,
): AwilixContainer<Cradle> {
  const scope = root.createScope<Cradle>();
  // A resolver of our own rather than asFunction, which reads the function's source for its parameters every time it
  // is called (once per scope: ~1 % of the server's CPU under ingest).
  const em: Resolver<EntityManager> = {
    lifetime: Lifetime.SCOPED,
    resolve: () => {
      const fork = root.cradle.orm.em.fork();
      if (companyId) fork.setFilterParams('tenant', { companyId });
      return fork;
    },
  };
  scope.register({ em, ...(companyId ? { companyId: asValue(companyId) } : {}) });
  return scope;
}
