import type { AuthUser, Logger } from '@balcao/sdk';
import type Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AwilixContainer } from 'awilix';
import type { Cradle } from '../kernel/container.js';

/** What every request carries in `ctx.state`. `user` and `companyId` exist behind `requireAuth`. */
export interface AppState {
  scope: AwilixContainer<Cradle>;
  services: Cradle;
  em: EntityManager;
  user: AuthUser;
  companyId: number;
  logger: Logger;
  /** Website origins a route lets frame its answer, besides Balcão's own (see security-headers). */
  frameAncestors?: readonly string[];
}

export type AppRouter = Router<AppState>;
