import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Appended bytes wait in a buffer of this size, then go to the file in one write. */
const WRITE_CHUNK = 64 * 1024;
/** What one read of the file brings in (more for a longer piece). */
const READ_BLOCK = 64 * 1024;

/**
 * A temporary file written only at its end and read anywhere, through one write buffer and one read block: what it
 * holds in memory does not depend on how much it holds. Unlinked as soon as it is open, so nothing is left behind
 * even when the process or the worker stops; `close` frees it. Its reads and writes block (a worker thread's work).
 */
class SpillFile {
  private readonly fd: number;
  private readonly file: string;
  private unlinked = false;
  private readonly pending = Buffer.alloc(WRITE_CHUNK);
  private pendingBytes = 0;
  private flushed = 0;
  private block = Buffer.alloc(READ_BLOCK);
  private blockStart = 0;
  private blockLength = 0;

  constructor(dir: string) {
    this.file = path.join(dir, `balcao-sheet-strings-${randomUUID()}`);
    this.fd = openSync(this.file, 'w+', 0o600);
    try {
      unlinkSync(this.file);
      this.unlinked = true;
    } catch {
      // A system that cannot unlink an open file: it goes at close.
    }
  }

  /** Bytes appended so far (written and pending). */
  get length(): number {
    return this.flushed + this.pendingBytes;
  }

  appendText(text: string): void {
    const bytes = Buffer.byteLength(text, 'utf8');
    if (this.pendingBytes + bytes > WRITE_CHUNK) this.flush();
    if (bytes > WRITE_CHUNK) this.writeAt(Buffer.from(text, 'utf8'));
    else this.pendingBytes += this.pending.write(text, this.pendingBytes, 'utf8');
  }

  appendUInt32(n: number): void {
    if (this.pendingBytes + 4 > WRITE_CHUNK) this.flush();
    this.pendingBytes = this.pending.writeUInt32LE(n, this.pendingBytes);
  }

  /** `length` bytes from `start`: a view that the next read may overwrite. */
  read(start: number, length: number): Buffer {
    if (start + length > this.flushed) this.flush();
    if (start < this.blockStart || start + length > this.blockStart + this.blockLength) {
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
    return this.block.subarray(start - this.blockStart, start - this.blockStart + length);
  }

  close(): void {
    closeSync(this.fd);
    if (!this.unlinked) unlinkSync(this.file);
  }

  private flush(): void {
    if (this.pendingBytes === 0) return;
    const bytes = this.pendingBytes;
    this.pendingBytes = 0;
    this.writeAt(this.pending.subarray(0, bytes));
  }

  private writeAt(bytes: Buffer): void {
    let written = 0;
    while (written < bytes.length)
      written += writeSync(this.fd, bytes, written, bytes.length - written, this.flushed + written);
    this.flushed += bytes.length;
  }
}

/**
 * An .xlsx's shared strings table, kept in temporary files: the strings' bytes in one, each string's end offset
 * (4 bytes) in another. Held as JS strings, 50,000 rows of three distinct cells kept 11.5 MB of heap; with the offsets
 * in memory, the table still grew by 4 bytes a string (4 MB at 200,000 rows). Now it holds two 64 KB write buffers and
 * two read blocks whatever the sheet's size. Rows mostly name strings in the order the table lists them, so one block
 * read serves the next many. Runs in the reader's worker thread.
 * @example const t = new SharedStrings(); t.add('Ana'); t.get(0) === 'Ana'; t.close()
 */
export class SharedStrings {
  private readonly text: SpillFile;
  private readonly ends: SpillFile;
  private count = 0;

  constructor(dir = os.tmpdir()) {
    this.text = new SpillFile(dir);
    try {
      this.ends = new SpillFile(dir);
    } catch (err) {
      this.text.close();
      throw err;
    }
  }

  get size(): number {
    return this.count;
  }

  add(text: string): void {
    this.text.appendText(text);
    this.ends.appendUInt32(this.text.length);
    this.count++;
  }

  /** The string at `index` ('' past the table's end, as a cell naming a missing string reads). */
  get(index: number): string {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return '';
    const start = index === 0 ? 0 : this.endOf(index - 1);
    const end = this.endOf(index);
    if (end === start) return '';
    return this.text.read(start, end - start).toString('utf8');
  }

  close(): void {
    this.text.close();
    this.ends.close();
  }

  private endOf(index: number): number {
    return this.ends.read(index * 4, 4).readUInt32LE(0);
  }
}
