import { type AuthUser, maskNumber } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type ContactFilter, contactsQuery } from './contacts-query.js';

const BATCH = 1_000;

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The filtered contacts as an .xlsx (name, number, email, createdAt), read from the database in batches.
 * `hideNumber` applies the viewer's LGPD masking to every number.
 */
export async function exportContacts(
  em: EntityManager,
  viewer: AuthUser,
  filter: Omit<ContactFilter, 'pageNumber'>,
  hideNumber: boolean,
): Promise<Buffer> {
  // Loaded on the first export: exceljs costs about 30 MB that a server nobody exports from should not carry.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contacts');
  sheet.columns = [
    { header: 'name', key: 'name', width: 32 },
    { header: 'number', key: 'number', width: 20 },
    { header: 'email', key: 'email', width: 32 },
    { header: 'createdAt', key: 'createdAt', width: 20, style: { numFmt: 'yyyy-mm-dd hh:mm' } },
  ];
  // A fork of its own, emptied after each batch, keeps memory flat on large exports.
  const reader = em.fork();
  for (let offset = 0; ; offset += BATCH) {
    const rows = await contactsQuery(reader, viewer.companyId, filter)
      .limit(BATCH)
      .offset(offset)
      .getResultList();
    for (const c of rows) {
      sheet.addRow({
        name: c.name,
        number: hideNumber ? maskNumber(c.number) : c.number,
        email: c.email ?? '',
        createdAt: c.createdAt,
      });
    }
    reader.clear();
    if (rows.length < BATCH) break;
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
