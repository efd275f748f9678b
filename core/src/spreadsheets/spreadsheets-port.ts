import type { SpreadsheetsPort } from '@balcao/sdk';
import type { SpreadsheetReader } from './spreadsheet-reader.js';

/** The leading cells a plugin may keep per row: enough for any list, bounded so a sheet's rows stay small. */
const MAX_COLUMNS = 50;
/** Rows per batch of `readBatches`: at most 5,000, 1,000 unless asked. */
const MAX_BATCH = 5000;

const columnsOf = (opts?: { columns?: number }) =>
  Math.min(MAX_COLUMNS, Math.max(1, Math.trunc(opts?.columns ?? 3)));

/** SpreadsheetsPort for one company: the process's one reader, so a plugin's sheets share the same bounds. */
export function companySpreadsheets(reader: SpreadsheetReader, companyId: number): SpreadsheetsPort {
  return {
    readRows: (file, opts) => reader.readRows(companyId, file.filepath, { columns: columnsOf(opts) }),
    readBatches: (file, opts, onBatch) => {
      const batchSize = Math.min(MAX_BATCH, Math.max(1, Math.trunc(opts.batchSize ?? 1000) || 1000));
      return reader.readBatches(companyId, file.filepath, { columns: columnsOf(opts), batchSize }, onBatch);
    },
  };
}
