/** Something that names the others it must come after: a core module or a plugin. */
export interface Dependent {
  name: string;
  dependsOn?: readonly string[];
}

/**
 * Orders `items` so each comes after everything it `dependsOn` (Kahn's algorithm, keeping the given order where the
 * dependencies allow); what cannot be placed comes back in `unplaced` with the reason (a missing dependency, or a
 * cycle). `known` names dependencies satisfied from outside the list (a plugin may depend on a core module).
 * @example const { sorted, unplaced } = orderByDependencies(CORE_MODULES)
 */
export function orderByDependencies<T extends Dependent>(
  items: readonly T[],
  known: readonly string[] = [],
): { sorted: T[]; unplaced: { item: T; error: string }[] } {
  const sorted: T[] = [];
  const placed = new Set(known);
  let pending = [...items];
  let progressed = true;
  while (pending.length && progressed) {
    progressed = false;
    for (const item of [...pending]) {
      if ((item.dependsOn ?? []).every((d) => placed.has(d))) {
        sorted.push(item);
        placed.add(item.name);
        pending = pending.filter((x) => x !== item);
        progressed = true;
      }
    }
  }
  const names = new Set([...known, ...items.map((i) => i.name)]);
  const cycle = pending.map((p) => p.name).join(', ');
  const unplaced = pending.map((item) => {
    const missing = (item.dependsOn ?? []).filter((d) => !names.has(d));
    return {
      item,
      error: missing.length ? `missing dependency ${missing.join(', ')}` : `dependency cycle among ${cycle}`,
    };
  });
  return { sorted, unplaced };
}
