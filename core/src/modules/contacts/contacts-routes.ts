import { AppError, contactSchema, pageQuery } from '@balcao/sdk';
import { z } from 'zod';
import { requireAdmin } from '../../http/guards.js';
import type { AppRouter } from '../../http/types.js';
import { multipartUpload } from '../../http/uploads.js';
import { idParam, requiredFile, validate } from '../../http/validate.js';
import { contactCreateSchema, contactUpdateSchema } from './contact-schemas.js';
import { XLSX_MIME } from './contacts-export.js';
import { contactFilterQuery } from './contacts-query.js';

const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** One file of at most 10 MB; a refused upload answers 400 naming `file`. Its temp file is removed after the route. */
const spreadsheetUpload = multipartUpload('file', {
  maxFiles: 1,
  maxBytes: MAX_UPLOAD_BYTES,
  tooLarge: () =>
    new AppError('ERR_VALIDATION', 400, {
      fields: [{ path: 'file', message: 'File too large (10 MB at most)' }],
    }),
});

const blockBody = z.object({ active: z.boolean({ error: 'Required' }) });
const contactRowSchema = contactSchema.pick({ name: true, number: true, email: true });

/** Contacts: everyone signed in reads and edits them; only admins delete (contacts-page:deleteContact). */
export function contactsRoutes(router: AppRouter): void {
  router.get('/contacts', async (ctx) => {
    ctx.body = await ctx.state.services.contacts.page(
      ctx.state.user,
      validate(contactFilterQuery, ctx.query),
    );
  });
  router.get('/contacts/list', async (ctx) => {
    const { searchParam } = validate(pageQuery, ctx.query);
    ctx.body = await ctx.state.services.contacts.names(ctx.state.user, searchParam);
  });
  router.get('/contacts/export', async (ctx) => {
    const filter = validate(contactFilterQuery, ctx.query);
    ctx.body = await ctx.state.services.contacts.exportSpreadsheet(ctx.state.user, filter);
    ctx.type = XLSX_MIME;
    ctx.attachment('contacts.xlsx');
  });
  router.post('/contacts/upload', spreadsheetUpload, async (ctx) => {
    const file = requiredFile(ctx.request.files?.file, 'file');
    ctx.body = await ctx.state.services.contacts.importSpreadsheet(ctx.state.companyId, file);
  });
  // The sheet's rows without importing them: the import dialog posts them one by one to /contactsImport.
  router.post('/contacts/upload/rows', spreadsheetUpload, async (ctx) => {
    ctx.body = await ctx.state.services.contacts.spreadsheetRows(
      ctx.state.companyId,
      requiredFile(ctx.request.files?.file, 'file'),
    );
  });
  // Import from phone (spec part 1 §7): any signed-in user, as for the spreadsheet import.
  router.post('/contacts/import', async (ctx) => {
    ctx.body = await ctx.state.services.contacts.importFromPhone(ctx.state.companyId, 'addressBook');
  });
  router.post('/contacts/import/chats', async (ctx) => {
    ctx.body = await ctx.state.services.contacts.importFromPhone(ctx.state.companyId, 'chatContacts');
  });
  router.get('/contacts/profile/:number', async (ctx) => {
    ctx.body = await ctx.state.services.contacts.profile(ctx.params.number ?? '');
  });
  router.put('/contacts/toggleDisableBot/:id', async (ctx) => {
    ctx.body = await ctx.state.services.contacts.toggleDisableBot(idParam(ctx.params.id));
  });
  router.put('/contacts/toggleAcceptAudio/:id', async (ctx) => {
    ctx.body = await ctx.state.services.contacts.toggleAcceptAudio(idParam(ctx.params.id));
  });
  router.put('/contacts/block/:id', async (ctx) => {
    const { active } = validate(blockBody, ctx.request.body);
    ctx.body = await ctx.state.services.contacts.setActive(ctx.state.user, idParam(ctx.params.id), active);
  });
  router.get('/contacts/:id', async (ctx) => {
    ctx.body = await ctx.state.services.contacts.get(ctx.state.user, idParam(ctx.params.id));
  });
  router.post('/contacts', async (ctx) => {
    const input = validate(contactCreateSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await ctx.state.services.contacts.create(ctx.state.user, input, { checkAddress: true });
  });
  router.put('/contacts/:id', async (ctx) => {
    const input = validate(contactUpdateSchema, ctx.request.body);
    ctx.body = await ctx.state.services.contacts.update(ctx.state.user, idParam(ctx.params.id), input);
  });
  // One spreadsheet row at a time (the peers' importer posts a row every 330 ms): creates it, or updates the contact
  // that already has the number, so re-running an import never fails on rows already in.
  router.post('/contactsImport', async (ctx) => {
    const input = validate(contactRowSchema, ctx.request.body);
    const { contact, created } = await ctx.state.services.contacts.importOne(ctx.state.user, input);
    ctx.status = created ? 201 : 200;
    ctx.body = contact;
  });
  router.delete('/contacts/:id', requireAdmin, async (ctx) => {
    await ctx.state.services.contacts.remove(idParam(ctx.params.id));
    ctx.status = 204;
  });
}
