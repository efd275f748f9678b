import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { errorMessage } from './error-message';

const texts: Record<string, string> = {
  'errors.ERR_NO_TICKET_FOUND': 'Nenhum atendimento encontrado com este ID.',
  'errors.generic': 'Ocorreu um erro!',
};
const i18n = { exists: (key: string) => key in texts, t: (key: string) => texts[key] ?? key };

describe('errorMessage (spec part 1 §8)', () => {
  it('shows the translated ERR_ text when there is one', () => {
    expect(errorMessage(new ApiError(404, 'ERR_NO_TICKET_FOUND', {}, 'ERR_NO_TICKET_FOUND'), i18n)).toBe(
      'Nenhum atendimento encontrado com este ID.',
    );
  });

  it('falls back to the raw text', () => {
    expect(errorMessage(new ApiError(400, 'ERR_SOMETHING_NEW', {}, 'ERR_SOMETHING_NEW'), i18n)).toBe(
      'ERR_SOMETHING_NEW',
    );
    expect(errorMessage(new ApiError(502, null, 'Bad gateway', 'Bad gateway'), i18n)).toBe('Bad gateway');
    expect(errorMessage(new Error('Failed to fetch'), i18n)).toBe('Failed to fetch');
  });

  it("uses the screen's own failure text before the raw one, never before a translated code", () => {
    const load = { ...texts, 'tickets.loadFailed': 'Erro ao buscar informações dos tickets' };
    const withLoad = {
      exists: (key: string) => key in load,
      t: (key: string) => load[key as keyof typeof load] ?? key,
    };
    expect(errorMessage(new Error('Failed to fetch'), withLoad, 'tickets.loadFailed')).toBe(
      'Erro ao buscar informações dos tickets',
    );
    expect(
      errorMessage(
        new ApiError(404, 'ERR_NO_TICKET_FOUND', {}, 'ERR_NO_TICKET_FOUND'),
        withLoad,
        'tickets.loadFailed',
      ),
    ).toBe('Nenhum atendimento encontrado com este ID.');
  });

  it('otherwise says An error occurred!', () => {
    expect(errorMessage(new ApiError(500, null, null, ''), i18n)).toBe('Ocorreu um erro!');
    expect(errorMessage(undefined, i18n)).toBe('Ocorreu um erro!');
  });
});

describe("errorMessage of a plugin's own code", () => {
  it("translates `plugin:ERR_…` from the plugin's namespace, loaded from its locales", async () => {
    const { createInstance } = await import('i18next');
    const i18next = createInstance();
    await i18next.init({
      lng: 'pt-BR',
      resources: { 'pt-BR': { translation: { errors: { generic: 'Ocorreu um erro!' } } } },
    });
    // What the shell's plugin host does with a UI entry's `locales`.
    i18next.addResourceBundle(
      'pt-BR',
      'tour',
      { errors: { ERR_FULL: 'O passeio está lotado.' } },
      true,
      true,
    );
    const full = new ApiError(409, 'tour:ERR_FULL', {}, 'tour:ERR_FULL');
    expect(errorMessage(full, i18next)).toBe('O passeio está lotado.');
    // Another plugin's code of the same name is not this one's translation.
    const other = new ApiError(409, 'other:ERR_FULL', {}, 'other:ERR_FULL');
    expect(errorMessage(other, i18next)).toBe('Ocorreu um erro!');
  });

  it("falls back to the screen's text, then to the generic error, never to the raw code", () => {
    const closed = new ApiError(422, 'tour:ERR_CLOSED', {}, 'tour:ERR_CLOSED');
    const load: Record<string, string> = {
      ...texts,
      'tour.loadFailed': 'Não foi possível carregar o passeio',
    };
    const withLoad = { exists: (key: string) => key in load, t: (key: string) => load[key] ?? key };
    expect(errorMessage(closed, withLoad, 'tour.loadFailed')).toBe('Não foi possível carregar o passeio');
    expect(errorMessage(closed, i18n)).toBe('Ocorreu um erro!');
  });
});
