import { AppError, type CompanySettingKey, type PlatformSettingKey, settingValueSchema } from '@balcao/sdk';
import { z } from 'zod';
import { requireAdmin } from '../../http/guards.js';
import type { AppRouter } from '../../http/types.js';
import { idParam, validate } from '../../http/validate.js';
import { isCompanyKey, isPlatformKey } from './settings-service.js';

const valueBody = z.object({ value: z.string().max(5000) });
const columnBody = z.object({ column: z.string().min(1), data: z.string().max(5000) });

/** The value checked against what its key may hold (one of its options, text, a link): 400 with the field otherwise. */
const checked = (key: CompanySettingKey | PlatformSettingKey, value: string): string =>
  validate(z.object({ value: settingValueSchema(key) }), { value }).value;

export function settingsRoutes(router: AppRouter): void {
  // The company's settings; a super user also sees the platform keys.
  router.get('/settings', async (ctx) => {
    const { settings } = ctx.state.services;
    const company = await settings.list(ctx.state.companyId);
    ctx.body = ctx.state.user.super ? [...company, ...(await settings.listPlatform())] : company;
  });

  router.put('/settings/:key', requireAdmin, async (ctx) => {
    const key = ctx.params.key ?? '';
    const { value } = validate(valueBody, ctx.request.body);
    const { settings } = ctx.state.services;
    if (isPlatformKey(key)) {
      if (!ctx.state.user.super) throw new AppError('ERR_NO_PERMISSION', 403);
      ctx.body = await settings.setPlatform(key, checked(key, value));
      return;
    }
    if (!isCompanyKey(key)) throw new AppError('ERR_NO_SETTING_FOUND', 404);
    ctx.body = await settings.set(ctx.state.companyId, key, checked(key, value));
  });

  router.get('/companySettings/:companyId', async (ctx) => {
    const companyId = idParam(ctx.params.companyId, 'companyId');
    if (companyId !== ctx.state.companyId && !ctx.state.user.super)
      throw new AppError('ERR_NO_PERMISSION', 403);
    // A super user asking for a company that does not exist hears so, not its defaults (ERR_NO_COMPANY_FOUND).
    if (companyId !== ctx.state.companyId) await ctx.state.services.companies.get(companyId);
    const rows = await ctx.state.services.settings.list(companyId);
    ctx.body = { companyId, ...Object.fromEntries(rows.map((r) => [r.key, r.value])) };
  });

  router.get('/companySettingOne', async (ctx) => {
    const column = String(ctx.query.column ?? '');
    if (!isCompanyKey(column)) throw new AppError('ERR_NO_SETTING_FOUND', 404);
    ctx.body = { [column]: await ctx.state.services.settings.get(ctx.state.companyId, column) };
  });

  router.put('/companySettings', requireAdmin, async (ctx) => {
    const { column, data } = validate(columnBody, ctx.request.body);
    if (!isCompanyKey(column)) throw new AppError('ERR_NO_SETTING_FOUND', 404);
    ctx.body = await ctx.state.services.settings.set(ctx.state.companyId, column, checked(column, data));
  });
}
