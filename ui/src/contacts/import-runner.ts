import type { ContactSheetRowDto } from '@balcao/sdk';

/** Spec part 1 §9: the spreadsheet import posts one row every 330 ms and shows its progress every 5 rows. */
export const IMPORT_ROW_INTERVAL_MS = 330;
export const IMPORT_PROGRESS_EVERY = 5;

/** One problem of a refused row: the field it is about ('' when the refusal names none) and the server's message. */
export interface RowProblem {
  field: string;
  message: string;
}

/** The message of a row whose number an earlier row of the sheet has (the server's wording, translated by the UI). */
export const REPEATED_IN_SHEET = 'Repeated in the sheet';

/** One problem per field (the first the server names): an empty name reads "Required", not also "Too Short!". */
export function firstPerField(problems: readonly RowProblem[]): RowProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => !seen.has(p.field) && seen.add(p.field));
}

/** What posting one row did. */
export type RowOutcome =
  | { kind: 'created' }
  | { kind: 'updated' }
  | { kind: 'failed'; problems: RowProblem[] };

/** A refused row, with its cells to show beside its errors. */
export interface FailedRow {
  row: number;
  values: { name: string; number: string; email: string };
  problems: RowProblem[];
}

export interface RowImportResult {
  /** Rows posted (a cancelled import stops short of all). */
  done: number;
  total: number;
  created: number;
  /** Rows whose number the company already had: that contact was updated. */
  updated: number;
  failed: FailedRow[];
  cancelled: boolean;
}

export interface RowImportOptions {
  /** Posts one row and says what came of it; a throw is that row's failure, not the import's. */
  post(row: ContactSheetRowDto): Promise<RowOutcome>;
  /** Done and total after every IMPORT_PROGRESS_EVERY rows and after the last one. */
  onProgress(done: number, total: number): void;
  /** A refused row, as soon as it is known. */
  onFailed(row: FailedRow): void;
  /** Cancels: no row is posted after it (one already posted finishes). */
  signal: AbortSignal;
  /** How a failure that is not a row outcome reads (network down, server error). */
  describeError(err: unknown): RowProblem[];
  /** Waits `ms` or until `signal` aborts; injectable for tests. */
  wait?(ms: number, signal: AbortSignal): Promise<void>;
  now?(): number;
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function waitOrAbort(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted || ms <= 0) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

/**
 * Posts `rows` one by one, each IMPORT_ROW_INTERVAL_MS after the one before started (or as soon as a slower one
 * answers). A bad row is recorded and the others go on; cancelling stops before the next row.
 */
export async function runRowImport(
  rows: readonly ContactSheetRowDto[],
  opts: RowImportOptions,
): Promise<RowImportResult> {
  const wait = opts.wait ?? waitOrAbort;
  const now = opts.now ?? Date.now;
  const result: RowImportResult = {
    done: 0,
    total: rows.length,
    created: 0,
    updated: 0,
    failed: [],
    cancelled: false,
  };
  for (const [i, row] of rows.entries()) {
    if (opts.signal.aborted) break;
    const startedAt = now();
    // A number an earlier row has is reported, not posted: posting it would update that row's contact (issue 24).
    const repeated = row.repeatOf !== undefined;
    let outcome: RowOutcome;
    try {
      outcome = repeated
        ? { kind: 'failed', problems: [{ field: 'number', message: REPEATED_IN_SHEET }] }
        : await opts.post(row);
    } catch (err) {
      outcome = { kind: 'failed', problems: opts.describeError(err) };
    }
    result.done++;
    if (outcome.kind === 'created') result.created++;
    else if (outcome.kind === 'updated') result.updated++;
    else {
      const failed: FailedRow = {
        row: row.row,
        values: { name: row.name, number: row.number, email: row.email },
        problems: firstPerField(outcome.problems),
      };
      result.failed.push(failed);
      opts.onFailed(failed);
    }
    if (result.done % IMPORT_PROGRESS_EVERY === 0 || result.done === result.total) {
      opts.onProgress(result.done, result.total);
    }
    if (i < rows.length - 1 && !repeated)
      await wait(IMPORT_ROW_INTERVAL_MS - (now() - startedAt), opts.signal);
  }
  result.cancelled = result.done < result.total;
  if (result.cancelled) opts.onProgress(result.done, result.total);
  return result;
}
