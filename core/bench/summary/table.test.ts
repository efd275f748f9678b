import { describe, expect, it } from 'vitest';
import { type HttpRow, issue30Rows, renderSummary } from './table.js';

const row = (title: string, p95: number, target = 30): HttpRow => ({ title, target, p95, rps: 100 });

const attendance = [
  row('admin: tickets status=open', 12),
  row('user: tickets tags (search tab)', 16),
  row('admin: search contact name "Heitor Pereira"', 41, 50),
  row('admin: search surname "pereira"', 116, 50),
  row('admin: contacts search surname "pereira"', 34, 50),
  row('admin: messages page 1', 6, 15),
  row('admin: search number "4898320"', 39, 100),
  row('admin: contacts page 1 (no search)', 30, 50),
];

describe("issue 30's summary", () => {
  it('groups the attendance rows by issue 30 row and judges the worst p95 of each', () => {
    const rows = issue30Rows({ attendance });
    const by = (name: string) => rows.find((r) => r.row.startsWith(name));
    expect(by('ticket lists')).toMatchObject({ met: true });
    expect(by('ticket lists')?.figure).toContain('16 ms over 2 rows');
    expect(by('ticket search by name')).toMatchObject({ met: false });
    expect(by('ticket search by name')?.figure).toContain('search surname');
    expect(by('contact search')).toMatchObject({ met: true });
    expect(by('message page')).toMatchObject({ met: true });
    // Rows outside issue 30's groups keep their own goals.
    expect(by('other attendance rows')).toMatchObject({ met: true, figure: 'all 2 under their goal' });
  });

  it('judges login, dashboard, ingest, memory and the first load against their goals', () => {
    const rows = issue30Rows({
      login: { perSecond: 31.5, p95: 80, cpuMsPerLogin: 42, connections: 2 },
      dashboard: [row('GET /api/dashboard', 99.9, 300)],
      ingest: { perSecond: 2100, rawPerSecond: 10000 },
      rss: { startMb: 150, afterMb: 251 },
      firstLoadJsGzipBytes: 219 * 1024,
      coldLoginMedianMs: 1500,
    });
    const met = Object.fromEntries(rows.map((r) => [r.row, r.met]));
    expect(met).toMatchObject({
      'login (c = 2): rate': true,
      'login: server CPU per login': false,
      'dashboard, all calls of the page': true,
      'ingest through the web chat API, 1,000 new visitors': false,
      'RSS at start': true,
      'RSS after the runs (peak)': false,
      'first load of /login: JavaScript gzipped': true,
      'cold login form usable (median of cold loads)': false,
    });
  });

  it('says "not measured" for a part that did not run, never met', () => {
    const rows = issue30Rows({});
    expect(rows.every((r) => r.met === null && r.figure === 'not measured')).toBe(true);
    const text = renderSummary(rows);
    expect(text).toContain('| Row | Figure | Goal | |');
    expect(text).toContain(`0 met, 0 missed, ${rows.length} not measured.`);
  });
});
