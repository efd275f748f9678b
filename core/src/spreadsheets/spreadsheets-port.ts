import type { SpreadsheetsPort } from '@balcao/sdk';
import type { SpreadsheetReader } from './spreadsheet-reader.js';

/** The leading cells a plugin may keep per row: enough for any list, bounded so a sheet's rows stay small. */
const MAX_COLUMNS = 50;

/** SpreadsheetsPort for one company: the process's one reader, so a plugin's sheets share the same bounds. */
export function companySpreadsheets(reader: SpreadsheetReader, companyId: number): SpreadsheetsPort {
  return {
    readRows: (file, opts) => {
      const columns = Math.min(MAX_COLUMNS, Math.max(1, Math.trunc(opts?.columns ?? 3)));
      return reader.readRows(companyId, file.filepath, { columns });
    },
  };
}
