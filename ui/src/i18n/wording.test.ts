import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import es from './locales/es.json';
import ptBR from './locales/pt-BR.json';
import tr from './locales/tr.json';

const locales = { 'pt-BR': ptBR, en, es, tr } as const;
type Lang = keyof typeof locales;

function flatten(node: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) flatten(value, prefix ? `${prefix}.${key}` : key, out);
  } else out.set(prefix, String(node));
  return out;
}

const flat = Object.fromEntries(Object.entries(locales).map(([lang, res]) => [lang, flatten(res)])) as Record<
  Lang,
  Map<string, string>
>;

/** The add buttons of every page (`<page>.add`, and the connections menu): one verb per language. */
const ADD_VERB: Record<Lang, RegExp> = { en: /^Add /, 'pt-BR': /^Adicionar /, es: /^Agregar /, tr: / ekle$/ };

describe('wording', () => {
  it.each(Object.keys(locales) as Lang[])('%s: every add button uses the same verb', (lang) => {
    const buttons = [...flat[lang]].filter(
      ([key]) => /^\w+\.add$/.test(key) || key === 'connections.new.menu',
    );
    expect(buttons.length).toBeGreaterThan(5);
    for (const [key, text] of buttons) expect(text, `${lang}:${key}`).toMatch(ADD_VERB[lang]);
  });

  it.each(Object.keys(locales) as Lang[])('%s: no internal names such as "(allTicket)" in labels', (lang) => {
    for (const [key, text] of flat[lang]) expect(text, `${lang}:${key}`).not.toMatch(/\([a-z]+[A-Z]\w*\)/);
  });

  it("uses the spec's success toasts in pt-BR", () => {
    expect(flat['pt-BR'].get('settings.saved')).toBe('Configurações salvas');
    expect(flat['pt-BR'].get('settings.schedulesSaved')).toBe('Horários atualizados com sucesso.');
    expect(flat['pt-BR'].get('queues.botSaved')).toBe('Bot salvo com sucesso');
  });
});

describe('plurals', () => {
  const cases: Record<Lang, [string, string]> = {
    'pt-BR': ['1 conexão', '2 conexões'],
    en: ['1 connection', '2 connections'],
    es: ['1 conexión', '2 conexiones'],
    tr: ['1 bağlantı', '2 bağlantı'],
  };
  it.each(Object.keys(locales) as Lang[])('%s: one and several', async (lang) => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: lang, resources: { [lang]: { translation: locales[lang] } } });
    expect(i18n.t('signup.planConnections', { count: 1 })).toBe(cases[lang][0]);
    expect(i18n.t('signup.planConnections', { count: 2 })).toBe(cases[lang][1]);
    expect(
      i18n.t('signup.planDetails', {
        users: i18n.t('signup.planUsers', { count: 1 }),
        connections: i18n.t('signup.planConnections', { count: 1 }),
        queues: i18n.t('signup.planQueues', { count: 3 }),
      }),
    ).toContain(cases[lang][0]);
  });
});
