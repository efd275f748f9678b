import type { MikroORM } from '@mikro-orm/postgresql';
import { describe, expect, it } from 'vitest';
import { Company } from '../companies/company.entity.js';
import { PlanGate } from './plan-gate.js';

/** An ORM whose reads wait until `release()`, counting them; company 1 is on a plan with useKanban. */
function slowOrm(flags: () => Record<string, boolean>) {
  let reads = 0;
  let release: () => void = () => undefined;
  let gate = new Promise<void>((r) => {
    release = r;
  });
  // The plan as it was when the read began (at its company's read).
  let seen: Record<string, boolean> = {};
  const em = {
    async findOne(entity: unknown) {
      reads++;
      if (entity === Company) seen = flags();
      await gate;
      return entity === Company ? { planId: 7 } : { flags: seen };
    },
  };
  return {
    orm: { em: { fork: () => em } } as unknown as MikroORM,
    reads: () => reads,
    release: () => {
      release();
      gate = Promise.resolve();
    },
  };
}

describe('plan gate', () => {
  it('callers that miss together share one read of the company and its plan', async () => {
    const db = slowOrm(() => ({ useKanban: true }));
    const gate = new PlanGate({ orm: db.orm });
    const answers = Promise.all(Array.from({ length: 50 }, () => gate.allows(1, 'useKanban')));
    db.release();
    expect(await answers).toEqual(Array(50).fill(true));
    // The company, then its plan: once for all fifty.
    expect(db.reads()).toBe(2);
  });

  it('a change during a read is not hidden by it: the next caller reads the new plan', async () => {
    let flags = { useKanban: false };
    const db = slowOrm(() => flags);
    const gate = new PlanGate({ orm: db.orm });
    const before = gate.allows(1, 'useKanban');
    flags = { useKanban: true };
    gate.invalidate();
    db.release();
    expect(await before).toBe(false);
    expect(await gate.allows(1, 'useKanban')).toBe(true);
  });
});
