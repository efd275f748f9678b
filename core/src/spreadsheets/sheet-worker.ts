import { parentPort } from 'node:worker_threads';
import { streamSheetRows } from './read-sheet.js';
import { SheetError, type SheetLimits } from './sheet-errors.js';

/**
 * What the reader asks of its worker: read a sheet, or go on after a batch was stored. (A reader whose consumer
 * failed mid-sheet stops the worker instead.)
 */
export type WorkerRequest =
  | { type: 'read'; filepath: string; limits: SheetLimits; batchSize: number }
  | { type: 'next' };

/** What the worker answers: a batch of rows (it then waits for `next`), the end of the sheet, or its refusal. */
export type WorkerAnswer =
  | { type: 'batch'; rows: { row: number; cells: string[] }[]; total: number }
  | { type: 'done'; total: number }
  | { type: 'refused'; reason: SheetError['reason']; progress: SheetError['progress'] };

/** The read in progress waits here while the reader stores a batch. */
let waiting: (() => void) | undefined;

async function read(filepath: string, limits: SheetLimits, batchSize: number): Promise<WorkerAnswer> {
  try {
    const total = await streamSheetRows(filepath, limits, {
      batchSize,
      batch: (rows, total) =>
        new Promise<void>((go) => {
          waiting = go;
          parentPort?.postMessage({ type: 'batch', rows, total } satisfies WorkerAnswer);
        }),
    });
    return { type: 'done', total };
  } catch (err) {
    const refusal = err instanceof SheetError ? err : new SheetError('unreadable');
    return { type: 'refused', reason: refusal.reason, progress: refusal.progress };
  }
}

// A reader worker thread's body: reads one spreadsheet at a time, off the event loop, handing its rows on in batches
// and waiting after each until the reader stored it (so neither thread holds the whole sheet), then answers the end
// or its refusal. The reader keeps idle workers warm for the next sheet and drops any that dies or overruns.
parentPort?.on('message', (request: WorkerRequest) => {
  if (request.type === 'next') {
    const paused = waiting;
    waiting = undefined;
    paused?.();
    return;
  }
  void read(request.filepath, request.limits, request.batchSize).then((answer) =>
    parentPort?.postMessage(answer),
  );
});
