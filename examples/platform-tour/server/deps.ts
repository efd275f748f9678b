import type { PluginDeps, PluginRouter } from '@balcao/sdk';

/** Every port the tour uses: each door of the platform is shown in a file of its own beside this one. */
export const REQUIRES = [
  'em',
  'logger',
  'jobs',
  'events',
  'realtime',
  'settings',
  'tickets',
  'messages',
  'contacts',
  'tags',
  'queues',
  'users',
  'connections',
  'http',
  'viewer',
  'config',
] as const;

/** What the tour's routes, jobs and subscribers receive. */
export type TourDeps = PluginDeps<typeof REQUIRES, object>;
/** The router the tour's parts mount their routes on (under `/api/tour/…`). */
export type TourRouter = PluginRouter<TourDeps>;
