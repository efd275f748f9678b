import { describe, expect, it } from 'vitest';
import { type ShapePlanRow, shapeOfPlan } from './ticket-lookups.js';

/** searchShapeSql's plan with these guesses: messages saying the term, contacts named, tickets, contacts. */
const planOf = (said: number, named: number, tickets: number, contacts: number): ShapePlanRow[] => [
  { 'QUERY PLAN': [{ Plan: { Plans: [said, named, tickets, contacts].map((n) => ({ 'Plan Rows': n })) } }] },
];

describe('ticket search shape', () => {
  it('a term common in messages walks the list', () => {
    expect(shapeOfPlan(planOf(70_000, 0, 100_000, 100_000), true)).toEqual({
      commonTerm: true,
      manyNamed: false,
    });
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
