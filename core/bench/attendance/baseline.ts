import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Row } from './http-rows.js';

/**
 * The p95 of every row as last accepted, kept in the repository (baseline.json, per scale), so a run tells a
 * regression from noise without anyone remembering the last figures (issue 30). A row regressed when its p95 is
 * more than 1.5 × its baseline and 5 ms above it: wide enough for a shared machine's noise, narrow enough for the
 * doublings issue 30 found. `BENCH_WRITE_BASELINE=1` stores this run's figures as the new baseline.
 */
const FILE = path.join(import.meta.dirname, 'baseline.json');

type Baselines = Record<string, Record<string, number>>;

/** A row's key: its title without the seed's names, numbers and page (they differ between scales, not in kind). */
export const rowKey = (title: string): string =>
  title.replace(/"[^"]*"/g, '"…"').replace(/page \d+ \(long/, 'page N (long');

export async function readBaseline(scale: number): Promise<Record<string, number>> {
  const all = JSON.parse(await readFile(FILE, 'utf8').catch(() => '{}')) as Baselines;
  return all[String(scale)] ?? {};
}

/** The comparison cell: the baseline's p95 and whether this run kept to it. */
export function againstBaseline(row: Row, baseline: Record<string, number>): string {
  const was = baseline[rowKey(row.title)];
  if (was === undefined) return '– | no baseline';
  const regressed = row.p95 > was * 1.5 && row.p95 > was + 5;
  return `${was} | ${regressed ? '**regressed**' : 'kept'}`;
}

export async function writeBaseline(scale: number, rows: Row[]): Promise<void> {
  const all = JSON.parse(await readFile(FILE, 'utf8').catch(() => '{}')) as Baselines;
  all[String(scale)] = Object.fromEntries(rows.map((r) => [rowKey(r.title), r.p95]));
  await writeFile(FILE, `${JSON.stringify(all, null, 2)}\n`);
}
