import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Written strings wait in memory until this many bytes are pending, then go to the file in one write. */
const WRITE_CHUNK = 64 * 1024;
/** What one read of the file brings in (more for a longer string). */
const READ_BLOCK = 64 * 1024;

/**
 * An .xlsx's shared strings table, kept in a temporary file with only each string's end offset in memory (4 bytes a
 * string): held as JS strings, 50,000 rows of three distinct cells kept 11.5 MB of heap for the whole read, so a
 * sheet's memory grew with its rows. The file is unlinked as soon as it is open (nothing is left behind, even when the
 * reader's worker is stopped); `close` frees it. Runs in the reader's worker thread, so its reads may block.
 * @example const t = new SharedStrings(); t.add('Ana'); t.get(0) === 'Ana'; t.close()
 */
export class SharedStrings {
  private readonly fd: number;
  private readonly file: string;
  private unlinked = false;
  private ends = new Uint32Array(1024);
  private count = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Bytes in the file (written) and in the table (written and pending). */
  private flushed = 0;
  private total = 0;
  /** The file's bytes last read: `blockLength` bytes from `blockStart`. */
  private block = Buffer.alloc(READ_BLOCK);
  private blockStart = 0;
  private blockLength = 0;

  constructor(dir = os.tmpdir()) {
    this.file = path.join(dir, `balcao-sheet-strings-${randomUUID()}`);
    this.fd = openSync(this.file, 'w+', 0o600);
    try {
      unlinkSync(this.file);
      this.unlinked = true;
    } catch {
      // A system that cannot unlink an open file: it goes at close.
    }
  }

  get size(): number {
    return this.count;
  }

  add(text: string): void {
    const bytes = Buffer.from(text, 'utf8');
    if (this.count === this.ends.length) {
      const grown = new Uint32Array(this.ends.length * 2);
      grown.set(this.ends);
      this.ends = grown;
    }
    this.total += bytes.length;
    this.ends[this.count++] = this.total;
    if (bytes.length === 0) return;
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    if (this.pendingBytes >= WRITE_CHUNK) this.flush();
  }

  /** The string at `index` ('' past the table's end, as a cell naming a missing string reads). */
  get(index: number): string {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return '';
    const start = index === 0 ? 0 : this.ends[index - 1];
    const length = this.ends[index] - start;
    if (length === 0) return '';
    const end = this.ends[index];
    if (end > this.flushed) this.flush();
    // Rows mostly name strings in the order the table lists them: one block read serves the next many.
    if (start < this.blockStart || end > this.blockStart + this.blockLength) this.readBlock(start, length);
    return this.block.toString('utf8', start - this.blockStart, end - this.blockStart);
  }

  close(): void {
    closeSync(this.fd);
    if (!this.unlinked) unlinkSync(this.file);
  }

  private readBlock(start: number, length: number): void {
    if (this.block.length < length) this.block = Buffer.alloc(length);
    const want = Math.min(this.block.length, this.flushed - start);
    let read = 0;
    while (read < want) {
      const n = readSync(this.fd, this.block, read, want - read, start + read);
      if (n === 0) break;
      read += n;
    }
    this.blockStart = start;
    this.blockLength = read;
  }

  private flush(): void {
    if (this.pendingBytes === 0) return;
    const chunk = Buffer.concat(this.pending, this.pendingBytes);
    let written = 0;
    while (written < chunk.length)
      written += writeSync(this.fd, chunk, written, chunk.length - written, this.flushed + written);
    this.flushed += chunk.length;
    this.pending = [];
    this.pendingBytes = 0;
  }
}
