import { defineUiPlugin, type UiPage } from '@balcao/sdk/ui';
import en from '../locales/en.json';
import es from '../locales/es.json';
import ptBR from '../locales/pt-BR.json';
import tr from '../locales/tr.json';
import { CampaignReportPage } from './campaign-report-page';
import { CampaignsConfigPage } from './campaigns-config-page';
import { CampaignsPage } from './campaigns-page';
import { campaignRoutesShown } from './cshow';
import { ContactOptOutSection } from './opt-out-section';

const pages: UiPage[] = [
  {
    path: '/campaigns',
    component: CampaignsPage,
    planFlag: 'useCampaigns',
    menu: { labelKey: 'campaigns:menu', icon: 'send-message', section: 'main' },
  },
  { path: '/campaign/:campaignId/report', component: CampaignReportPage, planFlag: 'useCampaigns' },
  {
    path: '/campaigns-config',
    component: CampaignsConfigPage,
    planFlag: 'useCampaigns',
    menu: { labelKey: 'campaigns:menuConfig', icon: 'cog', section: 'main', after: '/campaigns' },
  },
];

/** The campaign screens, registered only when the browser holds the `cshow` flag (spec part 2 §2; see README). */
export default defineUiPlugin({
  name: 'campaigns',
  pages: campaignRoutesShown() ? pages : [],
  // Not a route: the contact's opt-out shows in their drawer whatever the browser holds.
  slots: { 'contact.drawer.sections': { component: ContactOptOutSection, planFlag: 'useCampaigns' } },
  locales: { en, es, 'pt-BR': ptBR, tr },
});
