import { defineJob, definePlugin, idField, type PluginJob } from '@balcao/sdk';
import { z } from 'zod';
import { CampaignMediaService } from './campaign-media.js';
import { CampaignsService } from './campaigns-service.js';
import { type CampaignDeps, REQUIRES } from './deps.js';
import { Dispatcher } from './dispatch.js';
import { Campaign, CampaignSetting } from './entities.js';
import { campaignErrors } from './errors.js';
import { migrations } from './migrations.js';
import { Planner } from './planner.js';
import { CampaignReports } from './report.js';
import { reviveStranded } from './revive.js';
import { campaignRoutes } from './routes.js';
import { CampaignSettingsService } from './settings-service.js';
import { campaignSubscribers } from './subscribers.js';

const dispatchData = z.object({
  campaignId: idField,
  run: z.number().int().min(0),
  plan: z.boolean().optional(),
  sent: z.number().int().min(0).optional(),
  link: z.number().int().min(0).optional(),
});

const campaignJobs: PluginJob<CampaignDeps>[] = [
  defineJob({
    name: 'start',
    data: z.object({ campaignId: idField }),
    handler: ({ companyId, data, deps }) => deps.dispatcher.startScheduled(companyId, data.campaignId),
  }),
  defineJob({
    name: 'dispatch',
    data: dispatchData,
    handler: ({ companyId, data, deps }) => deps.dispatcher.dispatch(companyId, data),
  }),
  {
    // A recurring campaign whose worker died between finishing a run and planning the next still gets its next run.
    name: 'resume-series',
    every: '5 minutes',
    handler: async ({ companyId, deps }) => {
      await deps.dispatcher.planner.resumeSeries(companyId);
    },
  },
  {
    name: 'revive',
    every: '5 minutes',
    handler: async ({ companyId, deps }) => {
      await reviveStranded(deps, companyId);
    },
  },
];

/** Options of {@link createCampaignsPlugin}. */
export interface CampaignsPluginOptions {
  /** How long a claimed row and a sending link's hold last (DEFAULT_LEASE_SECONDS); a crash test shortens them. */
  leaseSeconds?: number;
}

/**
 * Campaigns (spec part 2 §2, §7; peer §5.7): a message in up to five variants to a tag's contacts or a contact list,
 * through one or more connections, paced by the company's settings, sent exactly once per contact, with a live
 * report. Gated by the plan flag useCampaigns.
 * @example startKernel({ config, plugins: [contactLists, createCampaignsPlugin({ leaseSeconds: 1 })] })
 */
export function createCampaignsPlugin(options: CampaignsPluginOptions = {}) {
  return definePlugin({
    name: 'campaigns',
    planFlag: 'useCampaigns',
    // Its tables hold the contact lists a campaign may target (read by SQL, company-scoped).
    dependsOn: ['contact-lists'],
    requires: REQUIRES,
    errors: campaignErrors,
    entities: [Campaign, CampaignSetting],
    migrations,
    services: (ports) => {
      const campaignSettings = new CampaignSettingsService(ports);
      const dispatcher = new Dispatcher(ports, new Planner(ports), campaignSettings, options.leaseSeconds);
      const campaigns = new CampaignsService(ports, dispatcher);
      return {
        campaignSettings,
        dispatcher,
        campaigns,
        campaignMedia: new CampaignMediaService(ports, campaigns),
        reports: new CampaignReports(ports),
      };
    },
    routes: campaignRoutes,
    jobs: campaignJobs,
    subscribers: campaignSubscribers,
  });
}

export default createCampaignsPlugin();
