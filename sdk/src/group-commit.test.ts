import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.js';

/** A group commit whose batches are recorded and finish when the test says. */
function recorder(maxInFlight = 1, maxBatch = 100) {
  const batches: number[][] = [];
  const finish: (() => void)[] = [];
  const commit = new GroupCommit<number>({
    maxBatch,
    maxInFlight,
    run: (batch) =>
      new Promise<void>((resolve) => {
        batches.push(batch);
        finish.push(resolve);
      }),
  });
  return { commit, batches, finish };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('group commit', () => {
  it('sends items pushed together (one synchronous run) in one batch, a lone item alone', async () => {
    const { commit, batches, finish } = recorder();
    for (const n of [1, 2, 3]) commit.push(n);
    expect(batches).toEqual([]); // not before the pushing code has run to its end
    await settle();
    expect(batches).toEqual([[1, 2, 3]]);
    finish[0]();
    await settle();
    commit.push(4);
    await settle();
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it('keeps what comes while batches run for the next, in order, up to maxBatch', async () => {
    const { commit, batches, finish } = recorder(1, 2);
    commit.push(1);
    await settle();
    for (const n of [2, 3, 4]) commit.push(n);
    await settle();
    expect(batches).toEqual([[1]]);
    finish[0]();
    await settle();
    expect(batches).toEqual([[1], [2, 3]]);
    finish[1]();
    await settle();
    expect(batches).toEqual([[1], [2, 3], [4]]);
  });

  it('runs up to maxInFlight batches at once', async () => {
    const { commit, batches } = recorder(2);
    commit.push(1);
    await settle();
    commit.push(2);
    await settle();
    commit.push(3);
    await settle();
    expect(batches).toEqual([[1], [2]]);
  });
});
