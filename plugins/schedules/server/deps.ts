import type { CorePorts, PluginDeps, PluginRouter } from '@balcao/sdk';
import type { SchedulesService } from './schedules-service.js';

/** The ports the schedules plugin uses. */
export const REQUIRES = [
  'em',
  'jobs',
  'realtime',
  'logger',
  'messages',
  'contacts',
  'tickets',
  'connections',
  'media',
] as const;

export type SchedulesPorts = Pick<CorePorts, (typeof REQUIRES)[number]>;
export type SchedulesDeps = PluginDeps<typeof REQUIRES, { schedules: SchedulesService }>;
export type SchedulesRouter = PluginRouter<SchedulesDeps>;
