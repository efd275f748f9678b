import { LANGUAGES } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import { isSair } from './client-close.js';
import { languageOf, textsIn } from './customer-texts.js';
import { renderVariables } from './message-variables.js';

describe('customer texts', () => {
  it('exist in every interface language, none empty', () => {
    for (const language of LANGUAGES)
      for (const [key, text] of Object.entries(textsIn(language)))
        expect([key, String(text).trim() !== ''], language).toEqual([key, true]);
  });

  it('fall back to pt-BR for a value that is no language', () => {
    expect(languageOf('fr')).toBe('pt-BR');
    expect(languageOf(null)).toBe('pt-BR');
    expect(languageOf('es')).toBe('es');
  });

  it("{{ms}} and {{data_hora}} follow the company's language", () => {
    const c = {
      contactName: 'Ana',
      ticketId: 7,
      userName: '',
      queueName: '',
      connectionName: '',
      companyName: '',
      now: new Date('2026-11-23T13:00:00Z'),
      timeZone: 'America/Sao_Paulo',
    };
    expect(renderVariables('{{ms}} — {{data_hora}}', { ...c, texts: textsIn('en') })).toBe(
      'Good morning — 23-11-2026 at 10:00:00',
    );
    expect(renderVariables('{{ms}}', { ...c, texts: textsIn('es') })).toBe('Buenos días');
    expect(renderVariables('{{ms}} — {{data_hora}}', c)).toBe('Bom dia — 23-11-2026 às 10:00:00');
  });

  it('"sair" always ends the conversation; the language\'s own word too, alone', () => {
    expect(isSair('Sair', textsIn('tr'))).toBe(true);
    expect(isSair(' ÇIKIŞ ', textsIn('tr'))).toBe(true);
    expect(isSair('exit', textsIn('pt-BR'))).toBe(false);
    expect(isSair('please exit', textsIn('en'))).toBe(false);
  });
});
