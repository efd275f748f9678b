import { describe, expect, it } from 'vitest';
import { suggestionLabel } from './quick-message.js';
import { fillVariables, periodOf, type ReplyContext } from './variables.js';

const context = (now: Date): ReplyContext => ({
  contactName: 'Maria  Souza',
  ticketId: 123,
  userName: 'Ana',
  queueName: 'Vendas',
  connectionName: 'Loja',
  companyName: 'Padaria Central',
  periods: ['Boa madrugada', 'Bom dia', 'Boa tarde', 'Boa noite'],
  at: 'às',
  now,
});

describe('fillVariables (peer-server-behaviour §7, GB)', () => {
  it('fills the contact, attendant, queue, connection and company names', () => {
    const text =
      '{{firstName}}|{{name}}|{{userName}}|{{queue}}|{{connection}}|{{name_company}}|{{ticket_id}}';
    expect(fillVariables(text, context(new Date(2025, 8, 17, 10, 5, 7, 42)))).toBe(
      'Maria|Maria  Souza|Ana|Vendas|Loja|Padaria Central|123',
    );
  });

  it('greets by the hour: 0–5 madrugada, 6–11 dia, 12–17 tarde, 18–23 noite', () => {
    expect([0, 5, 6, 11, 12, 17, 18, 23].map(periodOf)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
    expect(fillVariables('{{ms}}, {{ firstName }}!', context(new Date(2025, 8, 17, 13, 0)))).toBe(
      'Boa tarde, Maria!',
    );
  });

  it("writes GB's protocol, date and hour: minutes, seconds and milliseconds unpadded, no hour", () => {
    const now = new Date(2025, 8, 17, 10, 5, 7, 42);
    expect(fillVariables('{{protocol}}', context(now))).toBe('202509175742123');
    expect(fillVariables('{{date}} {{hour}}', context(now))).toBe('17-09-2025 10:05:07');
    expect(fillVariables('{{data_hora}}', context(new Date(2025, 0, 2, 9, 3, 4)))).toBe(
      '02-01-2025 às 9:03:04',
    );
  });

  it('empties unknown variables and never HTML-escapes values', () => {
    const c = { ...context(new Date(2025, 0, 1)), contactName: 'Tom & <Jerry>' };
    expect(fillVariables('{{name}}{{unknown}}{{constructor}}', c)).toBe('Tom & <Jerry>');
    expect(fillVariables('{name} {{ name', c)).toBe('{name} {{ name');
  });
});

describe('suggestionLabel (spec part 1 §9: quick-reply label 35)', () => {
  it('cuts the shortcode and text at 35 characters', () => {
    expect(suggestionLabel({ shortcode: 'oi', message: 'Olá' })).toBe('oi - Olá');
    const long = suggestionLabel({
      shortcode: 'horario',
      message: 'Atendemos de segunda a sexta, das 8h às 18h',
    });
    expect(long).toBe(`${'horario - Atendemos de segunda a se'}…`);
    expect(long.length).toBe(36);
  });
});
