import { open, readFile } from 'node:fs/promises';
import {
  AppError,
  type ContactImportRowError,
  type ContactImportSummaryDto,
  type ContactSheetRowsDto,
  contactSchema,
} from '@balcao/sdk';
import * as XLSX from '@e965/xlsx';
import type { EntityManager } from '@mikro-orm/postgresql';
import ExcelJS from 'exceljs';
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
/** The refusal of anything but a spreadsheet (CSV included), as the UI translates it. */
const ONLY_SPREADSHEETS = 'Only .xlsx and .xls spreadsheets are accepted';
const fileError = (message: string) =>
  new AppError('ERR_VALIDATION', 400, { fields: [{ path: 'file', message }] });

type SheetRow = { row: number; cells: string[] };

/**
 * What the file is, by its first bytes (a renamed file is judged by content, not name). Spec part 1 §5: only .xlsx
 * and .xls are accepted, so CSV and anything else is 'other'.
 */
async function sniff(path: string): Promise<'xlsx' | 'xls' | 'other'> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(8), 0, 8, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return 'xlsx';
    if (head.equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) return 'xls';
    return 'other';
  } finally {
    await handle.close();
  }
}

/** A first row is a header when its number column holds no digit at all ("Número", "phone"…). */
const isHeader = (cells: string[]) => !/\d/.test(cells[1] ?? '');

/** The first sheet's non-empty rows, first three cells as text; .xlsx through exceljs. */
async function readXlsx(path: string): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.readFile(path);
  } catch {
    throw fileError('The spreadsheet could not be read');
  }
  const rows: SheetRow[] = [];
  workbook.worksheets[0]?.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    rows.push({ row: rowNumber, cells: [1, 2, 3].map((i) => row.getCell(i).text.trim()) });
  });
  return rows;
}

/** Legacy .xls (BIFF) through SheetJS, which exceljs cannot read; numbers are read as their text. */
async function readXls(path: string): Promise<SheetRow[]> {
  let sheet: XLSX.WorkSheet | undefined;
  try {
    const workbook = XLSX.read(await readFile(path), { type: 'buffer', dense: true });
    sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
  } catch {
    throw fileError('The spreadsheet could not be read');
  }
  if (!sheet) return [];
  const rows: SheetRow[] = [];
  const grid = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
    header: 1,
    raw: true,
    blankrows: true,
    defval: '',
  });
  grid.forEach((cells, index) => {
    rows.push({ row: index + 1, cells: [0, 1, 2].map((i) => String(cells[i] ?? '').trim()) });
  });
  return rows;
}

/**
 * The contact rows of a spreadsheet upload (.xlsx or legacy .xls; columns name, number, email; an optional header
 * row), as the sheet numbers them, empty rows left out. Anything but a spreadsheet is a 400 naming `file`.
 */
async function sheetRows(file: { filepath: string }): Promise<SheetRow[]> {
  const kind = await sniff(file.filepath);
  if (kind === 'other') throw fileError(ONLY_SPREADSHEETS);
  const read = kind === 'xlsx' ? await readXlsx(file.filepath) : await readXls(file.filepath);
  const rows = read.filter(({ cells }) => cells.some((c) => c !== ''));
  if (rows.length > 0 && isHeader(rows[0].cells)) rows.shift();
  return rows;
}

/**
 * The rows of a spreadsheet upload, read and nothing imported: the import dialog posts them one by one to
 * `POST /contactsImport` (spec part 1 §9, a row every 330 ms), so the browser needs no spreadsheet reader.
 */
export async function readContactRows(file: { filepath: string }): Promise<ContactSheetRowsDto> {
  const rows = await sheetRows(file);
  return {
    rows: rows.map(({ row, cells: [name = '', number = '', email = ''] }) => ({ row, name, number, email })),
  };
}

/**
 * Reads a spreadsheet upload (.xlsx or legacy .xls; columns name, number, email; an optional header row) and
 * creates the contacts that do not exist yet. Rows are checked with the contact form's schema; numbers are stored as
 * digits (whatsapp).
 */
export async function importContacts(
  em: EntityManager,
  companyId: number,
  file: { filepath: string; originalFilename?: string | null },
): Promise<ImportSummary> {
  const rows = await sheetRows(file);
  const summary: ImportSummary = { created: 0, skipped: 0, errors: [] };
  const candidates = new Map<string, ContactCandidate>();
  for (const { row, cells } of rows) {
    const candidate = checkRow(row, cells, summary.errors);
    if (!candidate) continue;
    // A number repeated in the file is created once.
    if (candidates.has(candidate.number)) summary.skipped++;
    else candidates.set(candidate.number, candidate);
  }
  const list = [...candidates.values()];
  const created = await insertMissingContacts(em, companyId, 'whatsapp', list);
  summary.created += created;
  summary.skipped += list.length - created;
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
    for (const issue of parsed.error.issues) {
      errors.push({ row, field: String(issue.path[0] ?? ''), message: issue.message, values });
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
