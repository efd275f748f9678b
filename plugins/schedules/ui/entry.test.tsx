import { checkUiEntry } from '@balcao/testing/ui';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { schedulesErrors } from '../server/errors';
import { fieldMessageKey } from './field-messages';
import ui from './index';

describe('the schedules UI entry', () => {
  it('is complete in four languages, error texts included', () => {
    expect(checkUiEntry(ui, { serverName: 'schedules', errors: schedulesErrors })).toEqual([]);
  });

  it('has a text for every message the schedule form can get', () => {
    const texts = en.fieldErrors as Record<string, string>;
    for (const m of [
      'Obrigatório',
      'Mensagem muito curta',
      'In the past',
      'Ends before it starts',
      'Unknown',
    ])
      expect(texts[fieldMessageKey(m).split('.')[1]]).toBeTruthy();
  });
});
