import { describe, expect, it } from 'vitest';
import { campaignInputSchema } from './campaign';
import { type CampaignSeries, nextRunAt } from './recurrence';

const at = (iso: string) => new Date(iso);

describe('campaign recurrence input', () => {
  const valid = {
    name: 'Ofertas',
    message1: 'Oi {nome}',
    tagListId: 3,
    whatsappId: '1',
    scheduledAt: '2026-12-01T12:00:00Z',
  };
  const parse = (patch: object) => campaignInputSchema.safeParse({ ...valid, ...patch });
  const messages = (patch: object) => {
    const result = parse(patch);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('takes daily, weekly on days and monthly with an end date or a number of runs', () => {
    expect(messages({ recurrence: 'daily', recurrenceRuns: 3 })).toEqual([]);
    expect(messages({ recurrence: 'weekly', recurrenceWeekdays: '5,1,1', recurrenceRuns: '4' })).toEqual([]);
    expect(
      parse({ recurrence: 'weekly', recurrenceWeekdays: '5,1,1', recurrenceRuns: '4' }).data,
    ).toMatchObject({
      recurrenceWeekdays: [1, 5],
      recurrenceRuns: 4,
    });
    expect(messages({ recurrence: 'monthly', recurrenceEndAt: '2027-06-01T12:00:00Z' })).toEqual([]);
  });

  it('a one-off campaign keeps no recurrence fields, and only a weekly one keeps days', () => {
    expect(parse({}).data).toMatchObject({
      recurrence: 'none',
      recurrenceWeekdays: [],
      recurrenceEndAt: null,
      recurrenceRuns: null,
    });
    expect(parse({ recurrenceRuns: 5, recurrenceWeekdays: [2] }).data).toMatchObject({
      recurrenceWeekdays: [],
      recurrenceRuns: null,
    });
    expect(parse({ recurrence: 'daily', recurrenceRuns: 2, recurrenceWeekdays: [2] }).data).toMatchObject({
      recurrenceWeekdays: [],
    });
  });

  it('names the field of each mistake', () => {
    expect(messages({ recurrence: 'yearly' })).toEqual(['recurrence: Invalid option']);
    expect(messages({ recurrence: 'weekly', recurrenceRuns: 2 })).toEqual([
      'recurrenceWeekdays: Choose at least one day',
    ]);
    expect(messages({ recurrence: 'weekly', recurrenceWeekdays: [7], recurrenceRuns: 2 })).toEqual([
      'recurrenceWeekdays.0: Invalid option',
    ]);
    expect(messages({ recurrence: 'daily' })).toEqual(['recurrenceEndAt: Required']);
    expect(messages({ recurrence: 'daily', recurrenceEndAt: '2026-12-01T11:00:00Z' })).toEqual([
      'recurrenceEndAt: Ends before it starts',
    ]);
    expect(messages({ recurrence: 'daily', recurrenceEndAt: '2026-02-30T11:00:00Z' })).toEqual([
      'recurrenceEndAt: Invalid date',
    ]);
    expect(messages({ recurrence: 'daily', recurrenceRuns: 0 })).toEqual([
      'recurrenceRuns: At least one run',
    ]);
    expect(messages({ recurrence: 'daily', recurrenceRuns: 367 })).toEqual(['recurrenceRuns: Too many runs']);
    expect(messages({ recurrence: 'daily', recurrenceRuns: 'dois' })).toEqual([
      'recurrenceRuns: Invalid number',
    ]);
    expect(messages({ recurrence: 'daily', recurrenceRuns: 1.5 })).toEqual([
      'recurrenceRuns: Invalid number',
    ]);
    expect(messages({ recurrence: 'monthly', recurrenceRuns: 2, scheduledAt: null })).toEqual([
      'scheduledAt: Required',
    ]);
  });
});

describe('the next run of a series', () => {
  const daily: CampaignSeries = {
    recurrence: 'daily',
    recurrenceWeekdays: [],
    recurrenceEndAt: null,
    recurrenceRuns: 3,
    seriesStartAt: at('2026-12-01T12:00:00Z'),
    runNumber: 1,
    scheduledAt: at('2026-12-01T12:00:00Z'),
  };
  const finishedAt = at('2026-12-01T12:30:00Z');

  it('is the next occurrence after the current run, until the runs are made', () => {
    expect(nextRunAt(daily, finishedAt)).toEqual(at('2026-12-02T12:00:00Z'));
    const second = { ...daily, runNumber: 2, scheduledAt: at('2026-12-02T12:00:00Z') };
    expect(nextRunAt(second, at('2026-12-02T12:10:00Z'))).toEqual(at('2026-12-03T12:00:00Z'));
    expect(nextRunAt({ ...second, runNumber: 3 }, at('2026-12-03T12:10:00Z'))).toBeNull();
  });

  it('is never the current run again, even when its date was moved later than the series step', () => {
    // Run 2 started late (moved by hand to 18:00): the next is still the 3rd, not the 2nd at 12:00.
    const late = { ...daily, runNumber: 2, scheduledAt: at('2026-12-02T18:00:00Z') };
    expect(nextRunAt(late, at('2026-12-01T00:00:00Z'))).toEqual(at('2026-12-03T12:00:00Z'));
  });

  it('skips the occurrences a long run overran, and stops after the end date', () => {
    expect(nextRunAt({ ...daily, recurrenceRuns: null }, at('2026-12-04T13:00:00Z'))).toEqual(
      at('2026-12-05T12:00:00Z'),
    );
    const ending = { ...daily, recurrenceRuns: null, recurrenceEndAt: at('2026-12-02T12:00:00Z') };
    expect(nextRunAt(ending, finishedAt)).toEqual(at('2026-12-02T12:00:00Z'));
    expect(nextRunAt(ending, at('2026-12-02T12:30:00Z'))).toBeNull();
  });

  it('steps from the series start: monthly on the 31st, weekly on chosen days; none for a one-off', () => {
    const monthly = {
      ...daily,
      recurrence: 'monthly' as const,
      recurrenceRuns: null,
      seriesStartAt: at('2027-01-31T12:00:00Z'),
      runNumber: 2,
      scheduledAt: at('2027-02-28T12:00:00Z'),
    };
    expect(nextRunAt(monthly, at('2027-02-28T13:00:00Z'))).toEqual(at('2027-03-31T12:00:00Z'));
    // 2026-12-01 is a Tuesday: Thursdays and Saturdays follow.
    const weekly = { ...daily, recurrence: 'weekly' as const, recurrenceWeekdays: [4, 6] };
    expect(nextRunAt(weekly, finishedAt)).toEqual(at('2026-12-03T12:00:00Z'));
    expect(nextRunAt({ ...daily, recurrence: 'none' }, finishedAt)).toBeNull();
  });
});
