import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from '@balcao/sdk';
import * as sdk from '@balcao/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../kernel/discover-plugins.js';
import {
  HOSTILE_PATH_VALUES,
  hostileBodies,
  hostileQueries,
  type RouteEntry,
  schemaFields,
} from '../testing/hostile-requests.js';
import { type Carrier, type SweepServer, startSweepServer } from '../testing/route-sweep.js';

/**
 * Every route of the app (read from its routers, plugins' public and private ones included) gets hostile input from
 * an anonymous caller, a company admin and the super admin: ids past PostgreSQL's integer, impossible dates, NUL
 * characters, huge id lists in the path, the query, the JSON body and multipart fields. None may answer 500, every
 * refusal carries an error code, and none of it may reach SQL (the error handler's database backstop stays silent). A refusal naming fields is sent again without them, so a field the validation lets through still
 * reaches the service.
 */

/** Query names the routes read besides the schema fields (spec part 1 §7 filters). */
const QUERY_NAMES = [
  'pageNumber',
  'searchParam',
  'selectedQueues',
  'fromMe',
  'column',
  'contactTag',
  'isGroup',
];
const ROUNDS = 4;
const [PAST_INT] = HOSTILE_PATH_VALUES;
const CONCURRENCY = 8;

let server: SweepServer;
const tokens: Record<string, string | undefined> = { anonymous: undefined };
let webchatToken = '';
/** What the error handler's database backstop logged: input the shared validation let through to SQL. */
const refusals: string[] = [];

/** A silent logger that keeps the backstop's warnings. */
function recordingLogger(bindings: Record<string, unknown> = {}): Logger {
  const quiet = () => {};
  return {
    debug: quiet,
    info: quiet,
    error: quiet,
    warn: (obj, msg) => {
      if (typeof msg === 'string' && msg.startsWith('database refused'))
        refusals.push(JSON.stringify({ ...bindings, ...(obj as object) }));
    },
    child: (more) => recordingLogger({ ...bindings, ...more }),
  };
}

/** Object schemas of the SDK and of every channel package: the names hostile bodies and queries fill. */
async function contractModules(): Promise<object[]> {
  const root = path.join(REPO_ROOT, 'channels');
  const entries = readdirSync(root).map((dir) => {
    const pkg = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
    return pathToFileURL(path.join(root, dir, pkg.exports['.'])).href;
  });
  return [sdk, ...(await Promise.all(entries.map((entry) => import(entry) as Promise<object>)))];
}

/** A value each parameter can take when the path is not what is under test. */
function plausible(name: string): string {
  if (name === 'token') return webchatToken;
  if (name === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (name === 'number') return '5511999990000';
  if (name === 'key') return 'userRating';
  return '1';
}

const withParams = (route: RouteEntry, value: (name: string) => string) =>
  route.url(Object.fromEntries(route.params.map((p) => [p, value(p)])));

const withQuery = (url: string, query: Record<string, string>) =>
  Object.keys(query).length ? `${url}?${new URLSearchParams(query)}` : url;

interface Refusal {
  error?: unknown;
  fields?: { path?: unknown }[];
}

const parse = (text: string): Refusal => {
  try {
    return JSON.parse(text) as Refusal;
  } catch {
    return {};
  }
};

/** The top-level input names a refusal named (`fields[].path`), so the next round can leave them out. */
const refusedNames = (answer: Refusal): string[] =>
  (answer.fields ?? []).map((f) => String(f.path ?? '').split('.')[0]);

async function pool<T>(items: readonly T[], run: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

beforeAll(async () => {
  server = await startSweepServer({ logger: recordingLogger() });
  tokens.super = server.superToken;
  tokens.admin = server.other.token;
  // A phone connection: the web chat reaches only its own visitors, and Ana has a phone number.
  const phone = await server.send('POST', '/api/whatsapp', tokens.super, {
    name: 'Fone',
    channel: 'whatsapp',
  });
  if (phone.status !== 201) throw new Error(`phone connection: ${phone.status} ${phone.text}`);
  const whatsappId = (JSON.parse(phone.text) as { id: number }).id;
  // Company 1's first rows, so routes given the plausible id 1 reach a real queue, tag, contact and ticket.
  for (const [url, body] of [
    ['/api/queue', { name: 'Fila', color: '#2e7d32' }],
    ['/api/tags', { name: 'Etiqueta', color: '#1565c0' }],
    ['/api/contacts', { name: 'Ana', number: '5511999990000' }],
    ['/api/tickets', { contactId: 1, status: 'open', whatsappId }],
  ] as const) {
    const res = await server.send('POST', url, tokens.super, body);
    if (res.status !== 201 || JSON.parse(res.text).id !== 1)
      throw new Error(`${url}: ${res.status} ${res.text}`);
  }
  const connections = await server.send('GET', '/api/whatsapp', tokens.super);
  webchatToken = (JSON.parse(connections.text) as { token: string; channel: string }[]).find(
    (c) => c.channel === 'webchat',
  )?.token as string;
});

afterAll(() => server?.stop());

describe('hostile input', () => {
  it('never answers 500 on any route, and every refusal names its error', async () => {
    const { routes } = server;
    const fields = schemaFields(await contractModules());
    const names = [...new Set([...fields.keys(), ...QUERY_NAMES])];
    const bodies = hostileBodies(fields);
    const queries = hostileQueries(names);
    const nulForm = Object.fromEntries(names.map((n) => [n, 'a\u0000b']));
    const failures = new Set<string>();

    /** Sends the input, then again without the fields each refusal named, until nothing more is refused. */
    const probe = async (
      caller: string,
      route: RouteEntry,
      carrier: Carrier,
      input: Record<string, unknown>,
    ) => {
      const { method } = route;
      // The query is read by GET routes; other methods get it with hostile ids, never acting on a real row.
      const base = withParams(route, carrier !== 'query' || method === 'GET' ? plausible : () => PAST_INT);
      let current = input;
      for (let round = 0; round < ROUNDS; round++) {
        const url = carrier === 'query' ? withQuery(base, current as Record<string, string>) : base;
        const res = await server.send(
          method,
          url,
          tokens[caller],
          carrier === 'query' ? undefined : current,
          carrier,
        );
        const answer = parse(res.text);
        if (res.status >= 500 || (res.status >= 400 && typeof answer.error !== 'string')) {
          // The fields still sent are those no refusal named: the culprit is among them.
          const sent = Object.entries(current);
          const sample = `${sent.length} fields: ${sent.slice(0, 5).map(([k, v]) => `${k}=${JSON.stringify(v)}`)}`;
          failures.add(`${caller} ${method} ${route.path} ${carrier} (${sample}) → ${res.status}`);
          return;
        }
        const refused = new Set(refusedNames(answer));
        const rest = Object.fromEntries(Object.entries(current).filter(([k]) => !refused.has(k)));
        if (res.status !== 400 || Object.keys(rest).length === Object.keys(current).length) return;
        current = rest;
      }
    };

    /** A hostile path: every parameter the same value. */
    const probePath = async (caller: string, route: RouteEntry, value: string) => {
      const res = await server.send(
        route.method,
        withParams(route, () => value),
        tokens[caller],
      );
      if (res.status >= 500 || (res.status >= 400 && typeof parse(res.text).error !== 'string'))
        failures.add(`${caller} ${route.method} ${route.path} path ${JSON.stringify(value)} → ${res.status}`);
      return res;
    };

    // A caller the route's guards turn away (401, or 403 before any input is read) is tried once, not with every input.
    // Logging out would end the caller's session for the rest of the sweep: it is swept without a token only.
    const ends = (route: RouteEntry) => route.path === '/api/auth/logout';
    const pairs = routes.flatMap((route) =>
      Object.keys(tokens)
        .filter((caller) => caller === 'anonymous' || !ends(route))
        .map((caller) => ({ route, caller })),
    );
    const open: typeof pairs = [];
    await pool(pairs, async (pair) => {
      const res = await probePath(pair.caller, pair.route, PAST_INT);
      if (res.status !== 401 && parse(res.text).error !== 'ERR_NO_PERMISSION') open.push(pair);
    });

    const jobs: (() => Promise<unknown>)[] = [];
    for (const { route, caller } of open) {
      if (route.params.length)
        for (const value of HOSTILE_PATH_VALUES.slice(1)) jobs.push(() => probePath(caller, route, value));
      for (const query of queries) jobs.push(() => probe(caller, route, 'query', query));
      if (!['POST', 'PUT', 'PATCH'].includes(route.method)) continue;
      for (const body of bodies) jobs.push(() => probe(caller, route, 'json', body));
      jobs.push(() => probe(caller, route, 'form', nulForm));
    }
    await pool(jobs, (job) => job());

    expect([...failures].sort()).toEqual([]);
    // The error handler's database backstop never had to answer: the shared validation refused all of it first.
    expect(refusals).toEqual([]);
    // The table held the plugins' public routers too (mounted outside /api), and most routes let a caller in.
    expect(routes.some((r) => !r.path.startsWith('/api/'))).toBe(true);
    expect(open.length).toBeGreaterThan(routes.length);
    expect((await server.send('GET', '/api/health', undefined)).status).toBe(200);
  }, 120_000);
});
