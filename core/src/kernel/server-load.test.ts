import { AppError, definePlugin } from '@balcao/sdk';
import type { Context } from 'koa';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobsHost } from '../jobs/jobs-host.js';
import { namespacedJobs } from './plugin-jobs.js';
import { ServerLoad } from './server-load.js';

// The door background jobs wait at (jobs.quiet): free when no request is in flight, held while one is, never longer
// than its bound. Fake timers: nothing here depends on the machine's speed.

/** A request entering the tracking middleware; `end()` lets its handler chain finish. */
function request(load: ServerLoad): { end: () => Promise<void> } {
  let finish = () => {};
  const handler = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const done = load.track({} as Context, () => handler);
  return {
    end: async () => {
      finish();
      await done;
    },
  };
}

/** Whether the promise settled by now (microtasks flushed), and with what. */
async function peek<T>(p: Promise<T>): Promise<{ settled: boolean; value?: T }> {
  const state: { settled: boolean; value?: T } = { settled: false };
  p.then((value) => Object.assign(state, { settled: true, value }));
  await vi.advanceTimersByTimeAsync(0);
  return state;
}

describe('ServerLoad.quiet', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves at once (true) when no request is in flight, with no timer', async () => {
    const load = new ServerLoad();
    const quiet = load.quiet(1_000);
    expect(vi.getTimerCount()).toBe(0);
    expect(await peek(quiet)).toEqual({ settled: true, value: true });
  });

  it('waits while requests are in flight and resolves (true) when the last one ends', async () => {
    const load = new ServerLoad();
    const a = request(load);
    const b = request(load);
    expect(load.requestsInFlight).toBe(2);
    const quiet = load.quiet(1_000);
    expect((await peek(quiet)).settled).toBe(false);
    await a.end();
    expect((await peek(quiet)).settled).toBe(false);
    await b.end();
    expect(load.requestsInFlight).toBe(0);
    expect(await peek(quiet)).toEqual({ settled: true, value: true });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('never waits longer than its bound (false) on a server that stays busy', async () => {
    const load = new ServerLoad();
    const busy = request(load);
    const quiet = load.quiet(250);
    await vi.advanceTimersByTimeAsync(249);
    expect((await peek(quiet)).settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await peek(quiet)).toEqual({ settled: true, value: false });
    // A later end of the request wakes nobody left over.
    await busy.end();
    expect(load.requestsInFlight).toBe(0);
  });

  it('counts a request whose handler fails as ended', async () => {
    const load = new ServerLoad();
    await expect(load.track({} as Context, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(load.requestsInFlight).toBe(0);
  });
});

describe('jobs.quiet (the plugin door)', () => {
  const plugin = definePlugin({ name: 'door', requires: ['jobs'] }) as unknown as Parameters<
    typeof namespacedJobs
  >[0];
  const jobs = (load: ServerLoad) => namespacedJobs(plugin, {} as JobsHost, 1, load);

  it("answers from this process's load", async () => {
    const load = new ServerLoad();
    expect(await jobs(load).quiet(100)).toBe(true);
  });

  it.each([-1, 1.5, 60_001, Number.NaN, '100'])(
    'refuses the bound %s (400 ERR_VALIDATION)',
    async (bound) => {
      const err = await jobs(new ServerLoad())
        .quiet(bound as number)
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(400);
    },
  );
});
