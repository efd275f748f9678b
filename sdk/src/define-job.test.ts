import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { defineJob, type JobContext, type PluginJob } from './plugin.js';

describe('defineJob', () => {
  it("types the handler's data from the schema, companyId added, and keeps the job as declared", async () => {
    const seen: number[] = [];
    const data = z.object({ ticketId: z.number().int(), note: z.string().optional() });
    const jobs: PluginJob<{ prefix: string }>[] = [
      defineJob({
        name: 'remind',
        data,
        handler: async (ctx) => {
          expectTypeOf(ctx.data).toEqualTypeOf<{ ticketId: number; note?: string } & { companyId: number }>();
          expectTypeOf(ctx.deps).toEqualTypeOf<{ prefix: string }>();
          seen.push(ctx.data.ticketId + ctx.companyId);
        },
      }),
    ];
    expect(jobs[0].data).toBe(data);
    const ctx: JobContext<{ prefix: string }, { ticketId: number; companyId: number }> = {
      companyId: 1,
      data: { ticketId: 41, companyId: 1 },
      deps: { prefix: '' },
    };
    await jobs[0].handler(ctx);
    expect(seen).toEqual([42]);
  });
});
