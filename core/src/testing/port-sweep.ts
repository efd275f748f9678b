import { type CorePorts, defineChannel, definePlugin, type PortKey } from '@balcao/sdk';
import { sql } from './attendance-fixtures.js';
import type { TestHost } from './test-host.js';

/**
 * A plugin that requires every port a plugin may use with a company and calls any method of any of them with the
 * JSON arguments it is given (`POST /api/port-probe` `{ port, method, args }`; `{ $bytes: 'text' }` stands for a
 * Uint8Array). Answers `{ value }`, a SessionStore as 'store'. The same calls on its public route
 * (`POST /port-probe/public`) run where there is no company. It contributes the channel 'echo' (its own kind).
 */
export const SWEPT_PORTS = [
  'conversations',
  'tickets',
  'messages',
  'contacts',
  'tags',
  'queues',
  'users',
  'media',
  'connections',
  'config',
  'settings',
  'jobs',
  'events',
  'realtime',
  'hours',
] as const satisfies readonly PortKey[];
export type SweptPort = (typeof SWEPT_PORTS)[number];

const revive = (arg: unknown): unknown => {
  if (!arg || typeof arg !== 'object' || Array.isArray(arg)) return arg;
  if ('$bytes' in arg) return new TextEncoder().encode(String((arg as { $bytes: unknown }).$bytes));
  return Object.fromEntries(Object.entries(arg).map(([k, v]) => [k, revive(v)]));
};

async function invoke(deps: Partial<CorePorts>, body: unknown): Promise<{ value: unknown }> {
  const { port, method, args } = body as { port: SweptPort; method: string; args: unknown[] };
  const target = deps[port] as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
  const value = await target[method]?.(...args.map(revive));
  const isStore = value !== null && typeof value === 'object' && 'get' in value && 'clear' in value;
  return { value: isStore ? 'store' : (value ?? null) };
}

export const portProbe = definePlugin({
  name: 'port-probe',
  requires: SWEPT_PORTS,
  contributes: { channels: [defineChannel({ kind: 'echo', send: async () => ({ ack: 1 }) })] },
  jobs: [{ name: 'noop', handler: async () => {} }],
  routes(router) {
    router.post('/port-probe', async (ctx) => {
      ctx.body = await invoke(ctx.state.deps, ctx.request.body);
    });
  },
  publicRoutes(router) {
    router.post('/port-probe/public', async (ctx) => {
      ctx.body = await invoke(ctx.state.deps, ctx.request.body);
    });
  },
});

/** One call of the sweep: its arguments, and whether it may answer (the caller's own rows: a list, a new contact). */
export interface SweepCall {
  args: unknown[];
  answers?: true;
}

/**
 * For every method of every swept port, the calls that name another company's rows; `null` only for a method that
 * takes no company data at all (says why in the table). Typed so that a method added to a port fails to compile here
 * until the sweep calls it.
 */
export type PortSweep = {
  [P in SweptPort]: { [M in keyof Required<CorePorts[P]>]: SweepCall[] | { none: string } };
};

/** Every row of the company in every table with a company_id, and its connections' session data, as JSON. */
export async function companyRows(host: TestHost, companyId: number): Promise<Record<string, unknown[]>> {
  const tables = await sql<{ table_name: string }>(
    host,
    `select table_name from information_schema.columns
      where column_name = 'company_id' and table_schema = 'public'
        and table_name not in ('channel_sessions')
      order by table_name`,
  );
  const out: Record<string, unknown[]> = {};
  for (const { table_name } of tables) {
    const rows = await sql<{ row: unknown }>(
      host,
      `select to_jsonb(t) as row from "${table_name}" t where company_id = $1 order by to_jsonb(t)::text`,
      [companyId],
    );
    out[table_name] = rows.map((r) => r.row);
  }
  out.channel_session_data = (
    await sql<{ row: unknown }>(
      host,
      `select to_jsonb(d) as row from channel_session_data d
        where connection_id in (select id from whatsapps where company_id = $1) order by to_jsonb(d)::text`,
      [companyId],
    )
  ).map((r) => r.row);
  return out;
}

/** What one call answered: its status and body, for the report of a failed sweep. */
export interface SweepOutcome {
  call: string;
  status: number;
  body: { value?: unknown; error?: string };
}

/** Runs every call of the sweep through the probe as `token` (or on its public route without one). */
export async function runSweep(
  host: TestHost,
  sweep: PortSweep,
  token: string | undefined,
): Promise<SweepOutcome[]> {
  const outcomes: SweepOutcome[] = [];
  for (const port of SWEPT_PORTS) {
    for (const [method, calls] of Object.entries(
      sweep[port] as Record<string, SweepCall[] | { none: string }>,
    )) {
      if (!Array.isArray(calls)) continue;
      for (const call of calls) {
        const res = await host.request(token ? '/api/port-probe' : '/port-probe/public', {
          token,
          body: { port, method, args: call.args },
        });
        outcomes.push({
          call: `${port}.${method}(${JSON.stringify(call.args).slice(1, 120)}`,
          status: res.status,
          body: (await res.json()) as SweepOutcome['body'],
        });
      }
    }
  }
  return outcomes;
}

/** Nothing found, or a refusal (4xx with an ERR_ code): what another company's handle must get. */
export const isNothing = (o: SweepOutcome): boolean =>
  o.status === 200
    ? [null, false, 0].includes(o.body.value as null) ||
      (Array.isArray(o.body.value) && o.body.value.length === 0)
    : o.status >= 400 && o.status < 500 && /^ERR_/.test(o.body.error ?? '');
