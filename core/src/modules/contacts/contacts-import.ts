import {
  AppError,
  type ContactImportRowError,
  type ContactImportSummaryDto,
  type ContactSheetRowsDto,
  contactSchema,
} from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SpreadsheetReader } from '../../spreadsheets/spreadsheet-reader.js';
import { normaliseNumber } from './contact-number.js';

/** One problem of one spreadsheet row (1-based, as the spreadsheet numbers it), with its cells to show beside it. */
export type ImportRowError = ContactImportRowError;

/** `POST /contacts/upload` answer: nothing is lost on a bad row, each one is reported. */
export type ImportSummary = ContactImportSummaryDto;

/** A contact an import would create. */
export interface ContactCandidate {
  name: string;
  number: string;
  email: string | null;
}

const CHUNK = 500;
/** Errors an import answer lists at most: a sheet of bad rows is summarised, never echoed whole. */
export const MAX_REPORTED_ERRORS = 100;
/** The message of a row whose number an earlier row of the same sheet already has. */
export const REPEATED_IN_SHEET = 'Repeated in the sheet';

type SheetRow = { row: number; cells: string[] };

/** A first row is a header when its number column holds no digit at all ("Número", "phone"…). */
const isHeader = (cells: string[]) => !/\d/.test(cells[1] ?? '');

/**
 * The contact rows of a spreadsheet upload (.xlsx or legacy .xls; columns name, number, email; an optional header
 * row), as the sheet numbers them, empty rows left out, read by the bounded reader (worker thread, size and row
 * limits, one sheet per company at a time).
 */
async function sheetRows(
  reader: SpreadsheetReader,
  companyId: number,
  filepath: string,
): Promise<SheetRow[]> {
  const rows = await reader.readRows(companyId, filepath, { columns: 3 });
  if (rows.length > 0 && isHeader(rows[0].cells)) rows.shift();
  return rows;
}

/** The number as digits, to spot a repeat however it is written ("+55 (11) 9…" and "5511 9…" are one number). */
function numberKey(number: string): string {
  try {
    return normaliseNumber(number, 'whatsapp', false);
  } catch {
    return number.replace(/\D/g, '');
  }
}

/**
 * The rows of a spreadsheet upload, read and nothing imported: the import dialog posts them one by one to
 * `POST /contactsImport` (spec part 1 §9, a row every 330 ms), so the browser needs no spreadsheet reader. A row
 * whose number an earlier row has says which (`repeatOf`): the dialog reports it instead of merging it.
 */
export async function readContactRows(
  reader: SpreadsheetReader,
  companyId: number,
  filepath: string,
): Promise<ContactSheetRowsDto> {
  const seen = new Map<string, number>();
  const rows = (await sheetRows(reader, companyId, filepath)).map(
    ({ row, cells: [name = '', number = '', email = ''] }) => {
      const key = numberKey(number);
      const repeatOf = key ? seen.get(key) : undefined;
      if (key && repeatOf === undefined) seen.set(key, row);
      return repeatOf === undefined ? { row, name, number, email } : { row, name, number, email, repeatOf };
    },
  );
  return { rows };
}

/**
 * Reads a spreadsheet upload (.xlsx or legacy .xls; columns name, number, email; an optional header row) and
 * creates the contacts that do not exist yet. Rows are checked with the contact form's schema (one error per field);
 * numbers are stored as digits (whatsapp); a number repeated in the sheet is reported on the later row. At most
 * MAX_REPORTED_ERRORS errors are listed, `omittedErrors` counts the rest.
 */
export async function importContacts(
  em: EntityManager,
  reader: SpreadsheetReader,
  companyId: number,
  filepath: string,
): Promise<ImportSummary> {
  // Read in batches (the worker waits while one is stored): only the numbers seen so far are kept, never the rows.
  const seen = new Set<string>();
  const errors: ImportRowError[] = [];
  let errorCount = 0;
  let created = 0;
  let candidatesCount = 0;
  let first = true;
  const batchOpts = { columns: 3, batchSize: 2 * CHUNK };
  await reader.readBatches(companyId, filepath, batchOpts, async (rows) => {
    if (first && rows.length > 0 && isHeader(rows[0].cells)) rows.shift();
    first = false;
    const batchErrors: ImportRowError[] = [];
    const candidates: ContactCandidate[] = [];
    for (const { row, cells } of rows) {
      const candidate = checkRow(row, cells, batchErrors);
      if (!candidate) continue;
      if (seen.has(candidate.number)) {
        const [name = '', number = '', email = ''] = cells;
        batchErrors.push({
          row,
          field: 'number',
          message: REPEATED_IN_SHEET,
          values: { name, number, email },
        });
      } else {
        seen.add(candidate.number);
        candidates.push(candidate);
      }
    }
    candidatesCount += candidates.length;
    created += await insertMissingContacts(em, companyId, 'whatsapp', candidates);
    errorCount += batchErrors.length;
    errors.push(...batchErrors.slice(0, MAX_REPORTED_ERRORS - errors.length));
  });
  const summary: ImportSummary = { created, skipped: candidatesCount - created, errors };
  if (errorCount > errors.length) summary.omittedErrors = errorCount - errors.length;
  return summary;
}

/** The row as a contact to create, or undefined after recording its errors. */
function checkRow(
  row: number,
  [name, number, email]: string[],
  errors: ImportRowError[],
): ContactCandidate | undefined {
  const parsed = contactSchema.safeParse({ name, number, email });
  const values = { name, number, email };
  if (!parsed.success) {
    // One error per field (the first): an empty name is "Required", not also "Too Short!".
    const fields = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (fields.has(field)) continue;
      fields.add(field);
      errors.push({ row, field, message: issue.message, values });
    }
    return undefined;
  }
  try {
    const digits = normaliseNumber(parsed.data.number, 'whatsapp', false);
    return { name: parsed.data.name, number: digits, email: parsed.data.email ?? null };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    errors.push({ row, field: 'number', message: 'Too Short!', values });
    return undefined;
  }
}

/**
 * Creates the contacts of `channel` the company does not have yet and answers how many it created: one statement per
 * 500 rows, and a number the company already has is skipped by the unique index (never overwritten), not by luck.
 * @example await insertMissingContacts(em, 1, 'whatsapp', [{ name: 'Ana', number: '5511999990000', email: null }])
 */
export async function insertMissingContacts(
  em: EntityManager,
  companyId: number,
  channel: string,
  candidates: ContactCandidate[],
): Promise<number> {
  let created = 0;
  for (let i = 0; i < candidates.length; i += CHUNK) {
    const chunk = candidates.slice(i, i + CHUNK);
    const values = chunk.map(() => '(?, ?, ?, ?, ?)').join(', ');
    const params = chunk.flatMap((c) => [companyId, c.name, c.number, c.email, channel]);
    const inserted = await em.execute<{ id: number }[]>(
      `insert into contacts (company_id, name, number, email, channel) values ${values}
       on conflict (company_id, channel, number) do nothing returning id`,
      params,
    );
    created += inserted.length;
  }
  return created;
}
