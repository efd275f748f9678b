import {
  AppError,
  FALLBACK_LANGUAGE,
  isCorePlanFlag,
  type Language,
  PLAN_FLAG_KEY,
  type PlanFlag,
  type PluginDefinition,
  type PluginPlanFlagDto,
  type PortKey,
} from '@balcao/sdk';

type AnyPlugin = PluginDefinition<readonly PortKey[], Record<string, unknown>>;

type PlanAllows = { allows(companyId: number, flag: PlanFlag | undefined): Promise<boolean> };

/** The first of `flags` the company's plan lacks (undefined entries: no flag), or null when it has them all. */
export async function missingPlanFlag(
  gate: PlanAllows,
  companyId: number,
  flags: readonly (PlanFlag | undefined)[],
): Promise<PlanFlag | null> {
  for (const flag of flags) if (flag && !(await gate.allows(companyId, flag))) return flag;
  return null;
}

/**
 * 403 ERR_NO_PERMISSION naming the flag the plan lacks (`{ error, planFlag: 'useExternalApi' }`): a caller — an
 * external API client above all — reads why, instead of a bare refusal like any other.
 */
export async function refuseUnlessPlanHas(
  gate: PlanAllows,
  companyId: number,
  flags: readonly (PlanFlag | undefined)[],
): Promise<void> {
  const planFlag = await missingPlanFlag(gate, companyId, flags);
  if (planFlag) throw new AppError('ERR_NO_PERMISSION', 403, { planFlag });
}

/**
 * Why a plugin's `planFlags` declarations are refused (a malformed key or label key, a core flag's name, a key another
 * plugin declared first, a key twice), or undefined; `taken` (key → plugin) gains the plugin's keys when accepted.
 */
export function declarationProblem(plugin: AnyPlugin, taken: Map<string, string>): string | undefined {
  const declared = plugin.planFlags ?? [];
  if (!Array.isArray(declared)) return `plugin ${plugin.name}: planFlags must be a list of { key, labelKey }`;
  const mine = new Set<string>();
  for (const flag of declared) {
    const key: unknown = flag?.key;
    if (typeof key !== 'string' || !PLAN_FLAG_KEY.test(key))
      return `plugin ${plugin.name} declares plan flag "${String(key)}": camelCase starting with "use" expected (useTypebot)`;
    if (typeof flag.labelKey !== 'string' || flag.labelKey.trim() === '' || flag.labelKey.length > 200)
      return `plugin ${plugin.name} declares plan flag ${key} without a labelKey`;
    if (isCorePlanFlag(key)) return `plugin ${plugin.name} declares plan flag ${key}, a core flag`;
    const owner = taken.get(key);
    if (owner) return `plugin ${plugin.name} declares plan flag ${key}, already declared by plugin ${owner}`;
    if (mine.has(key)) return `plugin ${plugin.name} declares plan flag ${key} twice`;
    mine.add(key);
  }
  for (const key of mine) taken.set(key, plugin.name);
  return undefined;
}

/** Every flag a plugin names: its own, its flagged route groups', jobs', subscribers', channels' and bot engines'. */
export function referencedFlags(plugin: AnyPlugin): string[] {
  const named = [
    plugin.planFlag,
    ...(plugin.flaggedRoutes ?? []).map((g) => g.planFlag),
    ...(plugin.flaggedPublicRoutes ?? []).map((g) => g.planFlag),
    ...(plugin.jobs ?? []).map((j) => j.planFlag),
    ...(plugin.subscribers ?? []).map((s) => s.planFlag),
    ...(plugin.contributes?.channels ?? []).map((c) => c.planFlag),
    ...(plugin.contributes?.botEngines ?? []).map((e) => e.planFlag),
  ];
  return [...new Set(named.filter((f): f is string => typeof f === 'string'))];
}

/** Why a plugin naming flags nobody declares is refused (a typo would leave it off for every plan), or undefined. */
export function referenceProblem(
  plugin: AnyPlugin,
  declared: ReadonlyMap<string, string>,
): string | undefined {
  const unknown = referencedFlags(plugin).filter((f) => !isCorePlanFlag(f) && !declared.has(f));
  return unknown.length
    ? `plugin ${plugin.name} names plan flag ${unknown.join(', ')}, neither a core flag nor declared by a plugin (planFlags)`
    : undefined;
}

/**
 * A plugin's declared flags labelled in `language`: `labelKey` (`plugin:path.to.text`, or a path in the plugin's own
 * namespace) looked up in the plugin's `locales`, else in the fallback language, else English; the key when missing.
 */
export function labelledFlags(plugin: AnyPlugin, language: Language): PluginPlanFlagDto[] {
  return (plugin.planFlags ?? []).map(({ key, labelKey }) => ({
    key,
    labelKey,
    label: translate(plugin, labelKey, language) ?? labelKey,
  }));
}

function translate(plugin: AnyPlugin, labelKey: string, language: Language): string | undefined {
  const colon = labelKey.indexOf(':');
  if (colon >= 0 && labelKey.slice(0, colon) !== plugin.name) return undefined;
  const path = (colon >= 0 ? labelKey.slice(colon + 1) : labelKey).split('.');
  for (const lang of [language, FALLBACK_LANGUAGE, 'en'] as const) {
    let node: unknown = plugin.locales?.[lang];
    for (const part of path)
      node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    if (typeof node === 'string' && node !== '') return node;
  }
  return undefined;
}
