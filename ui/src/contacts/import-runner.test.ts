import type { ContactSheetRowDto } from '@balcao/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  IMPORT_ROW_INTERVAL_MS,
  type RowImportOptions,
  type RowOutcome,
  runRowImport,
  waitOrAbort,
} from './import-runner';

const rows = (n: number): ContactSheetRowDto[] =>
  Array.from({ length: n }, (_, i) => ({
    row: i + 2,
    name: `Pessoa ${i}`,
    number: `55119000000${String(i).padStart(2, '0')}`,
    email: '',
  }));

/** A clock that only moves when the runner waits, plus what it waited. */
function fakeTime() {
  let clock = 0;
  const waits: number[] = [];
  return {
    waits,
    now: () => clock,
    advance: (ms: number) => {
      clock += ms;
    },
    wait: async (ms: number) => {
      waits.push(ms);
      clock += Math.max(0, ms);
    },
  };
}

function options(post: RowImportOptions['post'], extra: Partial<RowImportOptions> = {}) {
  const time = fakeTime();
  const progress: [number, number][] = [];
  const failedRows: number[] = [];
  const opts: RowImportOptions = {
    post,
    onProgress: (done, total) => progress.push([done, total]),
    onFailed: (r) => failedRows.push(r.row),
    signal: new AbortController().signal,
    describeError: (err) => [{ field: '', message: err instanceof Error ? err.message : 'erro' }],
    wait: time.wait,
    now: time.now,
    ...extra,
  };
  return { opts, time, progress, failedRows };
}

describe('runRowImport', () => {
  it('posts every row in order, one each 330 ms, and reports progress every 5 rows and at the end', async () => {
    const posted: number[] = [];
    const { opts, time, progress } = options(async (r) => {
      posted.push(r.row);
      return { kind: 'created' };
    });
    const result = await runRowImport(rows(12), opts);
    expect(posted).toEqual(rows(12).map((r) => r.row));
    expect(progress).toEqual([
      [5, 12],
      [10, 12],
      [12, 12],
    ]);
    // No wait after the last row.
    expect(time.waits).toEqual(Array(11).fill(IMPORT_ROW_INTERVAL_MS));
    expect(result).toEqual({ done: 12, total: 12, created: 12, updated: 0, failed: [], cancelled: false });
  });

  it('waits only what is left of the 330 ms after a slow answer, never less than nothing', async () => {
    let clock = 0;
    const waits: number[] = [];
    await runRowImport(rows(3), {
      ...options(async () => ({ kind: 'created' })).opts,
      now: () => clock,
      wait: async (ms) => {
        waits.push(ms);
      },
      post: async (r) => {
        clock += r.row === 2 ? 100 : 500;
        return { kind: 'created' };
      },
    });
    expect(waits).toEqual([230, -170]);
  });

  it('lists each bad row with its cells and problems as it comes, and the other rows go on', async () => {
    const outcomes: Record<number, RowOutcome> = {
      3: { kind: 'failed', problems: [{ field: 'email', message: 'Invalid email' }] },
      4: { kind: 'updated' },
    };
    const { opts, failedRows, progress } = options(async (r) => {
      if (r.row === 5) throw new Error('Network down');
      return outcomes[r.row] ?? { kind: 'created' };
    });
    const result = await runRowImport(rows(6), opts);
    expect(failedRows).toEqual([3, 5]);
    expect(progress).toEqual([
      [5, 6],
      [6, 6],
    ]);
    expect(result).toMatchObject({ done: 6, total: 6, created: 3, updated: 1, cancelled: false });
    expect(result.failed).toEqual([
      {
        row: 3,
        values: { name: 'Pessoa 1', number: '5511900000001', email: '' },
        problems: [{ field: 'email', message: 'Invalid email' }],
      },
      {
        row: 5,
        values: { name: 'Pessoa 3', number: '5511900000003', email: '' },
        problems: [{ field: '', message: 'Network down' }],
      },
    ]);
  });

  it('reports a row whose number an earlier row has without posting it, and one problem per field (issue 24)', async () => {
    const posted: number[] = [];
    const sheet = rows(4);
    sheet[1] = { ...sheet[1], number: sheet[0].number, repeatOf: sheet[0].row };
    const { opts, time } = options(async (r) => {
      posted.push(r.row);
      if (r.row === 4)
        return {
          kind: 'failed',
          problems: [
            { field: 'name', message: 'Required' },
            { field: 'name', message: 'Too Short!' },
            { field: 'email', message: 'Invalid email' },
          ],
        };
      return { kind: 'created' };
    });
    const result = await runRowImport(sheet, opts);
    expect(posted).toEqual([2, 4, 5]);
    // Nothing was posted for the repeat, so nothing is waited after it.
    expect(time.waits).toEqual([IMPORT_ROW_INTERVAL_MS, IMPORT_ROW_INTERVAL_MS]);
    expect(result.failed.map((f) => [f.row, f.problems])).toEqual([
      [3, [{ field: 'number', message: 'Repeated in the sheet' }]],
      [
        4,
        [
          { field: 'name', message: 'Required' },
          { field: 'email', message: 'Invalid email' },
        ],
      ],
    ]);
    expect(result).toMatchObject({ done: 4, created: 2, cancelled: false });
  });

  it('stops before the next row once cancelled: rows not yet posted are not posted', async () => {
    const controller = new AbortController();
    const posted: number[] = [];
    const { opts, progress } = options(
      async (r) => {
        posted.push(r.row);
        if (posted.length === 7) controller.abort();
        return { kind: 'created' };
      },
      { signal: controller.signal },
    );
    const result = await runRowImport(rows(20), opts);
    expect(posted).toHaveLength(7);
    expect(result).toMatchObject({ done: 7, total: 20, created: 7, cancelled: true });
    expect(progress).toEqual([
      [5, 20],
      [7, 20],
    ]);
  });

  it('finishes at once with nothing to post', async () => {
    const post = vi.fn();
    const { opts, progress } = options(post);
    expect(await runRowImport([], opts)).toMatchObject({ done: 0, total: 0, cancelled: false });
    expect(post).not.toHaveBeenCalled();
    expect(progress).toEqual([]);
  });
});

describe('waitOrAbort', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves after the time, or as soon as the signal aborts', async () => {
    vi.useFakeTimers();
    let done = false;
    void waitOrAbort(330, new AbortController().signal).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(329);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);

    const controller = new AbortController();
    let aborted = false;
    void waitOrAbort(10_000, controller.signal).then(() => {
      aborted = true;
    });
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(aborted).toBe(true);
  });
});
