import { Readable } from 'node:stream';
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

/**
 * The entries of a zip held in memory, by name, from its central directory (the archive is at most the upload
 * limit, so it is read whole; only what it inflates to is streamed). Nothing is inflated here.
 */
export function zipEntries(zip: Buffer): Map<string, ZipEntry> {
  const from = Math.max(0, zip.length - 22 - 0xffff);
  let end = -1;
  for (let i = zip.length - 22; i >= from; i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ZipFormatError('no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, ZipEntry>();
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL)
      throw new ZipFormatError('bad central entry');
    const flags = zip.readUInt16LE(at + 8);
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const entry: ZipEntry = {
      name,
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      offset: zip.readUInt32LE(at + 42),
    };
    // Encrypted entries and zip64 sizes (0xffffffff) are nothing a spreadsheet of our size limit needs.
    if (flags & 1 || entry.compressedSize === 0xffffffff || entry.offset === 0xffffffff)
      throw new ZipFormatError('unsupported entry');
    entries.set(name, entry);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/**
 * The entry's inflated bytes chunk by chunk; each chunk is charged to `budget` before it is handed on, so a zip bomb
 * stops at the limit (the declared sizes are not trusted: they can lie).
 */
export async function* inflateEntry(
  zip: Buffer,
  entry: ZipEntry,
  budget: InflateBudget,
): AsyncGenerator<Buffer> {
  const at = entry.offset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw new ZipFormatError('bad local header');
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const data = zip.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) {
    budget.take(data.length);
    yield data;
    return;
  }
  if (entry.method !== 8) throw new ZipFormatError('unsupported compression');
  const inflate = Readable.from([data]).pipe(createInflateRaw());
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      budget.take(chunk.length);
      yield chunk;
    }
  } finally {
    inflate.destroy();
  }
}
