import { bootKernel, type Kernel, type KernelOptions } from './kernel/kernel.js';
import { CORE_MODULES } from './modules/registry.js';

// The composition root: the one place that knows both the kernel and the core modules (modules/registry.ts). The
// kernel (kernel/) imports no module; each module's definition hands the kernel what it asks for.

export { type Kernel, type KernelOptions, withExtraPlugins } from './kernel/kernel.js';

/** The core modules' entities (each module's `entities`). */
export const CORE_ENTITIES: readonly unknown[] = CORE_MODULES.flatMap((m) => [...(m.entities ?? [])]);

/**
 * Boots Balcão with the core modules (CORE_MODULES unless `coreModules` names others): database (embedded by
 * default) and migrations, seed, plugins, jobs, realtime and HTTP.
 * @example const kernel = await startKernel({ config: loadConfig(process.env) })
 */
export function startKernel(opts: KernelOptions): Promise<Kernel> {
  return bootKernel({ ...opts, coreModules: opts.coreModules ?? CORE_MODULES });
}
