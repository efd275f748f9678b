import { parentPort, workerData } from 'node:worker_threads';
import { readSheetRows } from './read-sheet.js';
import { SheetError, type SheetLimits } from './sheet-errors.js';

// The worker thread's body: reads one spreadsheet off the event loop and posts its rows or its refusal.
const { filepath, limits } = workerData as { filepath: string; limits: SheetLimits };
try {
  parentPort?.postMessage({ ok: true, rows: await readSheetRows(filepath, limits) });
} catch (err) {
  const refusal = err instanceof SheetError ? err : new SheetError('unreadable');
  parentPort?.postMessage({ ok: false, reason: refusal.reason, progress: refusal.progress });
}
