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

export type IntegrationDeps = PluginDeps<typeof REQUIRES, { records: RecordsService }>;
