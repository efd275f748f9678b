import { LANGUAGES } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import { noticeLanguage, noticeText } from './notice-text.js';

const ticket = (queue: string | null, name = 'Ana') => ({
  id: 12,
  contact: { name } as never,
  queue: queue === null ? null : ({ id: 3, name: queue, color: '#000' } as never),
});

describe('the on-call notice text', () => {
  it('names the contact, the queue (or none) and the ticket in each language', () => {
    expect(noticeText(ticket('Suporte'))).toBe(
      'Plantão: Ana aguarda atendimento na fila Suporte (atendimento #12), fora do horário.',
    );
    expect(noticeText(ticket(null), 'en')).toBe(
      'On call: Ana is waiting with no queue (ticket #12), outside service hours.',
    );
    expect(noticeText(ticket('Soporte'), 'es')).toBe(
      'Guardia: Ana espera atención en la cola Soporte (atención #12), fuera del horario.',
    );
    for (const language of LANGUAGES) {
      for (const queue of ['Suporte', null]) {
        const text = noticeText(ticket(queue), language);
        expect(text, language).toContain('Ana');
        expect(text, language).toContain('#12)');
        expect(text, language).not.toMatch(/\{\{|\}\}/);
      }
    }
  });

  it('puts names in as they are, never reading them as placeholders', () => {
    expect(noticeText(ticket('{{contact}}', '{{queue}} $& $1'), 'en')).toBe(
      'On call: {{queue}} $& $1 is waiting in the {{contact}} queue (ticket #12), outside service hours.',
    );
  });

  it("follows the company's language setting, pt-BR for anything else", () => {
    expect(noticeLanguage('tr')).toBe('tr');
    expect(noticeLanguage('fr')).toBe('pt-BR');
    expect(noticeLanguage(null)).toBe('pt-BR');
  });
});
