import { open } from 'node:fs/promises';
import { SheetError, type SheetLimits, type SheetRow } from './sheet-errors.js';
import { type RowSink, streamXlsxRows } from './xlsx-rows.js';
import { fileSource } from './zip-entries.js';

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** What the file is, by its first bytes (a renamed file is judged by content, not name); CSV and the rest are 'other'. */
export function sniffSheet(head: Buffer): 'xlsx' | 'xls' | 'other' {
  if (head.subarray(0, 4).equals(ZIP)) return 'xlsx';
  if (head.subarray(0, 8).equals(OLE)) return 'xls';
  return 'other';
}

/**
 * Legacy .xls (BIFF) through SheetJS, which cannot stream: it reads the first sheet only and at most `maxRows + 1`
 * rows (`sheetRows`), and a sheet whose full range is longer is refused rather than cut short silently.
 */
async function readXlsRows(file: Buffer, limits: SheetLimits): Promise<SheetRow[]> {
  // Loaded only for a legacy file: SheetJS is large, and every sheet's worker would otherwise pay for it.
  const XLSX = await import('@e965/xlsx');
  let sheet: import('@e965/xlsx').WorkSheet | undefined;
  try {
    const book = XLSX.read(file, { type: 'buffer', dense: true, sheets: 0, sheetRows: limits.maxRows + 1 });
    sheet = book.Sheets[book.SheetNames[0] ?? ''];
  } catch {
    throw new SheetError('unreadable');
  }
  if (!sheet) return [];
  const full = sheet['!fullref'] ? XLSX.utils.decode_range(sheet['!fullref']) : undefined;
  if (full && full.e.r - full.s.r + 1 > limits.maxRows + 1) throw new SheetError('tooManyRows');
  const grid = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
    header: 1,
    raw: true,
    blankrows: true,
    defval: '',
  });
  const rows: SheetRow[] = [];
  grid.forEach((cells, index) => {
    const kept = Array.from({ length: limits.columns }, (_, i) => String(cells[i] ?? '').trim());
    if (kept.some((c) => c !== '')) rows.push({ row: index + 1, cells: kept });
  });
  if (rows.length > limits.maxRows)
    throw new SheetError('tooManyRows', { inflatedBytes: 0, rows: rows.length });
  return rows;
}

/**
 * The non-empty rows of a spreadsheet file's first sheet (.xlsx streamed within the limits, or legacy .xls), each
 * with its first `columns` cells as trimmed text, handed to `sink` in batches (each awaited: backpressure); answers
 * the sheet's row count. Anything else is `SheetError('notSpreadsheet')`, a broken file `unreadable`; a sheet past
 * the limits is `tooLarge` / `tooManyRows`, refused before any batch. Runs inside the reader's worker thread.
 */
export async function streamSheetRows(filepath: string, limits: SheetLimits, sink: RowSink): Promise<number> {
  const file = await open(filepath, 'r');
  let rows: SheetRow[];
  try {
    const head = Buffer.alloc(8);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    const kind = sniffSheet(head.subarray(0, bytesRead));
    if (kind === 'other') throw new SheetError('notSpreadsheet');
    // An .xlsx is read off the disk part by part: what the reader holds does not grow with the file.
    if (kind === 'xlsx') return await streamXlsxRows(await fileSource(file), limits, sink);
    // SheetJS reads a legacy sheet whole (bounded by the upload limit); its rows are still handed on in batches.
    rows = await readXlsRows(await file.readFile(), limits);
  } finally {
    await file.close();
  }
  const total = rows.length;
  const size = Math.max(1, sink.batchSize);
  while (rows.length > 0) await sink.batch(rows.splice(0, size), total);
  return total;
}

/** The non-empty rows of a spreadsheet file's first sheet, read whole (`streamSheetRows` into one array). */
export async function readSheetRows(filepath: string, limits: SheetLimits): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  await streamSheetRows(filepath, limits, {
    batchSize: Number.POSITIVE_INFINITY,
    batch: async (batch) => {
      rows.push(...batch);
    },
  });
  return rows;
}
