import { idField, LANGUAGES, validate } from '@balcao/sdk';
import { z } from 'zod';
import en from '../locales/en.json' with { type: 'json' };
import es from '../locales/es.json' with { type: 'json' };
import ptBR from '../locales/pt-BR.json' with { type: 'json' };
import tr from '../locales/tr.json' with { type: 'json' };
import { campaignInputSchema, campaignListQuery } from '../shared/campaign.js';
import { reportQuery } from '../shared/report.js';
import { campaignSettingsInputSchema } from '../shared/settings.js';
import type { CampaignRouter } from './deps.js';
import { campaignErrors } from './errors.js';
import { optOutOf } from './opt-outs.js';
import { toCampaignDto } from './presenter.js';

const idParams = z.object({ id: idField });
const optOutQuery = z.object({ contactId: idField });
const exportQuery = z.object({ lang: z.enum(LANGUAGES).optional().default('pt-BR') });
const REPORT_LABELS = { en, es, 'pt-BR': ptBR, tr } as const;

/** The spec's campaign calls (part 2 §7 "Campaigns"), thin: parse, call a service, answer. */
export function campaignRoutes(router: CampaignRouter): void {
  router.get('/campaigns', async (ctx) => {
    const q = validate(campaignListQuery, ctx.query);
    ctx.body = await ctx.state.deps.campaigns.list(q.searchParam, q.pageNumber);
  });
  router.post('/campaigns', async (ctx) => {
    const input = validate(campaignInputSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await ctx.state.deps.campaigns.create(ctx.state.companyId, input);
  });
  router.get('/campaigns/:id', async (ctx) => {
    const { id } = validate(idParams, ctx.params);
    ctx.body = toCampaignDto(await ctx.state.deps.campaigns.find(id));
  });
  router.put('/campaigns/:id', async (ctx) => {
    const { id } = validate(idParams, ctx.params);
    const input = validate(campaignInputSchema, ctx.request.body);
    ctx.body = await ctx.state.deps.campaigns.update(ctx.state.companyId, id, input);
  });
  router.delete('/campaigns/:id', async (ctx) => {
    const { id } = validate(idParams, ctx.params);
    await ctx.state.deps.campaigns.remove(ctx.state.companyId, id);
    ctx.body = { message: 'Campaign deleted' };
  });
  // Spec: one file in `file` (an image, audio, video or document), sent with the message; the store's checks apply.
  router.post('/campaigns/:id/media-upload', async (ctx) => {
    const { id } = validate(idParams, ctx.params);
    // Checked before the body is read: an unknown campaign costs no upload.
    await ctx.state.deps.campaigns.find(id);
    const { files } = await ctx.state.readUpload({ field: 'file', required: false });
    if (!files[0]) throw campaignErrors.raise('ERR_CAMPAIGN_MEDIA_MISSING');
    ctx.body = await ctx.state.deps.campaignMedia.attach(ctx.state.companyId, id, files[0]);
  });
  router.delete('/campaigns/:id/media-upload', async (ctx) => {
    const { id } = validate(idParams, ctx.params);
    ctx.body = await ctx.state.deps.campaignMedia.remove(ctx.state.companyId, id);
  });
  router.post('/campaigns/:id/cancel', async (ctx) => {
    const { id } = validate(idParams, ctx.params);
    ctx.body = await ctx.state.deps.campaigns.cancel(ctx.state.companyId, id);
  });
  router.post('/campaigns/:id/restart', async (ctx) => {
    const { id } = validate(idParams, ctx.params);
    ctx.body = await ctx.state.deps.campaigns.restart(ctx.state.companyId, id);
  });

  router.get('/campaigns/:id/report', async (ctx) => {
    const { id } = validate(idParams, ctx.params);
    const { pageNumber } = validate(reportQuery, ctx.query);
    const campaign = await ctx.state.deps.campaigns.find(id);
    ctx.body = await ctx.state.deps.reports.report(ctx.state.companyId, campaign, pageNumber);
  });
  // JSON with the file as base64: the shell's API client carries the token and reads JSON only.
  router.get('/campaigns/:id/report/export', async (ctx) => {
    const { id } = validate(idParams, ctx.params);
    const { lang } = validate(exportQuery, ctx.query);
    const campaign = await ctx.state.deps.campaigns.find(id);
    // Failure codes written as the report page shows them: the shell's message in the user's language, else as is.
    const reason = (code: string) => ctx.state.deps.texts.errorText(code, lang) ?? code;
    const file = await ctx.state.deps.reports.exportXlsx(ctx.state.companyId, campaign, {
      ...REPORT_LABELS[lang].export,
      reason,
    });
    ctx.body = { fileName: `campaign-${campaign.id}.xlsx`, data: file.toString('base64') };
  });

  // The contact drawer's line: whether (and since when) the contact opted out of campaigns.
  router.get('/campaign-opt-outs', async (ctx) => {
    const { contactId } = validate(optOutQuery, ctx.query);
    // Through the viewer: a contact the signed-in user may not see is as unknown as a missing one.
    if (!(await ctx.state.deps.viewer.contacts.find(contactId)))
      throw campaignErrors.raise('ERR_CAMPAIGN_CONTACT_NOT_FOUND');
    ctx.body = await optOutOf(ctx.state.deps.em, ctx.state.companyId, contactId);
  });

  router.get('/campaign-settings', async (ctx) => {
    ctx.body = await ctx.state.deps.campaignSettings.get();
  });
  router.post('/campaign-settings', async (ctx) => {
    const { settings } = validate(campaignSettingsInputSchema, ctx.request.body);
    ctx.body = await ctx.state.deps.campaignSettings.save(ctx.state.companyId, settings);
  });
}
