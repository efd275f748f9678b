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
