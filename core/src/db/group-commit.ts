/**
 * Group commit: items pushed while `maxInFlight` batches run wait and go together in the next batch (up to `maxBatch`,
 * in push order). A lone item runs at once. `run` must settle every item of its batch itself and never throw.
 * @example const notices = new GroupCommit<Notice>({ maxBatch: 200, maxInFlight: 1, run: sendAll })
 */
export class GroupCommit<T> {
  private queue: T[] = [];
  private inFlight = 0;

  constructor(
    private readonly opts: { maxBatch: number; maxInFlight: number; run(batch: T[]): Promise<void> },
  ) {}

  push(item: T): void {
    this.queue.push(item);
    this.pump();
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
