import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError } from '@balcao/sdk';
import { builtForm, PREBUILT_DIR } from '../kernel/prebuilt.js';
import type { SheetLimits, SheetRefusal, SheetRow } from './sheet-errors.js';
import type { WorkerAnswer, WorkerRequest } from './sheet-worker.js';

export type { SheetRow } from './sheet-errors.js';

/** The reader's bounds; see docs/security.md, "Uploads and spreadsheets". */
export interface SpreadsheetLimits {
  /** Non-empty rows a sheet may hold, a header included (SPREADSHEET_MAX_ROWS). */
  maxRows: number;
  /** What an .xlsx may inflate to, counted while inflating (SPREADSHEET_MAX_UNZIPPED_MB). */
  maxUnzippedBytes: number;
  /** Heap of the worker thread that reads one sheet; past it the worker dies and the sheet is refused. */
  workerHeapMb: number;
  /** How long one read may take before its worker is stopped and the sheet refused. */
  timeoutMs: number;
  /** Sheets read at once on this process, all companies together. */
  maxParallel: number;
}

/**
 * The young generation of a reader's worker: a sheet's parse makes short-lived garbage by the megabyte, and V8's
 * default let the worker's first 50,000-row sheet raise the process's RSS by 22 MB for good (8 MB: +9, no slower).
 */
const WORKER_YOUNG_GENERATION_MB = 8;

export const DEFAULT_SPREADSHEET_LIMITS: SpreadsheetLimits = {
  // 50,000 contacts and the header row above them (issue 26: a 50,000-row list imports).
  maxRows: 50_001,
  maxUnzippedBytes: 100 * 1024 * 1024,
  workerHeapMb: 256,
  timeoutMs: 60_000,
  maxParallel: 2,
};

const fileError = (message: string, status = 400) =>
  new AppError('ERR_VALIDATION', status, { fields: [{ path: 'file', message }] });

/** The HTTP answer of a refused sheet: a field error on `file` for what the user can fix, a code for the limits. */
function refusalError(reason: SheetRefusal, limits: SpreadsheetLimits): AppError {
  if (reason === 'notSpreadsheet') return fileError('Only .xlsx and .xls spreadsheets are accepted');
  if (reason === 'unreadable') return fileError('The spreadsheet could not be read');
  if (reason === 'tooManyRows')
    return new AppError('ERR_SPREADSHEET_TOO_LARGE', 413, { maxRows: limits.maxRows });
  return new AppError('ERR_SPREADSHEET_TOO_LARGE', 413);
}

/** Where a batched read hands each batch (awaited before the worker reads on) and the sheet's non-empty rows. */
export type OnSheetBatch = (rows: SheetRow[], total: number) => Promise<void> | void;

/**
 * Reads spreadsheets for every feature that imports one (contacts, a plugin's contact lists): the first sheet's
 * non-empty rows, in a worker thread with its own heap limit and a deadline (never on the event loop), an .xlsx
 * streamed and refused as soon as it inflates past the limit or passes the row limit, one sheet at a time per
 * company (409 ERR_IMPORT_IN_PROGRESS) and `maxParallel` for the whole process (429 ERR_SPREADSHEET_BUSY).
 * @example const rows = await spreadsheets.readRows(companyId, file.filepath, { columns: 3 })
 */
export class SpreadsheetReader {
  private readonly companies = new Set<number>();
  private running = 0;
  /** Workers that finished a sheet cleanly, kept for the next one (starting one costs more than most reads). */
  private readonly idle: Worker[] = [];

  constructor(readonly limits: SpreadsheetLimits = DEFAULT_SPREADSHEET_LIMITS) {}

  /** The sheet's rows whole (`readBatches` into one array). */
  async readRows(companyId: number, filepath: string, opts: { columns: number }): Promise<SheetRow[]> {
    const rows: SheetRow[] = [];
    await this.readBatches(
      companyId,
      filepath,
      { columns: opts.columns, batchSize: this.limits.maxRows + 1 },
      (b) => {
        rows.push(...b);
      },
    );
    return rows;
  }

  /**
   * The sheet's rows in batches of `batchSize` (the last one shorter) as the worker reads them: the worker waits while `onBatch`
   * runs (backpressure), so neither thread holds the sheet's rows. A sheet past the limits is refused before any
   * batch. The deadline counts the worker's time only, not the time spent in `onBatch`; if `onBatch` throws, the
   * worker is stopped and the read fails with that error. Answers the sheet's non-empty rows.
   */
  async readBatches(
    companyId: number,
    filepath: string,
    opts: { columns: number; batchSize: number },
    onBatch: OnSheetBatch,
  ): Promise<number> {
    if (this.companies.has(companyId)) throw new AppError('ERR_IMPORT_IN_PROGRESS', 409);
    if (this.running >= this.limits.maxParallel) throw new AppError('ERR_SPREADSHEET_BUSY', 429);
    this.companies.add(companyId);
    this.running++;
    try {
      return await this.inWorker(filepath, opts, onBatch);
    } finally {
      this.companies.delete(companyId);
      this.running--;
    }
  }

  /** Stops the idle workers (a process that stops; a later read starts new ones). */
  async close(): Promise<void> {
    await Promise.all(this.idle.splice(0).map((w) => w.terminate()));
  }

  private spawn(): Worker {
    const resourceLimits = {
      maxOldGenerationSizeMb: this.limits.workerHeapMb,
      maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB,
    };
    const body = new URL('./sheet-worker.ts', import.meta.url);
    // The prebuilt server (`npm start`) runs the worker's built JavaScript; from TypeScript, tsx loads it in the worker.
    const worker = PREBUILT_DIR
      ? new Worker(pathToFileURL(builtForm(fileURLToPath(body))), { resourceLimits })
      : new Worker(new URL('./sheet-worker-boot.mjs', import.meta.url), {
          workerData: { entry: body.href },
          resourceLimits,
        });
    worker.unref(); // an idle reader never keeps the process alive
    return worker;
  }

  /** One sheet in a worker: a sheet that exhausts its heap or its time kills only that worker. */
  private inWorker(
    filepath: string,
    opts: { columns: number; batchSize: number },
    onBatch: OnSheetBatch,
  ): Promise<number> {
    const { maxRows, maxUnzippedBytes } = this.limits;
    const limits: SheetLimits = { maxRows, maxUnzippedBytes, columns: opts.columns };
    const worker = this.idle.pop() ?? this.spawn();
    const post = (request: WorkerRequest) => worker.postMessage(request);
    return new Promise<number>((resolve, reject) => {
      let finished = false;
      let timer: NodeJS.Timeout | undefined;
      /** The worker's time left: paused while a batch is stored. */
      let left = this.limits.timeoutMs;
      let since = 0;
      const run = () => {
        since = Date.now();
        timer = setTimeout(() => fail(refusalError('tooLarge', this.limits)), left);
      };
      const pause = () => {
        clearTimeout(timer);
        left -= Date.now() - since;
      };
      const done = (keep: boolean) => {
        finished = true;
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (keep && this.idle.length < this.limits.maxParallel) this.idle.push(worker);
        else void worker.terminate();
      };
      const fail = (err: unknown) => {
        if (finished) return;
        done(false);
        reject(err);
      };
      const onMessage = (answer: WorkerAnswer) => {
        if (finished) return;
        if (answer.type === 'batch') {
          pause();
          Promise.resolve()
            .then(() => onBatch(answer.rows, answer.total))
            .then(() => {
              if (finished) return;
              run();
              post({ type: 'next' });
            }, fail);
          return;
        }
        done(true);
        if (answer.type === 'done') resolve(answer.total);
        else reject(refusalError(answer.reason, this.limits));
      };
      // A sheet that exhausts the worker's heap is refused; the process goes on. Any other crash is ours (a 500).
      const onError = (err: Error & { code?: string }) =>
        fail(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? refusalError('tooLarge', this.limits) : err);
      const onExit = () => fail(refusalError('unreadable', this.limits));
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      run();
      post({ type: 'read', filepath, limits, batchSize: opts.batchSize });
    });
  }
}
