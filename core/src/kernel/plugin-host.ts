import {
  type AnyPluginDefinition,
  type AuthUser,
  CHANNEL_KIND,
  type CorePorts,
  channelTraits,
  type Language,
  type Logger,
  type PlanFlag,
  type PluginDefinition,
  type PluginInfoDto,
  type PortKey,
} from '@balcao/sdk';
import Router from '@koa/router';
import type { AwilixContainer } from 'awilix';
import type { Middleware } from 'koa';
import { migrateModule } from '../db/module-migrations.js';
import type { EventBus } from '../events/event-bus.js';
import { requireAuth } from '../http/guards.js';
import type { AppState } from '../http/types.js';
import { withUploadDoor } from '../http/upload-door.js';
import { type Cradle, createRequestScope } from './container.js';
import { orderByDependencies } from './dependency-order.js';
import { runnableData } from './plugin-jobs.js';
import {
  declarationProblem,
  labelledFlags,
  missingPlanFlag,
  referenceProblem,
  refuseUnlessPlanHas,
} from './plugin-plan-flags.js';
import { type DepsKeys, PORT_KEYS, pluginPorts, withServices } from './plugin-ports.js';
import type { PortFactories } from './port-factories.js';

export { PORT_KEYS };

const NAME = /^[a-z][a-z0-9-]*$/;

// The host handles plugins of any requirement list; the definition's own generics only type the plugin's code.
type AnyPlugin = PluginDefinition<readonly PortKey[], Record<string, unknown>>;
type Deps = Record<string, unknown>;

export interface PluginFailure {
  name: string;
  error: string;
}

/**
 * Orders plugins by `dependsOn`, checks their requirements, runs their migrations, and wires their routes
 * (behind auth, tenant and plan guard), jobs and subscribers. A plugin that fails any step is logged and
 * disabled, and so is every plugin that depends on it; the platform still starts.
 */
export class PluginHost {
  readonly failures: PluginFailure[] = [];
  private plugins: AnyPlugin[] = [];
  private portFactories: PortFactories = {};
  /** The names in each plugin's deps, its services' as `services` answered the first time (plugin-ports.ts). */
  private readonly depsKeys = new Map<string, DepsKeys>();

  constructor(
    candidates: readonly AnyPluginDefinition[],
    private readonly logger: Logger,
  ) {
    this.plugins = this.order(candidates as readonly AnyPlugin[]);
  }

  /**
   * The ports by key (the kernel's and the core modules', kernel/port-factories.ts); a plugin that requires one no
   * part provides is disabled.
   */
  usePorts(factories: PortFactories): void {
    this.portFactories = factories;
    for (const p of [...this.plugins]) {
      const missing = (p.requires ?? []).find((k) => !factories[k]);
      if (missing && this.plugins.includes(p))
        this.fail(p.name, `requires the port ${missing}, which no core module provides`);
    }
  }

  get loaded(): readonly AnyPlugin[] {
    return this.plugins;
  }

  fail(name: string, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.failures.push({ name, error: message });
    this.logger.error({ plugin: name, err: error }, `plugin ${name} disabled: ${message}`);
    this.plugins = this.plugins.filter((p) => p.name !== name);
    for (const dependant of this.plugins.filter((p) => p.dependsOn?.includes(name))) {
      this.fail(dependant.name, `depends on disabled plugin ${name}`);
    }
  }

  entities(): unknown[] {
    return this.plugins.flatMap((p) => [...(p.entities ?? [])]);
  }

  async migrate(orm: Cradle['orm']): Promise<void> {
    for (const plugin of [...this.plugins]) {
      if (!plugin.migrations?.length) continue;
      await migrateModule(orm, 'plugin', plugin.name, plugin.migrations).catch((err) =>
        this.fail(plugin.name, err),
      );
    }
  }

  /**
   * Mounts each plugin's routes under /api on its own router, behind auth, the tenant scope and the plan guard; each
   * flagged group gets a router of its own behind the plugin's flag and the group's.
   */
  mount(root: AwilixContainer<Cradle>): Router<AppState>[] {
    const gate = root.cradle.planGate;
    const planGuard =
      (...flags: (PlanFlag | undefined)[]): Middleware<AppState> =>
      async (ctx, next) => {
        await refuseUnlessPlanHas(gate, ctx.state.companyId, flags);
        await next();
      };
    const auth = requireAuth(root.cradle.accessGate);
    return [
      ...this.routers(
        root,
        '/api',
        (p) => p.routes,
        (p) => [auth, planGuard(p.planFlag)],
      ),
      ...this.groups(
        (p) => p.flaggedRoutes,
        (p, group) =>
          this.routers(
            root,
            '/api',
            (q) => (q === p ? group.routes : undefined),
            () => [auth, planGuard(p.planFlag, group.planFlag)],
          ),
      ),
    ];
  }

  /**
   * Unauthenticated routes (visitors, webhooks), at the root: the plugin checks its own credential. A flagged group's
   * routes first ask the plugin whose request it is (`companyOf`, once the route matched) and refuse a tenant whose
   * plan lacks the plugin's or the group's flag.
   */
  mountPublic(root: AwilixContainer<Cradle>): Router<AppState>[] {
    const gate = root.cradle.planGate;
    return [
      ...this.routers(
        root,
        '',
        (p) => p.publicRoutes,
        () => [],
      ),
      ...this.groups(
        (p) => p.flaggedPublicRoutes,
        (p, group) => {
          const routers = this.routers(
            root,
            '',
            (q) => (q === p ? group.routes : undefined),
            () => [],
          );
          const guard: Middleware<AppState> = async (ctx, next) => {
            const companyId = await group.companyOf(ctx as never);
            if (companyId !== null) await refuseUnlessPlanHas(gate, companyId, [p.planFlag, group.planFlag]);
            if (group.asTenant && companyId !== null) {
              // The plugin vouched for the tenant by its own credential: its ports answer for that company, as in a job.
              ctx.state.companyId = companyId;
              (ctx.state as AppState & { deps: Deps }).deps = this.deps(
                p,
                root,
                createRequestScope(root, companyId).cradle,
                companyId,
              );
            }
            await next();
          };
          // Route layers only: a router-level `use` runs before the route's params are known.
          for (const router of routers)
            for (const layer of router.stack) if (layer.methods.length) layer.stack.unshift(guard as never);
          return routers;
        },
      ),
    ];
  }

  /** The routers of every flagged group a plugin declares (`pick`); a plugin whose declaration throws is disabled. */
  private groups<G>(
    pick: (p: AnyPlugin) => readonly G[] | undefined,
    build: (p: AnyPlugin, group: G) => Router<AppState>[],
  ): Router<AppState>[] {
    return [...this.plugins].flatMap((p) => (pick(p) ?? []).flatMap((group) => build(p, group)));
  }

  /** Channel adapters the plugins contribute. */
  registerChannels(root: AwilixContainer<Cradle>): void {
    for (const plugin of [...this.plugins]) {
      const channels = plugin.contributes?.channels ?? [];
      const bad = channels.find((c) => !CHANNEL_KIND.test(c.kind ?? ''));
      if (bad) {
        this.fail(plugin.name, `channel kind "${bad.kind}" is not kebab-case (at most 32 characters)`);
        continue;
      }
      for (const channel of channels)
        root.cradle.channels.add(channel, flagsOf(plugin.planFlag, channel.planFlag));
    }
  }

  /** One router per plugin that declares `pick`; a plugin whose declaration throws is disabled. */
  private routers(
    root: AwilixContainer<Cradle>,
    prefix: string,
    pick: (p: AnyPlugin) => ((router: never) => void) | undefined,
    guards: (p: AnyPlugin) => Middleware<AppState>[],
  ): Router<AppState>[] {
    const routers: Router<AppState>[] = [];
    for (const plugin of [...this.plugins]) {
      const declare = pick(plugin);
      if (!declare) continue;
      const router = new Router<AppState & { deps: Deps }>(prefix ? { prefix } : {});
      router.use(...(guards(plugin) as Middleware<AppState & { deps: Deps }>[]), async (ctx, next) => {
        // Only authenticated routers (under /api) have a signed-in user for the viewer port.
        const viewer = prefix ? ctx.state.user : undefined;
        ctx.state.deps = this.deps(plugin, root, ctx.state.services, ctx.state.companyId, viewer);
        if (!prefix) (ctx.state as { rawBody?: string }).rawBody = rawBodyOf(ctx.request);
        await withUploadDoor(ctx, root.cradle.config.dataDir, next);
      });
      try {
        declare.call(plugin, router as never);
        routers.push(router as unknown as Router<AppState>);
      } catch (err) {
        this.fail(plugin.name, err);
      }
    }
    return routers;
  }

  /** Bot engines the plugins contribute, in load order; a plugin whose engine is malformed is disabled. */
  registerBotEngines(root: AwilixContainer<Cradle>): void {
    for (const plugin of [...this.plugins]) {
      for (const engine of plugin.contributes?.botEngines ?? []) {
        try {
          root.cradle.botEngines.add({
            key: `${plugin.name}:${engine.name}`,
            pluginFlag: plugin.planFlag,
            engine: engine as never,
            deps: (scope, companyId) => this.deps(plugin, root, scope, companyId),
          });
        } catch (err) {
          this.fail(plugin.name, err);
        }
      }
    }
  }

  registerJobs(root: AwilixContainer<Cradle>): void {
    for (const plugin of this.plugins) {
      for (const job of plugin.jobs ?? []) {
        root.cradle.jobsHost.register({
          name: `${plugin.name}:${job.name}`,
          planFlag: plugin.planFlag ?? job.planFlag,
          every: job.every,
          run: async (companyId, data) => {
            if (!(await root.cradle.planGate.allows(companyId, job.planFlag))) {
              root.cradle.logger.info({ job: job.name, companyId }, 'job skipped: plan lacks the job flag');
              return;
            }
            const checked = runnableData(job, data, root.cradle.logger.child({ plugin: plugin.name }));
            if (!checked) return;
            const scope = createRequestScope(root, companyId);
            await job.handler({
              companyId,
              data: checked,
              deps: this.deps(plugin, root, scope.cradle, companyId) as never,
            });
          },
        });
      }
    }
  }

  registerSubscribers(root: AwilixContainer<Cradle>, bus: EventBus): void {
    for (const plugin of this.plugins) {
      for (const sub of plugin.subscribers ?? []) {
        bus.on(sub.event, async (payload) => {
          const flags = [plugin.planFlag, sub.planFlag];
          // A deleted company has no plan left, and data the plugin kept while its plan allowed must still go.
          const gated = sub.event !== 'company.deleted';
          if (gated && (await missingPlanFlag(root.cradle.planGate, payload.companyId, flags))) return;
          const scope = createRequestScope(root, payload.companyId);
          await (sub.handler as (p: unknown, d: Deps) => Promise<void>)(
            payload,
            this.deps(plugin, root, scope.cradle, payload.companyId),
          );
        });
      }
    }
  }

  async boot(root: AwilixContainer<Cradle>): Promise<void> {
    for (const plugin of [...this.plugins]) {
      if (!plugin.onBoot) continue;
      const { em: _em, ...ports } = this.ports(plugin, root, createRequestScope(root).cradle, undefined);
      await plugin.onBoot(ports as never).catch((err) => this.fail(plugin.name, err));
    }
  }

  /**
   * Every loaded plugin for `GET /api/plugins`: whether the tenant has it (no flag, or its plan carries the plugin's),
   * its declared plan flags labelled in `language`, and the channels it contributes to this tenant (none when off).
   */
  async infoFor(
    root: AwilixContainer<Cradle>,
    companyId: number,
    language: Language,
  ): Promise<PluginInfoDto[]> {
    const out: PluginInfoDto[] = [];
    for (const p of this.plugins) {
      const enabled = await root.cradle.planGate.allows(companyId, p.planFlag);
      const channels = [];
      if (enabled)
        for (const c of p.contributes?.channels ?? [])
          if (await root.cradle.planGate.allows(companyId, c.planFlag)) channels.push(c);
      out.push({
        name: p.name,
        enabled,
        planFlag: p.planFlag ?? null,
        planFlags: labelledFlags(p, language),
        channels: channels.map((c) => c.kind),
        channelTraits: channels.map((c) => ({ kind: c.kind, traits: channelTraits(c) })),
      });
    }
    return out;
  }

  /** The plan flags the loaded plugins declare (besides the ten core ones). */
  declaredFlags(): string[] {
    return this.plugins.flatMap((p) => (p.planFlags ?? []).map((f) => f.key));
  }

  /** Only what the plugin listed in `requires`, plus the services it builds from them (plugin-ports.ts). */
  private deps(
    plugin: AnyPlugin,
    root: AwilixContainer<Cradle>,
    scope: Cradle,
    companyId: number | undefined,
    viewer?: AuthUser,
  ): Deps {
    return withServices(plugin, this.ports(plugin, root, scope, companyId, viewer), this.depsKeys);
  }

  private ports(
    plugin: AnyPlugin,
    root: AwilixContainer<Cradle>,
    scope: Cradle,
    companyId: number | undefined,
    viewer?: AuthUser,
  ): Partial<CorePorts> {
    return pluginPorts(plugin, root, scope, companyId, this.portFactories, viewer);
  }

  private order(candidates: readonly AnyPlugin[]): AnyPlugin[] {
    const valid: AnyPlugin[] = [];
    const seen = new Set<string>();
    const flags = new Map<string, string>();
    const refuse = (p: AnyPlugin, problem: string) => {
      this.failures.push({ name: p.name, error: problem });
      this.logger.error({ plugin: p.name }, `plugin disabled: ${problem}`);
    };
    for (const p of candidates) {
      const problem = !NAME.test(p.name ?? '')
        ? `invalid plugin name "${p.name}" (kebab-case expected)`
        : seen.has(p.name)
          ? `plugin ${p.name} is declared twice`
          : p.errors && p.errors.plugin !== p.name
            ? `plugin ${p.name} declares error codes under another name (${p.errors.plugin}); use definePluginErrors('${p.name}', …)`
            : p.planFlag && p.publicRoutes
              ? `plugin ${p.name} has a plan flag, so its public routes must say whose tenant a request is (flaggedPublicRoutes with companyOf)`
              : ((p.requires ?? [])
                  .filter((k) => !PORT_KEYS.includes(k))
                  .map((k) => `plugin ${p.name} requires unknown service "${k}"`)[0] ??
                declarationProblem(p, flags));
      seen.add(p.name);
      if (problem) refuse(p, problem);
      else valid.push(p);
    }
    // Flags are named once every declaration is known: a plugin may name another's (or its own) declared flag.
    const named = valid.filter((p) => {
      const problem = referenceProblem(p, flags);
      if (problem) refuse(p, problem);
      return !problem;
    });
    const { sorted, unplaced } = orderByDependencies(named);
    for (const { item: p, error } of unplaced) {
      this.failures.push({ name: p.name, error });
      this.logger.error({ plugin: p.name }, `plugin ${p.name} disabled: ${error}`);
    }
    return sorted;
  }
}

/** The body as it arrived, kept by the body parser (`includeUnparsed`); '' for a request without one. */
const rawBodyOf = (request: object): string => {
  const raw = (request as { rawBody?: unknown }).rawBody;
  return typeof raw === 'string' ? raw : '';
};

/** The flags a contribution needs: its plugin's and its own, those declared. */
const flagsOf = (...flags: (PlanFlag | undefined)[]): PlanFlag[] => flags.filter((f): f is PlanFlag => !!f);
