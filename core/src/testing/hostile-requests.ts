import type Router from '@koa/router';

/** One method of one route, as the app's routers hold it. */
export interface RouteEntry {
  method: string;
  path: string;
  params: string[];
  /** The URL of the route with these parameter values (encoded). */
  url(params: Record<string, string>): string;
}

type Layer = Router['stack'][number];

/**
 * Every route the app serves, read from the routers' own tables (core, plugins, public and private): the app's
 * middleware holds each router's dispatcher, which carries the router. Middleware layers (`router.use`) and HEAD
 * (answered as GET) are left out.
 * @example for (const route of routeTable(kernel.app)) …
 */
export function routeTable(app: { middleware: readonly unknown[] }): RouteEntry[] {
  const routes: RouteEntry[] = [];
  for (const middleware of app.middleware) {
    const router = (middleware as { router?: Router }).router;
    if (!router) continue;
    for (const layer of router.stack as Layer[]) {
      if (typeof layer.path !== 'string') continue;
      for (const method of layer.methods.filter((m) => m !== 'HEAD')) {
        routes.push({
          method,
          path: layer.path,
          params: layer.paramNames.map((p) => String(p.name)),
          url: (params) => layer.url(params) as string,
        });
      }
    }
  }
  return routes;
}

/** The kind of value a schema field holds, as far as hostile values go. */
export type FieldKind = 'number' | 'string' | 'array' | 'object' | 'other';

interface ZodDef {
  type: string;
  shape?: Record<string, unknown>;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  options?: unknown[];
  element?: unknown;
  left?: unknown;
  right?: unknown;
}

const defOf = (value: unknown): ZodDef | undefined =>
  typeof value === 'object' && value !== null && '_zod' in value
    ? (value as { _zod: { def: ZodDef } })._zod.def
    : undefined;

/** The schemas a wrapper (optional, default, pipe, union…) stands for. */
function inner(def: ZodDef): unknown[] {
  return [def.innerType, def.in, def.out, def.left, def.right, ...(def.options ?? [])].filter(Boolean);
}

function kindsOf(schema: unknown, out: Set<FieldKind>, depth = 0): void {
  const def = defOf(schema);
  if (!def || depth > 8) return;
  const leaf: Record<string, FieldKind> = {
    number: 'number',
    bigint: 'number',
    int: 'number',
    string: 'string',
    array: 'array',
    object: 'object',
    boolean: 'other',
    enum: 'other',
    literal: 'other',
    date: 'string',
  };
  if (leaf[def.type]) out.add(leaf[def.type]);
  for (const s of inner(def)) kindsOf(s, out, depth + 1);
}

function collect(schema: unknown, fields: Map<string, Set<FieldKind>>, depth: number): void {
  const def = defOf(schema);
  if (!def || depth > 8) return;
  for (const [name, field] of Object.entries(def.shape ?? {})) {
    const kinds = fields.get(name) ?? new Set<FieldKind>();
    kindsOf(field, kinds);
    fields.set(name, kinds);
    collect(field, fields, depth + 1);
  }
  for (const s of [...inner(def), def.element]) collect(s, fields, depth + 1);
}

/**
 * The field names of every zod object schema among the modules' exports (nested objects included), with the kinds
 * of value each takes. @example schemaFields([await import('@balcao/sdk')])
 */
export function schemaFields(modules: readonly object[]): Map<string, Set<FieldKind>> {
  const fields = new Map<string, Set<FieldKind>>();
  for (const mod of modules) for (const value of Object.values(mod)) collect(value, fields, 0);
  return fields;
}

const PG_INT_PAST = 2_147_483_648;
const HUGE = '99999999999999999999';
const IMPOSSIBLE_DAY = '2026-02-30';
const NUL = 'a\u0000b';

/** Path parameter values no route may answer 500 to. */
export const HOSTILE_PATH_VALUES = [String(PG_INT_PAST), HUGE, '-1', '0', 'abc', '1.5', '\u0000'];

/** Query values; each query sets every known name to one of them. */
export const HOSTILE_QUERY_VALUES = [
  String(PG_INT_PAST),
  HUGE,
  IMPOSSIBLE_DAY,
  NUL,
  '[99999999999]',
  `${PG_INT_PAST},1`,
];

type Variant = Record<FieldKind, unknown>;
const same = (value: unknown): Variant => ({
  number: value,
  string: value,
  array: value,
  object: value,
  other: value,
});

/**
 * Body variants: every field the same hostile value (whatever its kind), then each field a hostile value of its own
 * kind (1e20, the huge id text and id objects come in those).
 */
const BODY_VARIANTS: Variant[] = [
  same(PG_INT_PAST),
  same(IMPOSSIBLE_DAY),
  same(NUL),
  same([99_999_999_999]),
  {
    number: PG_INT_PAST,
    string: IMPOSSIBLE_DAY,
    array: [PG_INT_PAST],
    object: { id: PG_INT_PAST },
    other: NUL,
  },
  { number: 1e20, string: HUGE, array: [{ id: 1e20 }], object: { id: HUGE }, other: IMPOSSIBLE_DAY },
  { number: -PG_INT_PAST - 1, string: '[99999999999]', array: [NUL], object: { id: NUL }, other: 1e20 },
];

const KIND_ORDER: FieldKind[] = ['array', 'object', 'number', 'string', 'other'];

/** JSON bodies setting every collected field to a hostile value. */
export function hostileBodies(fields: Map<string, Set<FieldKind>>): Record<string, unknown>[] {
  return BODY_VARIANTS.map((variant) =>
    Object.fromEntries(
      [...fields].map(([name, kinds]) => [name, variant[KIND_ORDER.find((k) => kinds.has(k)) ?? 'other']]),
    ),
  );
}

/** Query objects setting every name to one hostile value. */
export function hostileQueries(names: readonly string[]): Record<string, string>[] {
  return HOSTILE_QUERY_VALUES.map((value) => Object.fromEntries(names.map((n) => [n, value])));
}
