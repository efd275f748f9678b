import { parentPort } from 'node:worker_threads';
import { readSheetRows } from './read-sheet.js';
import { SheetError, type SheetLimits } from './sheet-errors.js';

// A reader worker thread's body: reads one spreadsheet per message, off the event loop, and answers its rows or its
// refusal. The reader keeps idle workers warm for the next sheet and drops any that dies or overruns.
parentPort?.on('message', async ({ filepath, limits }: { filepath: string; limits: SheetLimits }) => {
  try {
    parentPort?.postMessage({ ok: true, rows: await readSheetRows(filepath, limits) });
  } catch (err) {
    const refusal = err instanceof SheetError ? err : new SheetError('unreadable');
    parentPort?.postMessage({ ok: false, reason: refusal.reason, progress: refusal.progress });
  }
});
