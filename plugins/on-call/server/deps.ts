import type { CorePorts, PluginDeps, PluginRouter } from '@balcao/sdk';
import type { DutiesService } from './duties-service.js';

/** The ports the on-call plugin uses. */
export const REQUIRES = [
  'em',
  'realtime',
  'logger',
  'users',
  'tickets',
  'contacts',
  'messages',
  'connections',
  'hours',
  'settings',
] as const;

export type OnCallPorts = Pick<CorePorts, (typeof REQUIRES)[number]>;
export type OnCallDeps = PluginDeps<typeof REQUIRES, { duties: DutiesService }>;
export type OnCallRouter = PluginRouter<OnCallDeps>;
