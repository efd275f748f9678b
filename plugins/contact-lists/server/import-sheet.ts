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

/** What one import has told so far: the first errors by row, and counts of the rest. */
class Outcome {
  imported = 0;
  refusedRows = 0;
  errorCount = 0;
  readonly errors: UploadRowError[] = [];

  /** A batch's refusals (its rows follow the earlier batches' rows, so the first errors stay the first). */
  add(batchErrors: UploadRowError[]) {
    batchErrors.sort((a, b) => a.row - b.row);
    this.errorCount += batchErrors.length;
    this.refusedRows += new Set(batchErrors.map((e) => e.row)).size;
    for (const e of batchErrors) if (this.errors.length < MAX_REPORTED_ERRORS) this.errors.push(e);
  }

  summary(): UploadSummaryDto {
    const summary: UploadSummaryDto = {
      imported: this.imported,
      refused: this.refusedRows,
      errors: this.errors,
    };
    if (this.errorCount > this.errors.length) summary.omittedErrors = this.errorCount - this.errors.length;
    return summary;
  }
}

/**
 * Imports a spreadsheet (columns name, number, email; an optional header row) into a list: every row is imported or
 * refused with its reason. Numbers are stored as digits; one already in the list — or its ninth-digit twin
 * (`balcao_number_twin`, core's rule) — is refused, as is a number an earlier row of the sheet brought in (or an
 * earlier row of the same batch has). The sheet is read in batches (`readBatches`: the reader's worker waits while a
 * batch is stored), each batch one statement, so neither thread holds the sheet; the company's screens hear the
 * progress after each. Only the first MAX_REPORTED_ERRORS errors are kept.
 */
export async function importSheet(
  deps: Pick<CorePorts, 'em' | 'realtime' | 'spreadsheets'>,
  companyId: number,
  contactListId: number,
  filepath: string,
): Promise<UploadSummaryDto> {
  // Items past this id were inserted by this import: a later row repeating one is "Repeated in the sheet".
  const [{ last }] = await deps.em.execute<{ last: number }[]>(
    'select coalesce(max(id), 0)::int as last from contact_list_items',
  );
  const outcome = new Outcome();
  const channel = companyChannel(companyId, ITEM_TOPIC);
  let first = true;
  let header = 0;
  let done = 0;
  await deps.spreadsheets.readBatches(
    { filepath },
    { columns: 3, batchSize: CHUNK },
    async (batch, sheetRows) => {
      if (first && batch.length > 0 && isHeader(batch[0].cells)) {
        batch.shift();
        header = 1;
      }
      first = false;
      const total = sheetRows - header;
      const errors: UploadRowError[] = [];
      const candidates: Candidate[] = [];
      const cellsOf = new Map<number, string[]>();
      for (const { row, cells } of batch) {
        const checked = checkRow(row, cells);
        if (Array.isArray(checked)) errors.push(...checked);
        else {
          candidates.push(checked);
          cellsOf.set(row, cells);
        }
      }
      if (candidates.length > 0) {
        const outcomes = await insertChunk(deps.em, companyId, contactListId, last, candidates);
        for (const c of candidates) {
          const result = outcomes.get(c.row);
          if (result === 'imported') outcome.imported++;
          else
            errors.push(
              refusal(c, result === 'repeated' ? REPEATED_IN_SHEET : ALREADY_IN_LIST, cellsOf.get(c.row)),
            );
        }
      }
      outcome.add(errors);
      done += batch.length;
      const frame: UploadProgressFrame = {
        action: 'progress',
        contactListId,
        done: Math.min(done, total),
        total,
      };
      await deps.realtime.publish({ companyId, channel, data: frame });
    },
  );
  // Open item pages read their rows again (one frame for the whole sheet, not one per row).
  await deps.realtime.publish({ companyId, channel, data: { action: 'reload', contactListId } });
  return outcome.summary();
}

function refusal(c: Candidate, message: string, cells?: string[]): UploadRowError {
  const [name = c.name, number = c.number, email = c.email] = cells ?? [];
  return { row: c.row, field: 'number', message, values: { name, number, email } };
}

type RowOutcome = 'imported' | 'repeated' | 'already';

/**
 * Inserts the chunk's rows whose number (or twin) the list lacks, one per twin pair, and answers each row's outcome:
 * imported; repeated (an earlier row of the chunk has the number, or an item this import inserted — id past `last`
 * — has it); already in the list. Rows travel as one JSON parameter. The twin is computed once per row and each form
 * is looked up by equality: `number in (d.number, twin(d.number))` cannot be hashed, and with the statistics of a
 * list still being filled the planner ran it as a filter over every item of the list for every row of the chunk
 * (quadratic: 5,000 rows took 50 s, measured by `npm run bench -- campaigns`).
 */
async function insertChunk(
  em: CorePorts['em'],
  companyId: number,
  listId: number,
  last: number,
  chunk: Candidate[],
): Promise<Map<number, RowOutcome>> {
  const rows = await em.execute<{ row: number; outcome: RowOutcome }[]>(
    `with v as (
       select * from jsonb_to_recordset(?::jsonb) as v("row" int, name text, number text, email text)
     ), t as (
       select v.*, balcao_number_twin(v.number) as twin,
              row_number() over (partition by v.number order by v."row") as nth
         from v
     ), d as (
       select distinct on (least(number, twin)) * from t order by least(number, twin), "row"
     ), ins as (
       insert into contact_list_items (company_id, contact_list_id, name, number, email)
       select ?, ?, d.name, d.number, d.email from d
        where not exists (select 1 from contact_list_items i where i.contact_list_id = ? and i.number = d.number)
          and not exists (select 1 from contact_list_items i where i.contact_list_id = ? and i.number = d.twin)
       on conflict (contact_list_id, number) do nothing
       returning number
     ), won as (
       select d."row" from d join ins on ins.number = d.number
     )
     select t."row",
            case when won."row" is not null then 'imported'
                 when t.nth > 1 then 'repeated'
                 when exists (select 1 from contact_list_items i
                               where i.contact_list_id = ? and i.number = t.number and i.id > ?) then 'repeated'
                 else 'already' end as outcome
       from t left join won on won."row" = t."row"`,
    [JSON.stringify(chunk), companyId, listId, listId, listId, listId, last],
  );
  return new Map(rows.map((r) => [r.row, r.outcome]));
}
