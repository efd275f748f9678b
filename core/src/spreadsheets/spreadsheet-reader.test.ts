import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import { xlsxBomb, xlsxOf } from '../testing/spreadsheet-files.js';
import { DEFAULT_SPREADSHEET_LIMITS, SpreadsheetReader } from './spreadsheet-reader.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'balcao-reader-'));
const saved = (name: string, data: Buffer) => {
  const file = path.join(dir, name);
  writeFileSync(file, data);
  return file;
};

async function refusal(read: Promise<unknown>): Promise<AppError> {
  const err = await read.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

describe('the spreadsheet reader (worker thread)', () => {
  it('answers the rows read in its worker', async () => {
    const reader = new SpreadsheetReader();
    const file = saved('a.xlsx', await xlsxOf([['Ana', 5511999990001, 'ana@x.test']]));
    expect(await reader.readRows(1, file, { columns: 2 })).toEqual([
      { row: 1, cells: ['Ana', '5511999990001'] },
    ]);
  });

  it('refuses a zip bomb and a sheet past the row limit with 413 ERR_SPREADSHEET_TOO_LARGE', async () => {
    const reader = new SpreadsheetReader({
      ...DEFAULT_SPREADSHEET_LIMITS,
      maxUnzippedBytes: 1024 * 1024,
      maxRows: 5,
    });
    const bomb = await refusal(
      reader.readRows(1, saved('b.xlsx', await xlsxBomb(8 * 1024 * 1024)), { columns: 3 }),
    );
    expect([bomb.code, bomb.status]).toEqual(['ERR_SPREADSHEET_TOO_LARGE', 413]);
    const rows = Array.from({ length: 6 }, (_, i) => [`P${i}`, `55${i}`]);
    const long = await refusal(reader.readRows(1, saved('c.xlsx', await xlsxOf(rows)), { columns: 3 }));
    expect([long.code, long.status, long.details]).toEqual([
      'ERR_SPREADSHEET_TOO_LARGE',
      413,
      { maxRows: 5 },
    ]);
  });

  it('refuses a sheet not read within its deadline (the worker is stopped), and reads the next one', async () => {
    const file = saved('e.xlsx', await xlsxOf([['Ana', '5511999990001']]));
    const hasty = new SpreadsheetReader({ ...DEFAULT_SPREADSHEET_LIMITS, timeoutMs: 1 });
    const late = await refusal(hasty.readRows(1, file, { columns: 3 }));
    expect([late.code, late.status]).toEqual(['ERR_SPREADSHEET_TOO_LARGE', 413]);
    const reader = new SpreadsheetReader();
    expect(await reader.readRows(1, file, { columns: 3 })).toHaveLength(1);
    // A warm worker serves the next sheet.
    expect(await reader.readRows(1, file, { columns: 3 })).toHaveLength(1);
    await reader.close();
  });

  it('reads one sheet at a time per company (409) and at most maxParallel in all (429)', async () => {
    const reader = new SpreadsheetReader({ ...DEFAULT_SPREADSHEET_LIMITS, maxParallel: 2 });
    const file = saved('d.xlsx', await xlsxOf([['Ana', '5511999990001']]));
    const first = reader.readRows(1, file, { columns: 3 });
    const again = await refusal(reader.readRows(1, file, { columns: 3 }));
    expect([again.code, again.status]).toEqual(['ERR_IMPORT_IN_PROGRESS', 409]);
    const other = reader.readRows(2, file, { columns: 3 });
    const third = await refusal(reader.readRows(3, file, { columns: 3 }));
    expect([third.code, third.status]).toEqual(['ERR_SPREADSHEET_BUSY', 429]);
    await Promise.all([first, other]);
    // Once done, the company may read again.
    expect(await reader.readRows(1, file, { columns: 3 })).toHaveLength(1);
  });

  it('hands a sheet over in batches, and stops the worker when the consumer fails', async () => {
    const reader = new SpreadsheetReader();
    const file = saved('f.xlsx', await xlsxOf(Array.from({ length: 25 }, (_, i) => [`P${i}`, `55${i}`])));
    const seen: [number, number, number][] = [];
    const total = await reader.readBatches(1, file, { columns: 2, batchSize: 10 }, async (rows, all) => {
      await new Promise((r) => setImmediate(r));
      seen.push([rows[0].row, rows.length, all]);
    });
    expect([total, seen]).toEqual([
      25,
      [
        [1, 10, 25],
        [11, 10, 25],
        [21, 5, 25],
      ],
    ]);
    const failed = reader.readBatches(1, file, { columns: 2, batchSize: 10 }, () => {
      throw new Error('store failed');
    });
    await expect(failed).rejects.toThrow('store failed');
    // The company may read again, on a fresh worker.
    expect(await reader.readRows(1, file, { columns: 2 })).toHaveLength(25);
    await reader.close();
  });
});
