import type { CorePorts, PluginDeps, PluginRouter } from '@balcao/sdk';
import type { CampaignMediaService } from './campaign-media.js';
import type { CampaignsService } from './campaigns-service.js';
import type { Dispatcher } from './dispatch.js';
import type { CampaignReports } from './report.js';
import type { CampaignSettingsService } from './settings-service.js';

export const REQUIRES = [
  'em',
  'logger',
  'jobs',
  'realtime',
  'messages',
  'contacts',
  'tickets',
  'connections',
  'tags',
  'media',
  'hours',
  'viewer',
  'texts',
  'sql',
] as const;

/** The core ports the campaigns plugin uses. */
export type Ports = Pick<CorePorts, (typeof REQUIRES)[number]>;

export interface Services {
  campaigns: CampaignsService;
  campaignMedia: CampaignMediaService;
  campaignSettings: CampaignSettingsService;
  dispatcher: Dispatcher;
  reports: CampaignReports;
}

export type CampaignDeps = PluginDeps<typeof REQUIRES, Services>;
export type CampaignRouter = PluginRouter<CampaignDeps>;

/** The realtime topic of the campaign screens (`company-{id}-campaign`). */
export const CAMPAIGN_TOPIC = 'campaign';
