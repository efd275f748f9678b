import { writeFileSync } from 'node:fs';
import { countStatements } from '../../src/testing/statement-count.js';

/**
 * Preloaded into the bench's server (`--import`, server.ts): counts the statements the process sends to PostgreSQL
 * (core/src/testing/statement-count.ts), so the ingest row can report statements per message — a figure machine
 * load does not change. On SIGUSR2 the count is written to BENCH_STATEMENTS_FILE as `{ "statements": n, "top": […] }`
 * (the reader removes the file first); BENCH_STATEMENTS_TOP=1 also counts by text, for `top`.
 */
const file = process.env.BENCH_STATEMENTS_FILE;
if (file) {
  const count = countStatements({ byText: process.env.BENCH_STATEMENTS_TOP === '1' });
  process.on('SIGUSR2', () => {
    writeFileSync(file, JSON.stringify({ statements: count.statements, top: count.top(60) }));
  });
}
