import { AppError, idField, type PluginRouter, validate } from '@balcao/sdk';
import { z } from 'zod';
import {
  canDeleteItems,
  checkRequestSchema,
  contactListSchema,
  itemCreateSchema,
  itemPageQuery,
  itemUpdateSchema,
  listPageQuery,
} from '../shared/contact-lists.js';
import type { ContactListDeps } from './deps.js';
import { importSheet } from './import-sheet.js';
import { SAMPLE_FILE_NAME, sampleSheet } from './sample.js';

const idParams = z.object({ id: idField });

/** A spreadsheet upload's bound, as core's contacts import: 10 MB. */
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Past it: the spreadsheet form's own field error (translated by the shell), as core's contacts import answers. */
const tooLarge = () =>
  new AppError('ERR_VALIDATION', 400, {
    fields: [{ path: 'file', message: 'File too large (10 MB at most)' }],
  });

/** The spec's calls (part 2 §7 "Contact lists"), under /api, behind login and the useCampaigns guard. */
export function contactListRoutes(router: PluginRouter<ContactListDeps>): void {
  router.get('/contact-lists', async (ctx) => {
    ctx.body = await ctx.state.deps.lists.page(ctx.state.companyId, validate(listPageQuery, ctx.query));
  });
  // Before /:id, so "list" is not read as an id.
  router.get('/contact-lists/list', async (ctx) => {
    ctx.body = await ctx.state.deps.lists.all(ctx.state.companyId);
  });
  // The sample sheet as JSON (base64): the shell's API client reads JSON, and the browser saves it as a file.
  router.get('/contact-lists/sample', async (ctx) => {
    ctx.body = { fileName: SAMPLE_FILE_NAME, base64: (await sampleSheet()).toString('base64') };
  });
  router.get('/contact-lists/:id', async (ctx) => {
    const { id } = validate(idParams, ctx.params);
    ctx.body = await ctx.state.deps.lists.find(ctx.state.companyId, id);
  });
  router.post('/contact-lists', async (ctx) => {
    const { name } = validate(contactListSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await ctx.state.deps.lists.create(ctx.state.companyId, name);
  });
  router.put('/contact-lists/:id', async (ctx) => {
    const { id } = validate(idParams, ctx.params);
    const { name } = validate(contactListSchema, ctx.request.body);
    ctx.body = await ctx.state.deps.lists.update(ctx.state.companyId, id, name);
  });
  router.delete('/contact-lists/:id', async (ctx) => {
    const { id } = validate(idParams, ctx.params);
    await ctx.state.deps.lists.remove(ctx.state.companyId, id);
    ctx.status = 204;
  });
  router.post('/contact-lists/:id/upload', async (ctx) => {
    const { id } = validate(idParams, ctx.params);
    const { companyId, deps } = ctx.state;
    // Checked before the body is read: an unknown list costs no upload.
    await deps.items.requireList(companyId, id);
    const { files } = await ctx.state.readUpload({ field: 'file', maxBytes: MAX_UPLOAD_BYTES, tooLarge });
    // Read from its temporary place as a stream (flat memory); the host removes it once the route is done.
    ctx.body = await importSheet(deps, companyId, id, files[0].path);
    await deps.lists.touch(companyId, id);
    await deps.checker.request(companyId, id);
  });
  // "Check again": the list's numbers asked about in the background (every one with `again`); 202, nothing waits.
  router.post('/contact-lists/:id/check', async (ctx) => {
    const { id } = validate(idParams, ctx.params);
    const { again } = validate(checkRequestSchema, ctx.request.body ?? {});
    const { companyId, deps } = ctx.state;
    await deps.items.requireList(companyId, id);
    await deps.checker.request(companyId, id, { again });
    ctx.status = 202;
    ctx.body = { queued: true };
  });

  router.get('/contact-list-items', async (ctx) => {
    ctx.body = await ctx.state.deps.items.page(ctx.state.companyId, validate(itemPageQuery, ctx.query));
  });
  router.get('/contact-list-items/:id', async (ctx) => {
    const { id } = validate(idParams, ctx.params);
    ctx.body = await ctx.state.deps.items.find(ctx.state.companyId, id);
  });
  router.post('/contact-list-items', async (ctx) => {
    const { contactListId, ...fields } = validate(itemCreateSchema, ctx.request.body);
    const { companyId, deps } = ctx.state;
    const item = await deps.items.create(companyId, contactListId, fields);
    await deps.lists.touch(companyId, contactListId);
    await deps.checker.request(companyId, contactListId);
    ctx.status = 201;
    ctx.body = item;
  });
  router.put('/contact-list-items/:id', async (ctx) => {
    const { id } = validate(idParams, ctx.params);
    const fields = validate(itemUpdateSchema, ctx.request.body);
    const { companyId, deps } = ctx.state;
    const item = await deps.items.update(companyId, id, fields);
    // A renumbered item is unchecked again; an unchanged one finds nothing to ask.
    if (item.isWhatsappValid === null) await deps.checker.request(companyId, item.contactListId);
    ctx.body = item;
  });
  router.delete('/contact-list-items/:id', async (ctx) => {
    const { id } = validate(idParams, ctx.params);
    if (!canDeleteItems(ctx.state.user)) throw new AppError('ERR_NO_PERMISSION', 403);
    const { companyId, deps } = ctx.state;
    const item = await deps.items.remove(companyId, id);
    await deps.lists.touch(companyId, item.contactListId);
    ctx.status = 204;
  });
}
