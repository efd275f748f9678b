/** Why a spreadsheet was not read: not one, unreadable, past a size limit, or holding more rows than allowed. */
export type SheetRefusal = 'notSpreadsheet' | 'unreadable' | 'tooLarge' | 'tooManyRows';

/** A spreadsheet the reader refuses, with how far it got (inflated bytes, rows) when it stopped. */
export class SheetError extends Error {
  constructor(
    readonly reason: SheetRefusal,
    readonly progress: { inflatedBytes: number; rows: number } = { inflatedBytes: 0, rows: 0 },
  ) {
    super(`spreadsheet refused: ${reason}`);
  }
}

/** One non-empty row of the first sheet, numbered as the sheet numbers it (1-based), its first cells as text. */
export interface SheetRow {
  row: number;
  cells: string[];
}

/** The bounds every spreadsheet read is held to. */
export interface SheetLimits {
  /** Non-empty rows at most (a header included); one more refuses the whole sheet. */
  maxRows: number;
  /** What the archive may inflate to, across every part read (.xlsx); legacy .xls is bounded by the upload limit. */
  maxUnzippedBytes: number;
  /** The leading columns kept per row (others are skipped while reading, never stored). */
  columns: number;
}
