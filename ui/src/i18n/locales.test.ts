import { ERROR_CODES, LANGUAGES } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import es from './locales/es.json';
import ptBR from './locales/pt-BR.json';
import tr from './locales/tr.json';

const locales: Record<string, unknown> = { 'pt-BR': ptBR, en, es, tr };

/** Flattens nested resources into `a.b.c` → value. */
function flatten(node: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (typeof node === 'object' && node !== null && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) flatten(value, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, node);
  }
  return out;
}

const variables = (text: unknown): string[] =>
  [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const flat = Object.fromEntries(Object.entries(locales).map(([lang, res]) => [lang, flatten(res)]));
const reference = [...flat.en.keys()].sort();

describe('locales', () => {
  it('ship one file per interface language', () => {
    expect(Object.keys(locales).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(Object.keys(locales))('%s has exactly the same keys as en', (lang) => {
    expect([...flat[lang].keys()].sort()).toEqual(reference);
  });

  it.each(Object.keys(locales))('%s has a non-empty text for every key', (lang) => {
    for (const [key, value] of flat[lang]) {
      expect(typeof value === 'string' && value.trim() !== '', `${lang}:${key}`).toBe(true);
    }
  });

  it.each(Object.keys(locales))('%s keeps the same interpolation variables as en', (lang) => {
    for (const key of reference) {
      expect(variables(flat[lang].get(key)), `${lang}:${key}`).toEqual(variables(flat.en.get(key)));
    }
  });

  it.each(Object.keys(locales))('%s translates every ERROR_CODES entry and the generic error', (lang) => {
    for (const code of ERROR_CODES) expect(flat[lang].has(`errors.${code}`), `${lang}:${code}`).toBe(true);
    expect(flat[lang].has('errors.generic')).toBe(true);
  });

  it('pt-BR keeps the spec wording of the double-login and plan-gate messages', () => {
    expect(flat['pt-BR'].get('session.otherDevice')).toBe('Sua conta foi acessada em outro computador.');
    expect(flat['pt-BR'].get('plugins.noPermission')).toBe(
      'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.',
    );
    expect(flat.en.get('errors.generic')).toBe('An error occurred!');
  });
});

describe('counts use plurals', () => {
  it('one tag, one row with errors; more in the plural (i18next _one / _other)', async () => {
    const { createInstance } = await import('i18next');
    for (const [lang, one, many] of [
      ['en', '1 tag', '2 tags'],
      ['pt-BR', '1 tag', '2 tags'],
      ['es', '1 etiqueta', '2 etiquetas'],
    ] as const) {
      const i18n = createInstance();
      await i18n.init({ lng: lang, resources: { [lang]: { translation: locales[lang] as object } } });
      expect(i18n.t('contacts.tagFilter.count', { count: 1 })).toBe(one);
      expect(i18n.t('contacts.tagFilter.count', { count: 2 })).toBe(many);
    }
    const en = createInstance();
    await en.init({ lng: 'en', resources: { en: { translation: locales.en as object } } });
    expect(en.t('contacts.import.summary', { created: 2, updated: 0, count: 1 })).toContain(
      '1 row with errors',
    );
    expect(en.t('contacts.import.summary', { created: 2, updated: 0, count: 3 })).toContain(
      '3 rows with errors',
    );
  });
});
