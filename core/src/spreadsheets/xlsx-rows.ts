import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { SheetError, type SheetLimits, type SheetRow } from './sheet-errors.js';
import { InflateBudget, InflateLimitError, inflateEntry, type ZipEntry, zipEntries } from './zip-entries.js';

/** The XML events one part's reader reacts to; a throw from a handler stops reading there. */
interface XmlHandlers {
  open?(tag: SaxesTagPlain): void;
  text?(text: string): void;
  close?(name: string): void;
}

/** Streams one part of the archive through a SAX parser: the part is never held whole. */
async function readPart(zip: Buffer, entry: ZipEntry, budget: InflateBudget, on: XmlHandlers) {
  const parser = new SaxesParser();
  if (on.open) parser.on('opentag', on.open);
  if (on.text) {
    parser.on('text', on.text);
    parser.on('cdata', on.text);
  }
  const close = on.close;
  if (close) parser.on('closetag', (tag) => close(tag.name));
  const decoder = new StringDecoder('utf8');
  for await (const chunk of inflateEntry(zip, entry, budget)) parser.write(decoder.write(chunk));
  parser.write(decoder.end()).close();
}

/** The part a relationship target names (targets are relative to xl/ unless absolute). */
const partName = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target}`);

/** The first sheet's part and the shared strings' part, from the workbook and its relationships. */
async function locateParts(zip: Buffer, entries: Map<string, ZipEntry>, budget: InflateBudget) {
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

/** The shared strings table: each `<si>`'s text (rich runs joined, phonetic hints left out). */
async function readSharedStrings(zip: Buffer, entry: ZipEntry | undefined, budget: InflateBudget) {
  const strings: string[] = [];
  if (!entry) return strings;
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
      else if (name === 'si') strings.push(current);
    },
  });
  return strings;
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
function cellText(type: string, raw: string, shared: string[]): string {
  if (type === 's') return shared[Number(raw)] ?? '';
  if (type === 'b') return raw === '1' ? 'TRUE' : 'FALSE';
  if (type === 'n' && raw !== '') {
    const n = Number(raw);
    return Number.isFinite(n) ? String(n) : raw;
  }
  return raw;
}

/**
 * The non-empty rows of an .xlsx's first sheet, streamed: every part is inflated chunk by chunk against one budget
 * (`maxUnzippedBytes`), and reading stops at the first row past `maxRows`. The budget's counter is in the refusal.
 */
export async function readXlsxRows(zip: Buffer, limits: SheetLimits): Promise<SheetRow[]> {
  const budget = new InflateBudget(limits.maxUnzippedBytes);
  const rows: SheetRow[] = [];
  try {
    const entries = zipEntries(zip);
    const parts = await locateParts(zip, entries, budget);
    const shared = await readSharedStrings(zip, parts.sharedStrings, budget);
    let rowNumber = 0;
    let cells: string[] = [];
    let column = -1;
    let type = 'n';
    let raw = '';
    let inValue = false;
    let phonetic = 0;
    await readPart(zip, parts.sheet, budget, {
      open: (tag) => {
        const a = tag.attributes;
        if (tag.name === 'row') {
          rowNumber = Number(a.r) || rowNumber + 1;
          cells = new Array<string>(limits.columns).fill('');
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
        else if (name === 'c' && column < limits.columns) cells[column] = cellText(type, raw, shared).trim();
        else if (name === 'row' && cells.some((c) => c !== '')) {
          rows.push({ row: rowNumber, cells });
          if (rows.length > limits.maxRows)
            throw new SheetError('tooManyRows', { inflatedBytes: budget.inflatedBytes, rows: rows.length });
        }
      },
    });
    return rows;
  } catch (err) {
    if (err instanceof SheetError) throw err;
    if (err instanceof InflateLimitError)
      throw new SheetError('tooLarge', { inflatedBytes: err.inflatedBytes, rows: rows.length });
    throw new SheetError('unreadable', { inflatedBytes: budget.inflatedBytes, rows: rows.length });
  }
}
