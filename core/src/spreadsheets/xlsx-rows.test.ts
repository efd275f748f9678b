import { mkdtempSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { xlsxBomb, xlsxOf } from '../testing/spreadsheet-files.js';
import { readSheetRows, streamSheetRows } from './read-sheet.js';
import { SheetError, type SheetLimits } from './sheet-errors.js';
import { readXlsxRows, streamXlsxRows } from './xlsx-rows.js';
import { bufferSource, fileSource, type ZipSource } from './zip-entries.js';

const limits: SheetLimits = { maxRows: 100, maxUnzippedBytes: 1024 * 1024, columns: 3 };
const MB = 1024 * 1024;

async function refusal(read: Promise<unknown>): Promise<SheetError> {
  const err = await read.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof SheetError)) throw new Error(`expected a SheetError, got ${String(err)}`);
  return err;
}

describe('reading an .xlsx', () => {
  it('gives the non-empty rows of the first sheet, their first columns as trimmed text', async () => {
    const file = await xlsxOf([
      ['Nome', 'Número', 'E-mail', 'ignored'],
      ['  Ana  ', 5511999990001, { text: 'ana@x.test', hyperlink: 'mailto:ana@x.test' }, 'x'],
      [],
      [{ richText: [{ text: 'Bea ' }, { font: { bold: true }, text: 'Rica' }] }, '+55 11 99999-0002'],
    ]);
    expect(await readXlsxRows(file, limits)).toEqual([
      { row: 1, cells: ['Nome', 'Número', 'E-mail'] },
      { row: 2, cells: ['Ana', '5511999990001', 'ana@x.test'] },
      { row: 4, cells: ['Bea Rica', '+55 11 99999-0002', ''] },
    ]);
  });

  it('stops a zip bomb as soon as it inflates past the limit, long before the whole sheet', async () => {
    const bomb = await xlsxBomb(16 * MB);
    expect(bomb.length).toBeLessThan(64 * 1024); // a small upload that would inflate to 16 MB
    const err = await refusal(readXlsxRows(bomb, limits));
    expect(err.reason).toBe('tooLarge');
    // The counter stopped one inflate chunk past the limit: the rest was never inflated.
    expect(err.progress.inflatedBytes).toBeGreaterThan(limits.maxUnzippedBytes);
    expect(err.progress.inflatedBytes).toBeLessThan(limits.maxUnzippedBytes + 256 * 1024);
  });

  it('stops at the first row past the row limit', async () => {
    const file = await xlsxOf(Array.from({ length: 30 }, (_, i) => [`Pessoa ${i}`, `55119${i}`]));
    const err = await refusal(readXlsxRows(file, { ...limits, maxRows: 10 }));
    expect(err.reason).toBe('tooManyRows');
    expect(err.progress.rows).toBe(11);
  });

  it('hands the rows on in batches, reading no further until each batch is taken', async () => {
    const file = await xlsxOf(Array.from({ length: 2500 }, (_, i) => [`Pessoa ${i + 1}`, `55119${i}`]));
    const batches: { first: number; size: number; total: number }[] = [];
    let release: (() => void) | undefined;
    const read = streamXlsxRows(
      bufferSource(file),
      { ...limits, maxRows: 3000 },
      {
        batchSize: 1000,
        batch: (rows, total) => {
          batches.push({ first: rows[0].row, size: rows.length, total });
          return new Promise<void>((go) => {
            release = go;
          });
        },
      },
    );
    const tick = () => new Promise((r) => setImmediate(r));
    /** Waits for the nth batch, then lets the reader go on; answers how many batches it had handed on meanwhile. */
    const take = async (nth: number) => {
      while (batches.length < nth) await tick();
      // However long the sink takes, the reader waits for it: nothing more is handed on meanwhile.
      for (let i = 0; i < 50; i++) await tick();
      const handed = batches.length;
      release?.();
      return handed;
    };
    expect([await take(1), await take(2), await take(3)]).toEqual([1, 2, 3]);
    expect(await read).toBe(2500);
    expect(batches).toEqual([
      { first: 1, size: 1000, total: 2500 },
      { first: 1001, size: 1000, total: 2500 },
      { first: 2001, size: 500, total: 2500 },
    ]);
  });

  it('refuses a sheet past the row limit before any batch, and passes on what the sink throws', async () => {
    const file = await xlsxOf(Array.from({ length: 30 }, (_, i) => [`Pessoa ${i}`, `55119${i}`]));
    let batches = 0;
    const sink = { batchSize: 5, batch: async () => void batches++ };
    expect((await refusal(streamXlsxRows(bufferSource(file), { ...limits, maxRows: 29 }, sink))).reason).toBe(
      'tooManyRows',
    );
    expect(batches).toBe(0);
    const failing = streamXlsxRows(bufferSource(file), limits, {
      batchSize: 5,
      batch: async () => {
        throw new Error('store failed');
      },
    });
    await expect(failing).rejects.toThrow('store failed');
  });

  it('calls a broken archive unreadable', async () => {
    const file = await xlsxOf([['Ana', '5511']]);
    const err = await refusal(readXlsxRows(file.subarray(0, file.length - 30), limits));
    expect(err.reason).toBe('unreadable');
  });
});

describe('reading any spreadsheet file', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'balcao-sheet-'));
  const saved = (name: string, data: Buffer | string) => {
    const file = path.join(dir, name);
    writeFileSync(file, data);
    return file;
  };

  it('judges the file by its content: CSV and text are not spreadsheets', async () => {
    const err = await refusal(readSheetRows(saved('l.xlsx', 'name,number\nAna,5511\n'), limits));
    expect(err.reason).toBe('notSpreadsheet');
  });

  it('holds a legacy .xls to the row limit too', async () => {
    const book = XLSX.utils.book_new();
    const rows = Array.from({ length: 30 }, (_, i) => [`Pessoa ${i}`, `55119${i}`]);
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Planilha');
    const xls = Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'biff8' }));
    const file = saved('old.xls', xls);
    expect(await readSheetRows(file, { ...limits, maxRows: 30 })).toHaveLength(30);
    expect((await refusal(readSheetRows(file, { ...limits, maxRows: 10 }))).reason).toBe('tooManyRows');
    const sizes: number[] = [];
    const total = await streamSheetRows(file, limits, {
      batchSize: 12,
      batch: async (rows, all) => {
        sizes.push(rows.length);
        expect(all).toBe(30);
      },
    });
    expect([total, sizes]).toEqual([30, [12, 12, 6]]);
  });

  it('reads an .xlsx off the disk a piece at a time: no read holds the file, and a cut file is unreadable', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => [
      `Pessoa ${i + 1}`,
      `5511${900_000_000 + i}`,
      `p${i}@x.test`,
    ]);
    const bytes = await xlsxOf(rows);
    const file = saved('big.xlsx', bytes);
    const big = { ...limits, maxRows: 20_000, maxUnzippedBytes: 64 * MB };
    const expected = await readXlsxRows(bytes, big);
    expect(expected).toHaveLength(20_000);
    expect(await readSheetRows(file, big)).toEqual(expected);

    // The same read through a source that records the largest piece it handed over at once.
    const handle = await open(file, 'r');
    let largest = 0;
    try {
      const disk = await fileSource(handle);
      const watched: ZipSource = {
        size: disk.size,
        read: async (position, length) => {
          const piece = await disk.read(position, length);
          largest = Math.max(largest, piece.length);
          return piece;
        },
        stream: (start, end) =>
          disk.stream(start, end).on('data', (chunk: Buffer) => {
            largest = Math.max(largest, chunk.length);
          }),
      };
      let count = 0;
      await streamXlsxRows(watched, big, {
        batchSize: 1000,
        batch: async (batch) => {
          count += batch.length;
        },
      });
      expect(count).toBe(20_000);
    } finally {
      await handle.close();
    }
    expect(bytes.length).toBeGreaterThan(400 * 1024);
    expect(largest).toBeLessThanOrEqual(0xffff + 22);

    const cut = saved('cut.xlsx', bytes.subarray(0, bytes.length - 30));
    expect((await refusal(readSheetRows(cut, limits))).reason).toBe('unreadable');
    const cutInside = saved(
      'cut-inside.xlsx',
      Buffer.concat([bytes.subarray(0, 200_000), bytes.subarray(-22)]),
    );
    expect((await refusal(readSheetRows(cutInside, big))).reason).toBe('unreadable');
  });
});
