/** One non-empty row of a sheet, numbered as the sheet numbers it (1-based), its first cells as trimmed text. */
export interface SpreadsheetRow {
  row: number;
  cells: string[];
}

/**
 * Reads an uploaded spreadsheet (.xlsx or legacy .xls; CSV and anything else refused) within the platform's bounds,
 * for the company of the request or job: the first sheet's non-empty rows, read in a worker thread; past the row or
 * unzipped-size limit 413 ERR_SPREADSHEET_TOO_LARGE, a second sheet of the same company while one is read 409
 * ERR_IMPORT_IN_PROGRESS, the server at capacity 429 ERR_SPREADSHEET_BUSY, a file that is no spreadsheet 400
 * ERR_VALIDATION on `file`. The caller owns the file (and removes it when done).
 * @example const rows = await spreadsheets.readRows({ filepath: upload.filepath }, { columns: 2 })
 */
export interface SpreadsheetsPort {
  /** `columns`: the leading cells kept per row, 1 to 50 (default 3); the others are skipped while reading. */
  readRows(file: { filepath: string }, opts?: { columns?: number }): Promise<SpreadsheetRow[]>;
  /**
   * The same rows in batches of `batchSize` rows (1 to 5,000, default 1,000), handed over as the reader's worker
   * reads them: the worker waits until `onBatch` settles (backpressure), so neither thread holds the whole sheet.
   * `total` is the sheet's non-empty rows (a header included), known before the first batch: a sheet past the limits
   * is refused before any batch. If `onBatch` throws, reading stops and the promise rejects with that error.
   * Answers the sheet's non-empty rows (no batch at all for an empty sheet).
   * @example await spreadsheets.readBatches({ filepath }, { columns: 3 }, async (rows, total) => store(rows, total))
   */
  readBatches(
    file: { filepath: string },
    opts: { columns?: number; batchSize?: number },
    onBatch: (rows: SpreadsheetRow[], total: number) => Promise<void> | void,
  ): Promise<number>;
}
