import { describe, expect, it } from 'vitest';
import { type ShapePlanRow, shapeOfPlan } from './ticket-lookups.js';

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
