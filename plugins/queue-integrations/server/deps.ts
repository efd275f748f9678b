import type { PluginDeps } from '@balcao/sdk';
import type { RecordsService } from './records-service.js';

/** The ports the plugin uses: its records (em, config, realtime) and, for the engines, the attendance doors. */
export const REQUIRES = [
  'em',
  'config',
  'realtime',
  'http',
  'messages',
  'tickets',
  'media',
  'logger',
] as const;

/** How long one call to a flow, a Typebot or a bubble's file may take (ms); tests shorten it. */
export interface IntegrationLimits {
  requestTimeoutMs: number;
}

export type IntegrationDeps = PluginDeps<
  typeof REQUIRES,
  { records: RecordsService; limits: IntegrationLimits }
>;
