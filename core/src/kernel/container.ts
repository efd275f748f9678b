import type { AuthUser, EventsPort, Logger } from '@balcao/sdk';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { type AwilixContainer, asClass, asValue, createContainer, InjectionMode } from 'awilix';
import type { JobsHost } from '../jobs/jobs-host.js';
import { AccessGate } from '../modules/auth/access-gate.js';
import { AuthService } from '../modules/auth/auth-service.js';
import { LoginLimiter } from '../modules/auth/login-limiter.js';
import { SignupLimiter } from '../modules/auth/signup-limiter.js';
import { Tokens } from '../modules/auth/tokens.js';
import { BotEngineRegistry } from '../modules/bots/bot-engine-registry.js';
import type { CompaniesService } from '../modules/companies/companies-service.js';
import { ConversationsService } from '../modules/conversations/conversations-service.js';
import { IngestService } from '../modules/conversations/ingest-service.js';
import { ChannelRegistry } from '../modules/conversations/outbound.js';
import { OutboxWorker } from '../modules/conversations/outbox-worker.js';
import type { PlanGate } from '../modules/plans/plan-gate.js';
import type { PlansService } from '../modules/plans/plans-service.js';
import { CORE_MODULES } from '../modules/registry.js';
import type { SettingsService } from '../modules/settings/settings-service.js';
import { TicketsPublisher } from '../modules/tickets/tickets-publisher.js';
import type { UsersService } from '../modules/users/users-service.js';
import type { RealtimeHub } from '../realtime/hub.js';
import type { Config } from './config.js';

/**
 * Everything the container holds: singletons at the root, `em` and services per request or job scope.
 * Modules add their services by declaration merging: `declare module '../../kernel/container.js' { interface Cradle { … } }`.
 */
export interface Cradle {
  config: Config;
  logger: Logger;
  orm: MikroORM;
  tokens: Tokens;
  /** Access tokens checked against their login session (refused once it ends). */
  accessGate: AccessGate;
  planGate: PlanGate;
  loginLimiter: LoginLimiter;
  signupLimiter: SignupLimiter;
  realtime: RealtimeHub;
  events: EventsPort;
  jobsHost: JobsHost;
  em: EntityManager;
  /** Set on a request scope once the token is checked; absent on public routes. */
  user: AuthUser;
  companyId: number;
  settings: SettingsService;
  users: UsersService;
  companies: CompaniesService;
  plans: PlansService;
  auth: AuthService;
  /** Channel adapters hand inbound messages here (ARCHITECTURE "Data flow"). */
  ingest: IngestService;
  conversations: ConversationsService;
  /** Channel adapters contributed by plugins. */
  channels: ChannelRegistry;
  /** Delivers the outbox (started on the `all` and `worker` roles); services kick it after queueing a message. */
  outbox: OutboxWorker;
}

export function createRootContainer(parts: {
  config: Config;
  logger: Logger;
  orm: MikroORM;
  realtime: RealtimeHub;
  events: EventsPort;
  jobsHost: JobsHost;
  planGate: PlanGate;
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
    tokens: asValue(new Tokens(parts.config)),
    accessGate: asClass(AccessGate).singleton(),
    loginLimiter: asValue(new LoginLimiter({ orm: parts.orm })),
    signupLimiter: asValue(new SignupLimiter({ orm: parts.orm })),
    ticketsPublisher: asClass(TicketsPublisher).singleton(),
    ingest: asClass(IngestService).singleton(),
    conversations: asClass(ConversationsService).singleton(),
    channels: asValue(new ChannelRegistry()),
    botEngines: asValue(new BotEngineRegistry()),
    outbox: asClass(OutboxWorker).singleton(),
    auth: asClass(AuthService).scoped(),
  });
  for (const module of CORE_MODULES) if (module.services) container.register(module.services);
  return container;
}

/** A scope for one request or job run, with its own entity manager fork. */
export function createRequestScope(
  root: AwilixContainer<Cradle>,
  companyId?: number,
): AwilixContainer<Cradle> {
  const scope = root.createScope<Cradle>();
  const em = root.cradle.orm.em.fork();
  if (companyId) em.setFilterParams('tenant', { companyId });
  scope.register({ em: asValue(em), ...(companyId ? { companyId: asValue(companyId) } : {}) });
  return scope;
}
