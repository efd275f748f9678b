import { describe, expect, it } from 'vitest';
import { optOutWordsSchema, splitOptOutWords } from './settings';

describe('the stop words field', () => {
  it('reads the comma-separated field as words, blank pieces dropped', () => {
    expect(splitOptOutWords(' sair, Parar ,, stop ,')).toEqual(['sair', 'Parar', 'stop']);
    expect(splitOptOutWords('  ')).toEqual([]);
  });

  it('keeps them lower-case and once each, and wants at least one', () => {
    expect(optOutWordsSchema.parse(['Sair', 'sair ', 'PARAR'])).toEqual(['sair', 'parar']);
    expect(optOutWordsSchema.safeParse([]).error?.issues[0]?.message).toBe('Required');
  });
});
