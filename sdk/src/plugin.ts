import type Router from '@koa/router';
import type { RouterContext } from '@koa/router';
import type { MigrationObject } from '@mikro-orm/core';
import type { z } from 'zod';
import type { BotEngine } from './bot-engine.js';
import type { ChannelDefinition } from './channel.js';
import type { DomainEvents } from './events.js';
import type { Language } from './languages.js';
import type { PlanFlag } from './plans.js';
import type { PluginErrors } from './plugin-errors.js';
import type { CorePorts, PortKey } from './ports.js';
import type { ReadUpload } from './uploads.js';

/** The signed-in user as routes see it. @example ctx.state.user.profile === 'admin' */
export interface AuthUser {
  id: number;
  companyId: number;
  profile: 'admin' | 'supervisor' | 'user';
  super: boolean;
  sessionId: string;
}

/** What a plugin route handler finds in `ctx.state`. @example const { em } = ctx.state.deps */
export interface PluginState<D> {
  user: AuthUser;
  companyId: number;
  deps: D;
  /** Parses the request's multipart body (files and text fields) with limits; see {@link ReadUpload}. */
  readUpload: ReadUpload;
}

/** What a public route handler finds, and may set, in `ctx.state`. @example ctx.state.frameAncestors = ['https://loja.com.br'] */
export interface PublicRouteState<D> {
  deps: D;
  /** The tenant a flagged group's `companyOf` named, when the group is `asTenant`; undefined otherwise. */
  companyId?: number;
  /** The request's body as it arrived ('' without one): a webhook's signature is computed over these bytes. */
  rawBody: string;
  /**
   * Website origins, besides Balcão's own, allowed to show this answer in a frame (CSP `frame-ancestors`), such as
   * the sites that embed the web chat page. The host keeps only valid origins (FRAME_ORIGIN).
   */
  frameAncestors?: readonly string[];
  /** Parses the request's multipart body (files and text fields) with limits; see {@link ReadUpload}. */
  readUpload: ReadUpload;
}

/** The router a plugin mounts its routes on (under `/api`, behind auth, tenant and plan guard). @example router.get('/hello', handler) */
export type PluginRouter<D> = Router<PluginState<D>>;

/** The deps of a plugin: the ports it requires plus its own services. @example PluginDeps<['em'], { greetings: GreetingService }> */
export type PluginDeps<R extends readonly PortKey[], S> = Pick<CorePorts, R[number]> & S;

/** What a job handler receives. @example async ({ companyId, data, deps }) => deps.logger.info({ companyId }, 'ran') */
export interface JobContext<D, T> {
  companyId: number;
  data: T;
  deps: D;
}

/**
 * A job of the plugin. Its name is local (the host prefixes the plugin name). With `every`, the host runs it on that
 * interval once per tenant whose plan has the plugin's flag; without, the plugin enqueues it with `jobs.now` or
 * `jobs.schedule`. With `data`, a zod schema of the job's fields (`companyId` aside: the host adds it), the host checks
 * the data when it is enqueued (400 ERR_VALIDATION to the caller) and again before it runs (data stored by an older
 * version that no longer fits is logged and dropped, not retried); the handler gets the parsed data. Data travels as
 * JSON: a date arrives as a string (use `z.coerce.date()`). Write it with {@link defineJob} to type `data`.
 * @example { name: 'greet', handler: async ({ data, deps }) => deps.greetings.mark(data.id) }
 */
// biome-ignore lint/suspicious/noExplicitAny: without a schema, job data is whatever the enqueuer passed; handlers narrow it.
export interface PluginJob<D, T = any> {
  name: string;
  every?: string;
  /** A flag of the job's own, besides the plugin's: the host skips the job for tenants without it. */
  planFlag?: PlanFlag;
  /** The schema of the job's data, `companyId` aside; without it the handler gets the data as it was enqueued. */
  data?: z.ZodType<T>;
  handler(ctx: JobContext<D, T & { companyId: number }>): Promise<void>;
}

/**
 * Types a job's `data` from its schema (the deps come from where the job is listed: a plugin's `jobs`, or an array
 * typed `PluginJob<MyDeps>[]`).
 * @example defineJob({ name: 'remind', data: z.object({ ticketId: z.number().int() }), handler: async ({ data }) => data.ticketId })
 */
export function defineJob<D, T extends Record<string, unknown>>(
  job: PluginJob<D, T> & { data: z.ZodType<T> },
): PluginJob<D> {
  return job as unknown as PluginJob<D>;
}

/**
 * A domain-event subscriber, skipped for tenants without the plugin's flag or its own `planFlag` — except
 * `company.deleted`, which reaches every plugin: remove the company's rows from your tables there (`em` is scoped to
 * the deleted company).
 * @example { event: 'user.login', planFlag: 'useKanban', handler: async (p, deps) => … }
 * @example { event: 'company.deleted', handler: async ({ companyId }, { em }) => { await em.nativeDelete(Greeting, { companyId }) } }
 */
export type PluginSubscriber<D> = {
  [K in keyof DomainEvents]: {
    event: K;
    planFlag?: PlanFlag;
    handler(payload: DomainEvents[K], deps: D): Promise<void>;
  };
}[keyof DomainEvents];

/**
 * Routes behind a plan flag of their own, besides the plugin's: a tenant without it gets 403 ERR_NO_PERMISSION.
 * @example { planFlag: 'useCampaigns', routes(router) { router.get('/hello/campaigns', list) } }
 */
export interface FlaggedRoutes<D> {
  planFlag: PlanFlag;
  routes(router: PluginRouter<D>): void;
}

/**
 * Public routes behind a plan flag of their own (and the plugin's). A public request has no signed-in tenant, so the
 * plugin says whose it is from its own credential (`companyOf`, run after the route matched, with `ctx.params`); the
 * host answers 403 ERR_NO_PERMISSION when that tenant lacks a flag. null: no tenant found, the handler answers itself.
 * @example { planFlag: 'useWebchat', companyOf: (ctx) => tokens.companyOf(ctx.params.token), routes(r) { r.get('/w/:token', page) } }
 */
export interface FlaggedPublicRoutes<D> {
  planFlag: PlanFlag;
  companyOf(ctx: RouterContext<PublicRouteState<D>>): Promise<number | null> | number | null;
  /**
   * The credential speaks for the tenant `companyOf` names (an API token the company issued): the routes' `deps` are
   * bound to that company as a job's are — the attendance ports, `connections`, `config`, and `em` scoped to it — and
   * `ctx.state.companyId` is set. Left out, or when `companyOf` answers null, they stay unbound as on any public route.
   * @example { planFlag: 'useExternalApi', asTenant: true, companyOf: (ctx) => tokens.companyOf(ctx), routes(r) { … } }
   */
  asTenant?: boolean;
  routes(router: Router<PublicRouteState<D>>): void;
}

/**
 * A plan flag a plugin declares: the super admin switches it per plan in the plans dialog, under the plugin's name,
 * labelled by `labelKey` translated from the plugin's `locales` (`plugin:path`, i18next style). The key follows
 * `PLAN_FLAG_KEY` (camelCase starting with `use`); naming a core flag or another plugin's disables the plugin.
 * @example { key: 'useTypebot', labelKey: 'typebot:planFlag' }
 */
export interface PlanFlagDeclaration {
  key: string;
  labelKey: string;
}

/**
 * A plugin's server-side translations by language (the same resources as its UI entry's `locales`, often the same
 * files): the server uses them for labels it answers itself, such as plan flag labels in `GET /api/plugins`.
 * @example { en: { planFlag: 'Platform tour' }, 'pt-BR': { planFlag: 'Tour da plataforma' } }
 */
export type PluginLocales = Partial<Record<Language, Record<string, unknown>>>;

/**
 * A server plugin. Declared, not looked up: the host checks `requires` at boot, gives the plugin only those ports,
 * mounts `routes` under `/api` behind auth and the plan guard, runs `migrations`, registers `jobs` and `subscribers`.
 * @example export default definePlugin({ name: 'hello', planFlag: 'useIntegration', requires: ['em'], routes(r) { r.get('/hello', list) } })
 */
export interface PluginDefinition<R extends readonly PortKey[] = readonly PortKey[], S = object> {
  /** kebab-case; namespaces routes, jobs, tables, events and i18n. */
  name: string;
  /** The flag a tenant's plan needs for anything of the plugin: a core flag or one declared in `planFlags`. */
  planFlag?: PlanFlag;
  /**
   * Plan flags the plugin adds to every plan (see {@link PlanFlagDeclaration}); its `planFlag` and its routes', jobs'
   * and subscribers' flags may name them.
   * @example planFlags: [{ key: 'useTour', labelKey: 'tour:planFlag' }], planFlag: 'useTour'
   */
  planFlags?: readonly PlanFlagDeclaration[];
  /** Server-side translations (plan flag labels); see {@link PluginLocales}. */
  locales?: PluginLocales;
  dependsOn?: readonly string[];
  requires?: R;
  /**
   * The plugin's own error codes (made with `definePluginErrors` under the plugin's name; the host disables a plugin
   * whose catalogue names another plugin).
   */
  errors?: PluginErrors;
  /** Entity schemas made with `defineEntity` from '@balcao/sdk/orm'. */
  entities?: readonly unknown[];
  migrations?: readonly MigrationObject[];
  /**
   * Builds the plugin's own services from its ports, once per request, job run or event, when one of them is first
   * read (a subscriber that returns before reading any builds none). It answers the same names every time.
   */
  services?(deps: Pick<CorePorts, R[number]>): S;
  routes?(router: PluginRouter<PluginDeps<R, S>>): void;
  /**
   * Routes without authentication (web chat visitors, webhooks), mounted at the root: the plugin checks its own
   * credential (a connection token, a signature). `em` here is not tenant-scoped: query by the resolved company.
   * A plugin with a `planFlag` cannot have these (the host disables it): its public routes go in `flaggedPublicRoutes`,
   * which say whose tenant a request is, so a tenant without the flag is refused.
   */
  publicRoutes?(router: Router<PublicRouteState<PluginDeps<R, S>>>): void;
  /** Route groups under a flag of their own, besides the plugin's (see {@link FlaggedRoutes}). */
  flaggedRoutes?: readonly FlaggedRoutes<PluginDeps<R, S>>[];
  /** Public route groups under a flag of their own (see {@link FlaggedPublicRoutes}). */
  flaggedPublicRoutes?: readonly FlaggedPublicRoutes<PluginDeps<R, S>>[];
  contributes?: {
    channels?: readonly ChannelDefinition[];
    /** Engines that may take inbound messages before default routing (see {@link BotEngine}). */
    botEngines?: readonly BotEngine<PluginDeps<R, S>>[];
  };
  jobs?: readonly PluginJob<PluginDeps<R, S>>[];
  subscribers?: readonly PluginSubscriber<PluginDeps<R, S>>[];
  /** Runs once after every plugin is registered. */
  onBoot?(deps: Omit<Pick<CorePorts, R[number]>, 'em'>): Promise<void>;
}

/**
 * Identity helper that types a plugin definition.
 * @example export default definePlugin({ name: 'hello', requires: ['em', 'logger'], routes(router) {} })
 */
export function definePlugin<const R extends readonly PortKey[] = [], S = object>(
  definition: PluginDefinition<R, S>,
): PluginDefinition<R, S> {
  return definition;
}

/**
 * Any plugin, whatever its requirements and services: the type of a list the host loads (it checks each at boot).
 * @example const plugins: AnyPluginDefinition[] = [hello, campaigns]
 */
// biome-ignore lint/suspicious/noExplicitAny: plugin generics are invariant (router state); a mixed list needs the top type.
export type AnyPluginDefinition = PluginDefinition<any, any>;
