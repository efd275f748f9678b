import type { Middleware } from 'koa';

/**
 * How busy this process is with interactive work: the HTTP requests it is answering right now. Background work (a
 * campaign's dispatch) asks `quiet(atMostMs)` before each unit and so runs in the gaps between requests instead of
 * beside them on the same event loop, CPU and connection pool. The wait is bounded: a server that is never idle still
 * lets the background work go on, one unit per `atMostMs` at worst. A process that answers no HTTP (a `worker` role
 * instance) is always idle here: the door then costs nothing.
 */
export class ServerLoad {
  private inFlight = 0;
  private waiters = new Set<() => void>();

  /** Koa middleware counting the requests in flight (from arrival to the end of the handler chain). */
  readonly track: Middleware = async (_ctx, next) => {
    this.inFlight += 1;
    try {
      await next();
    } finally {
      this.inFlight -= 1;
      if (this.inFlight === 0) this.wakeAll();
    }
  };

  /** Requests being answered now. */
  get requestsInFlight(): number {
    return this.inFlight;
  }

  /**
   * Resolves at once when no request is in flight, else when the last one ends or after `atMostMs`, whichever comes
   * first; the answer says which (true: it was or became quiet).
   */
  quiet(atMostMs: number): Promise<boolean> {
    if (this.inFlight === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve(true);
      };
      const timer = setTimeout(
        () => {
          this.waiters.delete(wake);
          resolve(false);
        },
        Math.max(0, atMostMs),
      );
      this.waiters.add(wake);
    });
  }

  private wakeAll(): void {
    for (const wake of [...this.waiters]) wake();
  }
}
