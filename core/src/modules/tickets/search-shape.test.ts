import { describe, expect, it } from 'vitest';
import {
  companyGuesses,
  companyGuessSql,
  type RunRows,
  type ShapePlanRow,
  shapeOfPlan,
} from './search-shape.js';

/**
 * searchShapeSql's plan with these guesses: messages saying the term, contacts named, tickets, contacts, and messages
 * with a word the statistics do not list (10 unless given: a large vocabulary).
 */
const planOf = (
  said: number,
  named: number,
  tickets: number,
  contacts: number,
  unlisted = 10,
): ShapePlanRow[] => [
  {
    'QUERY PLAN': [
      { Plan: { Plans: [said, named, tickets, contacts, unlisted].map((n) => ({ 'Plan Rows': n })) } },
    ],
  },
];

describe('ticket search shape', () => {
  it('a term common in messages walks the list', () => {
    expect(shapeOfPlan(planOf(70_000, 0, 100_000, 100_000), true)).toEqual({
      commonTerm: true,
      manyNamed: false,
    });
  });

  it('a term guessed at the floor of words the statistics do not list is not common, however large that floor', () => {
    // The bench's vocabulary is small, every word common: an unlisted word (or prefix) is guessed at 0.5 % of 2 M.
    expect(shapeOfPlan(planOf(10_004, 0, 100_000, 100_000, 10_004), true).commonTerm).toBe(false);
    // The prefix of a listed common word ("reemb" of "reembolso") is guessed at that word's share.
    expect(shapeOfPlan(planOf(71_259, 0, 100_000, 100_000, 10_004), true).commonTerm).toBe(true);
  });

  it('a common surname (1.6 % of the contacts) walks when the walk reads index only, else gathers its tickets', () => {
    // The bench's "pereira": 1,609 contacts guessed of 100,000, one ticket each. The walk passes ~6,200 tickets:
    // ~100 leaf pages index only, ~6,200 rows otherwise; gathering reads ~4,800 buffers.
    expect(shapeOfPlan(planOf(200, 1_609, 100_000, 100_000), true).manyNamed).toBe(true);
    expect(shapeOfPlan(planOf(200, 1_609, 100_000, 100_000), false).manyNamed).toBe(false);
  });

  it('a full name (a few contacts) gathers its tickets either way', () => {
    expect(shapeOfPlan(planOf(0, 12, 100_000, 100_000), true).manyNamed).toBe(false);
    expect(shapeOfPlan(planOf(0, 12, 100_000, 100_000), false).manyNamed).toBe(false);
  });
});

describe("a company's guesses", () => {
  /** A connection whose EXPLAIN answers `tickets`, `contacts`, `unlisted`, counting the statements it ran. */
  const explaining = (answer: () => Promise<number[]>) => {
    const seen: string[] = [];
    const run = (async (sql: string) => {
      seen.push(sql);
      const rows = await answer();
      return [{ 'QUERY PLAN': [{ Plan: { Plans: rows.map((n) => ({ 'Plan Rows': n })) } }] }];
    }) as RunRows;
    return { run, seen };
  };

  it('are read once per company and database, by one EXPLAIN of their branches, and shared by searches that miss together', async () => {
    const db = {};
    const { run, seen } = explaining(async () => [100_000, 90_000, 10]);
    const [a, b] = await Promise.all([companyGuesses(db, 1, run), companyGuesses(db, 1, run)]);
    expect(a).toEqual({ tickets: 100_000, contacts: 90_000, unlisted: 10 });
    expect(b).toEqual(a);
    expect(await companyGuesses(db, 1, run)).toEqual(a);
    expect(seen).toEqual([companyGuessSql(1).sql]);
    // Another company, and the same company on another database (a test's, another ORM's), read their own.
    await companyGuesses(db, 2, run);
    await companyGuesses({}, 1, run);
    expect(seen).toHaveLength(3);
  });

  it('a failed read is not kept: the next search reads them again', async () => {
    const db = {};
    let fail = true;
    const { run, seen } = explaining(async () => {
      if (fail) throw new Error('connection reset');
      return [5, 4, 3];
    });
    await expect(companyGuesses(db, 7, run)).rejects.toThrow('connection reset');
    fail = false;
    expect(await companyGuesses(db, 7, run)).toEqual({ tickets: 5, contacts: 4, unlisted: 3 });
    expect(seen).toHaveLength(2);
  });
});
