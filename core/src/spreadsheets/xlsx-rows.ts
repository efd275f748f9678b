import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { SharedStrings } from './shared-strings.js';
import { SheetError, type SheetLimits, type SheetRow } from './sheet-errors.js';
import {
  bufferSource,
  InflateBudget,
  InflateLimitError,
  inflateEntry,
  type ZipEntry,
  type ZipSource,
  zipEntries,
} from './zip-entries.js';

/** The XML events one part's reader reacts to; a throw from a handler stops reading there. */
interface XmlHandlers {
  open?(tag: SaxesTagPlain): void;
  text?(text: string): void;
  close?(name: string): void;
}

/**
 * Streams one part of the archive through a SAX parser: the part is never held whole. `afterChunk` is awaited after
 * each inflated chunk is parsed (where a reader hands on what it has and may wait).
 */
async function readPart(
  zip: ZipSource,
  entry: ZipEntry,
  budget: InflateBudget,
  on: XmlHandlers,
  afterChunk?: () => Promise<void>,
) {
  const parser = new SaxesParser();
  if (on.open) parser.on('opentag', on.open);
  if (on.text) {
    parser.on('text', on.text);
    parser.on('cdata', on.text);
  }
  const close = on.close;
  if (close) parser.on('closetag', (tag) => close(tag.name));
  const decoder = new StringDecoder('utf8');
  for await (const chunk of inflateEntry(zip, entry, budget)) {
    parser.write(decoder.write(chunk));
    if (afterChunk) await afterChunk();
  }
  parser.write(decoder.end()).close();
}

/** The part a relationship target names (targets are relative to xl/ unless absolute). */
const partName = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target}`);

/** The first sheet's part and the shared strings' part, from the workbook and its relationships. */
async function locateParts(zip: ZipSource, entries: Map<string, ZipEntry>, budget: InflateBudget) {
  const book = entries.get('xl/workbook.xml');
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (!book || !rels) throw new SheetError('unreadable');
  let firstSheetRel: string | undefined;
  await readPart(zip, book, budget, {
    open: (tag) => {
      if (tag.name === 'sheet' && firstSheetRel === undefined)
        firstSheetRel = String(tag.attributes['r:id'] ?? '');
    },
  });
  const targets = new Map<string, string>();
  let sharedStrings = 'xl/sharedStrings.xml';
  await readPart(zip, rels, budget, {
    open: (tag) => {
      if (tag.name !== 'Relationship') return;
      const target = partName(String(tag.attributes.Target ?? ''));
      targets.set(String(tag.attributes.Id ?? ''), target);
      if (String(tag.attributes.Type ?? '').endsWith('/sharedStrings')) sharedStrings = target;
    },
  });
  const sheet = entries.get(targets.get(firstSheetRel ?? '') ?? '');
  if (!sheet) throw new SheetError('unreadable');
  return { sheet, sharedStrings: entries.get(sharedStrings) };
}

/**
 * The shared strings table: each `<si>`'s text (rich runs joined, phonetic hints left out), into `strings` (kept in a
 * file: shared-strings.ts).
 */
async function readSharedStrings(
  zip: ZipSource,
  entry: ZipEntry | undefined,
  budget: InflateBudget,
  strings: SharedStrings,
) {
  if (!entry) return;
  let current = '';
  let inText = false;
  let phonetic = 0;
  await readPart(zip, entry, budget, {
    open: (tag) => {
      if (tag.name === 'si') current = '';
      else if (tag.name === 'rPh') phonetic++;
      else if (tag.name === 't') inText = phonetic === 0;
    },
    text: (text) => {
      if (inText) current += text;
    },
    close: (name) => {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si') strings.add(current);
    },
  });
}

/** Column index (0-based) of a cell reference such as `B12`, or -1 when it has none. */
function columnOf(ref: string): number {
  const letters = /^[A-Z]+/.exec(ref)?.[0];
  if (!letters) return -1;
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** A cell's text as a user sees it in the sheet, by its type (`t`). */
function cellText(type: string, raw: string, shared: SharedStrings): string {
  if (type === 's') return shared.get(Number(raw));
  if (type === 'b') return raw === '1' ? 'TRUE' : 'FALSE';
  if (type === 'n' && raw !== '') {
    const n = Number(raw);
    return Number.isFinite(n) ? String(n) : raw;
  }
  return raw;
}

/**
 * Calls `onRow` with each non-empty row of the sheet part, in order; `afterChunk` as `readPart` says. A throw from
 * `onRow` stops reading there.
 */
async function scanSheet(
  zip: ZipSource,
  sheet: ZipEntry,
  shared: SharedStrings,
  columns: number,
  budget: InflateBudget,
  onRow: (row: SheetRow) => void,
  afterChunk?: () => Promise<void>,
) {
  let rowNumber = 0;
  let cells: string[] = [];
  let column = -1;
  let type = 'n';
  let raw = '';
  let inValue = false;
  let phonetic = 0;
  await readPart(
    zip,
    sheet,
    budget,
    {
      open: (tag) => {
        const a = tag.attributes;
        if (tag.name === 'row') {
          rowNumber = Number(a.r) || rowNumber + 1;
          cells = new Array<string>(columns).fill('');
          column = -1;
        } else if (tag.name === 'c') {
          const at = columnOf(String(a.r ?? ''));
          column = at >= 0 ? at : column + 1;
          type = String(a.t ?? 'n');
          raw = '';
        } else if (tag.name === 'rPh') phonetic++;
        else if (tag.name === 'v' || tag.name === 't') inValue = phonetic === 0;
      },
      text: (text) => {
        if (inValue) raw += text;
      },
      close: (name) => {
        if (name === 'v' || name === 't') inValue = false;
        else if (name === 'rPh') phonetic--;
        else if (name === 'c' && column < columns) cells[column] = cellText(type, raw, shared).trim();
        else if (name === 'row' && cells.some((c) => c !== '')) onRow({ row: rowNumber, cells });
      },
    },
    afterChunk,
  );
}

/** Where a streamed read hands its rows: batches of `batchSize` rows (the last one shorter), each awaited before reading on. */
export interface RowSink {
  batchSize: number;
  /** The sheet's non-empty rows (known before the first batch) and the next rows, in the sheet's order. */
  batch(rows: SheetRow[], total: number): Promise<void>;
}

/** The refusal for whatever stopped a read: ours as it is, the inflate limit `tooLarge`, the rest `unreadable`. */
function asSheetError(err: unknown, budget: InflateBudget, rows: number): SheetError {
  if (err instanceof SheetError) return err;
  if (err instanceof InflateLimitError)
    return new SheetError('tooLarge', { inflatedBytes: err.inflatedBytes, rows });
  return new SheetError('unreadable', { inflatedBytes: budget.inflatedBytes, rows });
}

/**
 * The non-empty rows of an .xlsx's first sheet, streamed to `sink` in batches: the sheet part is read twice, first
 * to count its rows (a sheet past `maxRows` is refused whole, before any batch; the count is each batch's `total`),
 * then to hand them on, reading no further while the sink stores a batch (backpressure). Every part is inflated
 * chunk by chunk against the budget (`maxUnzippedBytes`; the second pass over the sheet has a budget of its own,
 * the first one having proved the sheet fits). One batch is held at a time; the shared strings wait in a file.
 */
export async function streamXlsxRows(zip: ZipSource, limits: SheetLimits, sink: RowSink): Promise<number> {
  let budget = new InflateBudget(limits.maxUnzippedBytes);
  let total = 0;
  let handed = 0;
  /** What the sink threw (the reader stopped, the consumer failed): passed on as it is, never called unreadable. */
  let sinkError: { err: unknown } | undefined;
  const shared = new SharedStrings();
  try {
    const entries = await zipEntries(zip);
    const parts = await locateParts(zip, entries, budget);
    await readSharedStrings(zip, parts.sharedStrings, budget, shared);
    await scanSheet(zip, parts.sheet, shared, limits.columns, budget, () => {
      total++;
      if (total > limits.maxRows)
        throw new SheetError('tooManyRows', { inflatedBytes: budget.inflatedBytes, rows: total });
    });
    budget = new InflateBudget(limits.maxUnzippedBytes);
    const pending: SheetRow[] = [];
    /** Hands on `batchSize` rows at a time while there are that many (all that is left at the end). */
    const flush = async (atEnd: boolean) => {
      while (pending.length >= sink.batchSize || (atEnd && pending.length > 0)) {
        const rows = pending.splice(0, sink.batchSize);
        handed += rows.length;
        try {
          await sink.batch(rows, total);
        } catch (err) {
          sinkError = { err };
          throw err;
        }
      }
    };
    await scanSheet(
      zip,
      parts.sheet,
      shared,
      limits.columns,
      budget,
      (row) => {
        if (handed + pending.length < total) pending.push(row);
      },
      () => flush(false),
    );
    await flush(true);
    return total;
  } catch (err) {
    if (sinkError) throw sinkError.err;
    throw asSheetError(err, budget, Math.max(total, handed));
  } finally {
    shared.close();
  }
}

/** The non-empty rows of an .xlsx's first sheet, read whole (`streamXlsxRows` into one array). */
export async function readXlsxRows(zip: Buffer, limits: SheetLimits): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  await streamXlsxRows(bufferSource(zip), limits, {
    batchSize: Number.POSITIVE_INFINITY,
    batch: async (batch) => {
      rows.push(...batch);
    },
  });
  return rows;
}
