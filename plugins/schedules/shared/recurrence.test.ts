import { describe, expect, it } from 'vitest';
import { nextSend, occurrenceAt } from './recurrence';
import { bodyPreview, scheduleInputSchema } from './schedule';

const at = (iso: string) => new Date(iso);

describe('recurrence', () => {
  it('moves a day, a week or a month on, keeping the hour', () => {
    const start = at('2026-03-10T12:30:00Z');
    const next = (r: 'daily' | 'weekly' | 'monthly' | 'none') =>
      nextSend(start, r, 0, null, start)?.at.toISOString();
    expect(next('daily')).toBe('2026-03-11T12:30:00.000Z');
    expect(next('weekly')).toBe('2026-03-17T12:30:00.000Z');
    expect(next('monthly')).toBe('2026-04-10T12:30:00.000Z');
    expect(next('none')).toBeUndefined();
  });

  it('keeps the 31st on the last day of shorter months, and returns to it', () => {
    const start = at('2026-01-31T09:00:00Z');
    expect(occurrenceAt(start, 'monthly', 1).toISOString()).toBe('2026-02-28T09:00:00.000Z');
    const feb = nextSend(start, 'monthly', 0, null, start);
    expect(feb).toEqual({ at: at('2026-02-28T09:00:00Z'), occurrence: 1 });
    expect(nextSend(start, 'monthly', 1, null, start)?.at.toISOString()).toBe('2026-03-31T09:00:00.000Z');
    expect(occurrenceAt(start, 'monthly', 12).toISOString()).toBe('2027-01-31T09:00:00.000Z');
  });

  it('stops after the end', () => {
    const start = at('2026-03-10T12:00:00Z');
    const end = at('2026-03-13T12:00:00Z');
    expect(nextSend(start, 'daily', 2, end, start)?.at).toEqual(end);
    expect(nextSend(start, 'daily', 3, end, start)).toBeNull();
  });

  it('skips occurrences already past (a worker down for days sends once)', () => {
    const start = at('2026-03-10T12:00:00Z');
    expect(nextSend(start, 'daily', 0, null, at('2026-03-15T13:00:00Z'))).toEqual({
      at: at('2026-03-16T12:00:00Z'),
      occurrence: 6,
    });
  });
});

describe('schedule input', () => {
  const now = at('2026-11-29T10:00:00Z');
  const valid = { contactId: 1, body: 'Olá, Ana!', sendAt: '2026-11-30T10:00:00.000Z' };
  const messages = (input: object) => {
    const result = scheduleInputSchema(now).safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('takes a contact, a body of 5 characters or more and a time ahead', () => {
    expect(messages(valid)).toEqual([]);
    expect(messages({ ...valid, body: 'Oi' })).toEqual(['body: Mensagem muito curta']);
    expect(messages({ ...valid, body: '   ' })).toEqual(['body: Obrigatório']);
    expect(messages({ ...valid, body: 'Olá\u0000 Ana' })).toEqual(['body: Invalid character']);
    expect(messages({ ...valid, sendAt: '2026-11-28T10:00:00Z' })).toEqual(['sendAt: In the past']);
    expect(messages({ ...valid, sendAt: '2026-02-30T10:00:00Z' })).toEqual(['sendAt: Invalid date']);
    expect(messages({ ...valid, sendAt: '2026-12-01T10:00:00-03:00' })).toEqual([]);
    expect(messages({ ...valid, sendAt: '2099-12-01T10:00:00Z' })).toEqual(['sendAt: Invalid date']);
    expect(messages({ ...valid, contactId: 2 ** 31 })).toEqual(['contactId: Invalid id']);
  });

  it('asks a recurring schedule for an end after its start', () => {
    expect(messages({ ...valid, recurrence: 'daily' })).toEqual(['recurrenceEnd: Obrigatório']);
    expect(messages({ ...valid, recurrence: 'daily', recurrenceEnd: '2026-11-29T12:00:00Z' })).toEqual([
      'recurrenceEnd: Ends before it starts',
    ]);
    expect(messages({ ...valid, recurrence: 'yearly' })).toEqual(['recurrence: Invalid option']);
  });

  it('cuts the body at 25 characters in the list', () => {
    expect(bodyPreview('Olá, tudo bem com você hoje?')).toBe('Olá, tudo bem com você ho...');
    expect(bodyPreview('Curto')).toBe('Curto');
  });
});
