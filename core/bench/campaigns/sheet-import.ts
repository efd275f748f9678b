import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { BASE, rssMb } from '../attendance/server.js';

export interface ImportFigures {
  rows: number;
  fileMb: number;
  seconds: number;
  imported: number;
  refused: number;
  idleMb: number;
  peakMb: number;
}

/** The n-th row of the generated sheet: a unique Brazilian mobile, formatted as people type them. */
const rowOf = (n: number) => {
  const digits = String(900_000_000 + n);
  return [`Cliente ${n}`, `+55 (11) ${digits.slice(0, 5)}-${digits.slice(5)}`, `cliente${n}@exemplo.com.br`];
};

/**
 * Writes an .xlsx of `rows` rows (name, number, e-mail; no header: the reader's default bound, 50,000 non-empty rows,
 * counts a header as a row) with shared strings, as Excel writes one. Streamed, so the bench's memory stays out of it.
 */
export async function writeSheet(rows: number, offset: number): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'balcao-bench-sheet-'));
  const filename = path.join(dir, `lista-${rows}.xlsx`);
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename, useSharedStrings: true });
  const sheet = book.addWorksheet('Contatos');
  for (let i = 1; i <= rows; i++) sheet.addRow(rowOf(offset + i)).commit();
  sheet.commit();
  await book.commit();
  return filename;
}

async function api<T>(token: string, pathname: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${BASE}${pathname}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${pathname}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

export const createList = (token: string, name: string) =>
  api<{ id: number }>(token, '/api/contact-lists', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });

/**
 * Uploads a sheet of `rows` rows to a new list through `POST /api/contact-lists/{id}/upload` (the browser's call),
 * timing it from the request to the answer, and samples the server's RSS every 100 ms meanwhile. The list is deleted
 * afterwards, so its background WhatsApp check does not run under the later measurements.
 */
export async function importSheet(
  token: string,
  serverPid: number,
  rows: number,
  offset: number,
): Promise<ImportFigures> {
  const file = await writeSheet(rows, offset);
  try {
    const bytes = await readFile(file);
    const list = await createList(token, `Bench ${rows} ${Date.now()}`);
    const form = new FormData();
    form.append('file', new Blob([bytes]), path.basename(file));
    const idleMb = await rssMb(serverPid);
    let peakMb = idleMb;
    const sampler = setInterval(() => {
      rssMb(serverPid).then(
        (mb) => {
          peakMb = Math.max(peakMb, mb);
        },
        () => undefined,
      );
    }, 100);
    const started = performance.now();
    let summary: { imported: number; refused: number };
    try {
      summary = await api(token, `/api/contact-lists/${list.id}/upload`, { method: 'POST', body: form });
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;
    peakMb = Math.max(peakMb, await rssMb(serverPid));
    if (summary.imported !== rows)
      throw new Error(`import of ${rows} rows: ${summary.imported} imported, ${summary.refused} refused`);
    await api(token, `/api/contact-lists/${list.id}`, { method: 'DELETE' });
    return {
      rows,
      fileMb: Math.round((bytes.length / 1024 / 1024) * 10) / 10,
      seconds,
      imported: summary.imported,
      refused: summary.refused,
      idleMb,
      peakMb,
    };
  } finally {
    await rm(path.dirname(file), { recursive: true, force: true });
  }
}
