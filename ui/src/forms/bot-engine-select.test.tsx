import type { BotEngineDto } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import en from '../i18n/locales/en.json';
import { engineOptions } from './bot-engine-select';

const t = (key: string, vars?: Record<string, string>) => {
  const [group, name] = key.split('.') as ['botEngines', keyof typeof en.botEngines];
  const text: string = en[group][name];
  return text.replace('{{key}}', vars?.key ?? '');
};
const faq: BotEngineDto = { key: 'tour:faq', plugin: 'tour', name: 'faq', label: 'Tour FAQ' };

describe('the bot engine select', () => {
  it('offers none and each registered engine by label and key', () => {
    expect(engineOptions([faq], null, t)).toEqual([
      { value: '', label: 'None (volunteer engines only)' },
      { value: 'tour:faq', label: 'Tour FAQ (tour:faq)' },
    ]);
  });

  it('keeps a stored engine that is no longer offered, marked unavailable, so the admin can clear it', () => {
    expect(engineOptions([faq], 'gone:bot', t).at(-1)).toEqual({
      value: 'gone:bot',
      label: 'gone:bot (not available)',
    });
    // While the list loads nothing is called unavailable.
    expect(engineOptions(null, 'tour:faq', t)).toEqual([
      { value: '', label: 'None (volunteer engines only)' },
    ]);
  });
});
