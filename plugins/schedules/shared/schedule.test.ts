import { describe, expect, it } from 'vitest';
import { bodyPreview, scheduleInputSchema } from './schedule';

const at = (iso: string) => new Date(iso);

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
