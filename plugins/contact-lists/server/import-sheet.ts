import { type CorePorts, companyChannel } from '@balcao/sdk';
import {
  ITEM_TOPIC,
  itemFieldsSchema,
  type UploadProgressFrame,
  type UploadRowError,
  type UploadSummaryDto,
} from '../shared/contact-lists.js';
import { listNumber } from './numbers.js';

/** Rows per statement: 50,000 rows are 50 round trips, and a progress frame after each. */
const CHUNK = 1000;
/** Errors an answer lists at most: a sheet of bad rows is summarised, never echoed whole. */
export const MAX_REPORTED_ERRORS = 100;
export const REPEATED_IN_SHEET = 'Repeated in the sheet';
export const ALREADY_IN_LIST = 'Already in the list';

interface Candidate {
  row: number;
  name: string;
  number: string;
  email: string;
}

type Values = UploadRowError['values'];

/** A first row is a header when its number column holds no digit ("Número", "phone"…), as core's import reads it. */
const isHeader = (cells: string[]) => !/\d/.test(cells[1] ?? '');

/** The row as an item to insert, or the reasons it is refused (one per field, the first). */
export function checkRow(row: number, cells: string[]): Candidate | UploadRowError[] {
  const [name = '', number = '', email = ''] = cells;
  const values: Values = { name, number, email };
  const parsed = itemFieldsSchema.safeParse(values);
  if (!parsed.success) {
    const seen = new Set<string>();
    return parsed.error.issues.flatMap((issue) => {
      const field = String(issue.path[0] ?? '');
      if (seen.has(field)) return [];
      seen.add(field);
      return [{ row, field, message: issue.message, values }];
    });
  }
  const digits = listNumber(parsed.data.number);
  if (!digits) return [{ row, field: 'number', message: 'Too Short!', values }];
  return { row, name: parsed.data.name, number: digits, email: parsed.data.email };
}

/**
 * Imports a spreadsheet (columns name, number, email; an optional header row) into a list: every row is imported or
 * refused with its reason. Numbers are stored as digits; one already in the list — or its ninth-digit twin
 * (`balcao_number_twin`, core's rule) — is refused, as is a number an earlier row of the sheet has. Rows go in by
 * chunks, each one statement; the company's screens hear the progress after each.
 */
export async function importSheet(
  deps: Pick<CorePorts, 'em' | 'realtime' | 'spreadsheets'>,
  companyId: number,
  contactListId: number,
  filepath: string,
): Promise<UploadSummaryDto> {
  const rows = await deps.spreadsheets.readRows({ filepath }, { columns: 3 });
  if (rows.length > 0 && isHeader(rows[0].cells)) rows.shift();
  const errors: UploadRowError[] = [];
  const firstRowOf = new Map<string, number>();
  const candidates: Candidate[] = [];
  for (const { row, cells } of rows) {
    const checked = checkRow(row, cells);
    if (Array.isArray(checked)) errors.push(...checked);
    else if (firstRowOf.has(checked.number)) errors.push(refusal(checked, REPEATED_IN_SHEET, cells));
    else {
      firstRowOf.set(checked.number, checked.row);
      candidates.push(checked);
    }
  }
  const total = rows.length;
  let imported = 0;
  for (let i = 0; i < candidates.length; i += CHUNK) {
    const chunk = candidates.slice(i, i + CHUNK);
    const inserted = new Set(await insertChunk(deps.em, companyId, contactListId, chunk));
    for (const c of chunk) {
      if (inserted.has(c.row)) imported++;
      else errors.push(refusal(c, ALREADY_IN_LIST));
    }
    const frame: UploadProgressFrame = {
      action: 'progress',
      contactListId,
      done: Math.min(total, Math.round(((i + chunk.length) / candidates.length) * total)),
      total,
    };
    await deps.realtime.publish({ companyId, channel: companyChannel(companyId, ITEM_TOPIC), data: frame });
  }
  // Open item pages read their rows again (one frame for the whole sheet, not one per row).
  await deps.realtime.publish({
    companyId,
    channel: companyChannel(companyId, ITEM_TOPIC),
    data: { action: 'reload', contactListId },
  });
  errors.sort((a, b) => a.row - b.row);
  const refusedRows = new Set(errors.map((e) => e.row)).size;
  const summary: UploadSummaryDto = {
    imported,
    refused: refusedRows,
    errors: errors.slice(0, MAX_REPORTED_ERRORS),
  };
  if (errors.length > MAX_REPORTED_ERRORS) summary.omittedErrors = errors.length - MAX_REPORTED_ERRORS;
  return summary;
}

function refusal(c: Candidate, message: string, cells?: string[]): UploadRowError {
  const [name = c.name, number = c.number, email = c.email] = cells ?? [];
  return { row: c.row, field: 'number', message, values: { name, number, email } };
}

/**
 * Inserts the chunk's rows whose number (or twin) the list lacks, one per twin pair, and answers the sheet rows that
 * went in. Rows travel as one JSON parameter. The twin is computed once per row and each form is looked up by
 * equality: `number in (d.number, twin(d.number))` cannot be hashed, and with the statistics of a list still being
 * filled the planner ran it as a filter over every item of the list for every row of the chunk (quadratic: 5,000 rows
 * took 50 s, measured by `npm run bench -- campaigns`).
 */
async function insertChunk(
  em: CorePorts['em'],
  companyId: number,
  listId: number,
  chunk: Candidate[],
): Promise<number[]> {
  const inserted = await em.execute<{ row: number }[]>(
    `with v as (
       select * from jsonb_to_recordset(?::jsonb) as v("row" int, name text, number text, email text)
     ), t as (
       select v.*, balcao_number_twin(v.number) as twin from v
     ), d as (
       select distinct on (least(number, twin)) * from t order by least(number, twin), "row"
     ), ins as (
       insert into contact_list_items (company_id, contact_list_id, name, number, email)
       select ?, ?, d.name, d.number, d.email from d
        where not exists (select 1 from contact_list_items i where i.contact_list_id = ? and i.number = d.number)
          and not exists (select 1 from contact_list_items i where i.contact_list_id = ? and i.number = d.twin)
       on conflict (contact_list_id, number) do nothing
       returning number
     )
     select d."row" from d join ins on ins.number = d.number`,
    [JSON.stringify(chunk), companyId, listId, listId, listId],
  );
  return inserted.map((r) => r.row);
}
