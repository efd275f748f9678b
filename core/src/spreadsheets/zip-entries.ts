import type { FileHandle } from 'node:fs/promises';
import { pipeline, Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

/** One file of a zip archive, as its central directory lists it. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  /** Where the entry's local header starts. */
  offset: number;
}

/** Raised when an archive is not a zip this reader takes (broken, encrypted, zip64, unknown compression). */
export class ZipFormatError extends Error {}

/** Raised when inflating would pass the budget: the reader stops there, before the rest is inflated. */
export class InflateLimitError extends Error {
  constructor(readonly inflatedBytes: number) {
    super('inflate limit reached');
  }
}

/** Counts inflated bytes across every entry read from one archive and stops at `limit`. */
export class InflateBudget {
  inflatedBytes = 0;
  constructor(readonly limit: number) {}
  take(bytes: number): void {
    this.inflatedBytes += bytes;
    if (this.inflatedBytes > this.limit) throw new InflateLimitError(this.inflatedBytes);
  }
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** The end record's size without its comment, and the longest comment it may have. */
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;

/**
 * Where an archive's bytes are read from: a file on disk (the reader's worker: only what is being inflated is in
 * memory, whatever the file's size) or a buffer (tests).
 */
export interface ZipSource {
  readonly size: number;
  /** Up to `length` bytes from `position` (fewer past the end). */
  read(position: number, length: number): Promise<Buffer>;
  /** The bytes from `start` to `end` (exclusive), in chunks. */
  stream(start: number, end: number): Readable;
}

/** An archive held in memory. */
export function bufferSource(zip: Buffer): ZipSource {
  return {
    size: zip.length,
    read: async (position, length) => zip.subarray(position, position + length),
    stream: (start, end) => Readable.from([zip.subarray(start, end)]),
  };
}

/** Bytes a file source reads at a time. */
const FILE_CHUNK = 64 * 1024;

/** An archive read from an open file, 64 KB at a time; the caller closes the handle. */
export async function fileSource(handle: FileHandle): Promise<ZipSource> {
  const { size } = await handle.stat();
  const read = async (position: number, length: number) => {
    const bytes = Buffer.alloc(Math.max(0, Math.min(length, size - position)));
    const { bytesRead } = await handle.read(bytes, 0, bytes.length, position);
    return bytes.subarray(0, bytesRead);
  };
  async function* chunks(start: number, end: number) {
    for (let at = start; at < end; at += FILE_CHUNK) {
      const piece = await read(at, Math.min(FILE_CHUNK, end - at));
      if (piece.length === 0) return;
      yield piece;
    }
  }
  return { size, read, stream: (start, end) => Readable.from(chunks(start, end), { objectMode: false }) };
}

/**
 * The entries of a zip, by name, from its central directory (read alone: the end record, then the directory; the
 * entries' data stay where they are). Nothing is inflated here.
 */
export async function zipEntries(source: ZipSource): Promise<Map<string, ZipEntry>> {
  const tailStart = Math.max(0, source.size - EOCD_SIZE - MAX_COMMENT);
  const tail = await source.read(tailStart, source.size - tailStart);
  let end = -1;
  for (let i = tail.length - EOCD_SIZE; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ZipFormatError('no end of central directory');
  const count = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryStart = tail.readUInt32LE(end + 16);
  if (directoryStart + directorySize > tailStart + end) throw new ZipFormatError('bad central directory');
  const dir = await source.read(directoryStart, directorySize);
  let at = 0;
  const entries = new Map<string, ZipEntry>();
  for (let n = 0; n < count; n++) {
    if (at + 46 > dir.length || dir.readUInt32LE(at) !== CENTRAL)
      throw new ZipFormatError('bad central entry');
    const flags = dir.readUInt16LE(at + 8);
    const nameLength = dir.readUInt16LE(at + 28);
    const name = dir.toString('utf8', at + 46, at + 46 + nameLength);
    const entry: ZipEntry = {
      name,
      method: dir.readUInt16LE(at + 10),
      compressedSize: dir.readUInt32LE(at + 20),
      offset: dir.readUInt32LE(at + 42),
    };
    // Encrypted entries and zip64 sizes (0xffffffff) are nothing a spreadsheet of our size limit needs.
    if (flags & 1 || entry.compressedSize === 0xffffffff || entry.offset === 0xffffffff)
      throw new ZipFormatError('unsupported entry');
    entries.set(name, entry);
    at += 46 + nameLength + dir.readUInt16LE(at + 30) + dir.readUInt16LE(at + 32);
  }
  return entries;
}

/**
 * The entry's inflated bytes chunk by chunk, its compressed bytes streamed from the source; each chunk is charged to
 * `budget` before it is handed on, so a zip bomb stops at the limit (the declared sizes are not trusted: they can lie).
 */
export async function* inflateEntry(
  source: ZipSource,
  entry: ZipEntry,
  budget: InflateBudget,
): AsyncGenerator<Buffer> {
  const header = await source.read(entry.offset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL) throw new ZipFormatError('bad local header');
  const start = entry.offset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  const end = start + entry.compressedSize;
  if (end > source.size) throw new ZipFormatError('entry past the end');
  if (entry.method !== 0 && entry.method !== 8) throw new ZipFormatError('unsupported compression');
  const data = source.stream(start, end);
  // pipeline: a failed read of the file fails the inflate (and so this loop) instead of leaving it waiting.
  const bytes = entry.method === 0 ? data : pipeline(data, createInflateRaw(), () => undefined);
  try {
    for await (const chunk of bytes as AsyncIterable<Buffer>) {
      budget.take(chunk.length);
      yield chunk;
    }
  } finally {
    bytes.destroy();
    data.destroy();
  }
}
