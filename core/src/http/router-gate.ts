import type Router from '@koa/router';
import type { Middleware } from 'koa';

/** Where a route path's literal text ends: a parameter, wildcard, group, optional part or escape (path-to-regexp 8). */
const NOT_LITERAL = /[:*{}()[\]?+!\\]/;

/**
 * What every path one of the router's routes matches starts with, lowercased (the router matches regardless of case);
 * null when some route may match any path (a RegExp path, a route whose path starts with a parameter).
 */
function routePrefixes(router: Router): string[] | null {
  const prefixes = new Set<string>();
  for (const layer of router.stack) {
    // Middleware (`router.use`) runs only when a route of the router matched: it never makes the router answer.
    if (!layer.methods.length) continue;
    const path = layer.path as unknown;
    if (typeof path !== 'string' || (layer.opts as { pathAsRegExp?: boolean }).pathAsRegExp) return null;
    const end = path.search(NOT_LITERAL);
    // A whole literal path may also be asked for with or without its last slash.
    const literal = (end < 0 ? path.replace(/\/$/, '') : path.slice(0, end)).toLowerCase();
    if (literal.length <= 1) return null;
    prefixes.add(literal);
  }
  // A prefix that starts with another says nothing more ('/api/plans/all' after '/api/plans').
  const sorted = [...prefixes].sort();
  return sorted.filter((p, i) => !sorted.slice(0, i).some((shorter) => p.startsWith(shorter)));
}

/**
 * The router's `routes()` behind a check of the request's path: a router none of whose routes can match the path is
 * passed by at once, as it would pass by after testing each of its routes. Issue 30: every request went through
 * every router (three public, core's open and closed with ~200 routes, then one per plugin), each testing its routes'
 * expressions one by one. The prefixes are read when the first request comes, once every route is declared.
 * @example app.use(gatedRoutes(router)); app.use(router.allowedMethods());
 */
export function gatedRoutes<S>(router: Router<S>): Middleware<S> {
  const routes = router.routes() as unknown as Middleware<S>;
  let prefixes: string[] | null | undefined;
  const gate: Middleware<S> & { router?: Router<S> } = (ctx, next) => {
    prefixes = prefixes === undefined ? routePrefixes(router as unknown as Router) : prefixes;
    if (prefixes === null) return routes(ctx, next);
    const path = ctx.path.toLowerCase();
    for (const prefix of prefixes) if (path.startsWith(prefix)) return routes(ctx, next);
    // As the router leaves a request none of its routes matched: `allowedMethods` reads `matched`.
    const state = ctx as unknown as { matched?: unknown[] };
    state.matched ??= [];
    return next();
  };
  // As on the router's own middleware: whoever lists the app's routes finds the router (testing/hostile-requests.ts).
  gate.router = router;
  return gate;
}
