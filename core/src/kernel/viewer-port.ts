import { AppError, type AuthUser, type Logger, type ViewerPort } from '@balcao/sdk';
import type { Cradle } from './container.js';

// The viewer port (sdk viewer-port.ts): reads as the request's signed-in user. The kernel only composes it; each module
// registers its reads in the request scope (`viewerTickets`, `viewerContacts`, `viewerMessages`), built on the functions
// its REST routes answer that user with, so the visibility rule and the LGPD mask have one implementation.

/**
 * The viewer port of a plugin for this scope: bound to `viewer`, the request's signed-in user. Without one (a job, a
 * subscriber, a bot engine, onBoot, a public route) every read rejects (see {@link viewerless}).
 */
export function viewerPort(
  plugin: string,
  scope: Cradle,
  viewer: AuthUser | undefined,
  logger: Logger,
): ViewerPort {
  if (!viewer) return viewerless(plugin, logger);
  return {
    tickets: scope.viewerTickets(viewer),
    contacts: scope.viewerContacts(viewer),
    messages: scope.viewerMessages(viewer),
  };
}

/**
 * The viewer port where nobody is signed in: holding it (or a part of it) is fine, so a plugin's services can be built
 * in a job too; each call rejects with 403 ERR_NO_PERMISSION, its message naming the plugin and why, and is logged.
 */
export function viewerless(plugin: string, logger: Logger): ViewerPort {
  const refuse = (area: string, method: string) => async () => {
    const why = `plugin ${plugin}: viewer.${area}.${method} answers as the signed-in user, and there is none here (a job, a subscriber, a bot engine, onBoot or a public route): use the company-bound ports`;
    logger.warn({ plugin, port: `viewer.${area}.${method}` }, why);
    throw Object.assign(new AppError('ERR_NO_PERMISSION', 403), { message: why });
  };
  // Not thenables: `await`ing the port or one of its parts stays harmless.
  const part = (area: string) =>
    new Proxy({}, { get: (_t, method) => (method === 'then' ? undefined : refuse(area, String(method))) });
  return new Proxy({} as ViewerPort, {
    get: (_t, area) => (area === 'then' ? undefined : part(String(area))),
  });
}
