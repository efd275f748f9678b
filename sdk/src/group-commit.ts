/**
 * Group commit: items pushed while `maxInFlight` batches run wait and go together in the next batch (up to `maxBatch`,
 * in push order). A batch starts once the code that pushed its first item has run to its end (a microtask later), so
 * items pushed together (a loop that offers many turns, the messages of one stored batch) go in one batch: issue 30,
 * the first item of such a burst went alone and the rest in a second statement. `run` must settle every item of its
 * batch itself and never throw.
 * @example const notices = new GroupCommit<Notice>({ maxBatch: 200, maxInFlight: 1, run: sendAll })
 */
export class GroupCommit<T> {
  private queue: T[] = [];
  private inFlight = 0;
  private pumpDue = false;

  constructor(
    private readonly opts: { maxBatch: number; maxInFlight: number; run(batch: T[]): Promise<void> },
  ) {}

  push(item: T): void {
    this.queue.push(item);
    if (this.pumpDue || this.inFlight >= this.opts.maxInFlight) return;
    this.pumpDue = true;
    queueMicrotask(() => {
      this.pumpDue = false;
      this.pump();
    });
  }

  /** Starts batches while a slot is free; each finished batch looks for the next. */
  private pump(): void {
    while (this.inFlight < this.opts.maxInFlight && this.queue.length) {
      const batch = this.queue.splice(0, this.opts.maxBatch);
      this.inFlight++;
      void this.opts.run(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }
}
