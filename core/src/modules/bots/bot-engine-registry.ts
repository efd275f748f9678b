import {
  AppError,
  BOT_ENGINE_DEFAULT_TIMEOUT_MS,
  BOT_ENGINE_MAX_TIMEOUT_MS,
  type BotEngine,
  type BotEngineDto,
  type PlanFlag,
} from '@balcao/sdk';
import type { Cradle } from '../../kernel/container.js';
import type { PlanGuard } from '../../kernel/plan-guard.js';

declare module '../../kernel/container.js' {
  interface Cradle {
    /** Bot engines contributed by plugins, in the order they are offered tickets. */
    botEngines: BotEngineRegistry;
  }
}

/** An engine as the host registered it, with what it needs to run for one company. */
export interface RegisteredBotEngine {
  /** `plugin:engine`: what tickets.bot_engine and the ticket log store. */
  key: string;
  pluginFlag?: PlanFlag;
  engine: BotEngine<unknown>;
  /** The plugin's deps (its `requires` and services) in a scope bound to the company. */
  deps(scope: Cradle, companyId: number): unknown;
}

const NAME = /^[a-z][a-z0-9-]*$/;

/** The engines in a stable order: plugin load order (dependsOn, then declaration), then each plugin's list order. */
export class BotEngineRegistry {
  private readonly engines: RegisteredBotEngine[] = [];

  add(entry: RegisteredBotEngine): void {
    if (!NAME.test(entry.engine.name))
      throw new Error(`bot engine "${entry.engine.name}": kebab-case name expected`);
    if (this.find(entry.key)) throw new Error(`bot engine ${entry.key} is declared twice`);
    this.engines.push(entry);
  }

  get size(): number {
    return this.engines.length;
  }

  /** Whether any engine volunteers for tickets nobody selected it for (has `wants`). */
  get hasVolunteers(): boolean {
    return this.engines.some((e) => e.engine.wants !== undefined);
  }

  find(key: string): RegisteredBotEngine | undefined {
    return this.engines.find((e) => e.key === key);
  }

  /** The engines a company's plan allows (the plugin's flag and the engine's own). */
  async allowedFor(planGate: PlanGuard, companyId: number): Promise<RegisteredBotEngine[]> {
    const out: RegisteredBotEngine[] = [];
    for (const e of this.engines) if (await this.allows(planGate, companyId, e)) out.push(e);
    return out;
  }

  /** `GET /api/bot-engines`: what the company's admin may select, in the stable order. */
  async listFor(planGate: PlanGuard, companyId: number): Promise<BotEngineDto[]> {
    return (await this.allowedFor(planGate, companyId)).map(({ key, engine }) => ({
      key,
      plugin: key.slice(0, key.indexOf(':')),
      name: engine.name,
      label: engine.label?.trim() || engine.name,
    }));
  }

  /**
   * A selection the admin saves (a queue's, a connection's, a chatbot option's `path`): null or a key of an engine
   * the company's plan allows; otherwise ERR_BOT_ENGINE_UNAVAILABLE (400) naming the field.
   * @example await scope.botEngines.assertSelectable(scope.planGate, companyId, input.botEngine, 'botEngine')
   */
  async assertSelectable(
    planGate: PlanGuard,
    companyId: number,
    key: string | null | undefined,
    path: string,
  ): Promise<void> {
    if (key == null) return;
    const entry = this.find(key);
    if (entry && (await this.allows(planGate, companyId, entry))) return;
    throw new AppError('ERR_BOT_ENGINE_UNAVAILABLE', 400, { fields: [{ path, message: 'Invalid option' }] });
  }

  async allows(planGate: PlanGuard, companyId: number, e: RegisteredBotEngine): Promise<boolean> {
    return (
      (await planGate.allows(companyId, e.pluginFlag)) &&
      (await planGate.allows(companyId, e.engine.planFlag))
    );
  }
}

/** The time one call of the engine may take: its own, within bounds. */
export function engineTimeout(engine: BotEngine<unknown>): number {
  const ms = engine.timeoutMs ?? BOT_ENGINE_DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(ms) || ms <= 0) return BOT_ENGINE_DEFAULT_TIMEOUT_MS;
  return Math.min(ms, BOT_ENGINE_MAX_TIMEOUT_MS);
}
