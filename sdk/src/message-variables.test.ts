import { describe, expect, it } from 'vitest';
import {
  type ClockTime,
  localClock,
  MESSAGE_VARIABLES,
  periodOf,
  renderVariables,
  type VariableValues,
} from './message-variables.js';

const at = (hour: number, minute = 0, second = 0, millisecond = 0): ClockTime => ({
  year: 2025,
  month: 9,
  day: 17,
  hour,
  minute,
  second,
  millisecond,
});

const values = (clock: ClockTime): VariableValues => ({
  contactName: 'Maria  Souza',
  ticketId: 123,
  userName: 'Ana',
  queueName: 'Vendas',
  connectionName: 'Loja',
  companyName: 'Padaria Central',
  clock,
  periods: ['Boa madrugada', 'Bom dia', 'Boa tarde', 'Boa noite'],
  at: 'às',
});

describe('renderVariables (spec part 2 §3; peer-server-behaviour §7, GB)', () => {
  it('fills the contact, attendant, queue, connection and company names, spaces inside the braces allowed', () => {
    const text =
      '{{firstName}}|{{ name }}|{{userName}}|{{queue}}|{{connection}}|{{name_company}}|{{ticket_id}}';
    expect(renderVariables(text, values(at(10)))).toBe(
      'Maria|Maria  Souza|Ana|Vendas|Loja|Padaria Central|123',
    );
  });

  it('greets by the hour: 0–5 madrugada, 6–11 dia, 12–17 tarde, 18–23 noite, in the texts given', () => {
    expect([0, 5, 6, 11, 12, 17, 18, 23].map(periodOf)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
    expect(renderVariables('{{ms}}, {{firstName}}!', values(at(13)))).toBe('Boa tarde, Maria!');
    const english = {
      ...values(at(5, 59)),
      periods: ['Good night', 'Good morning', 'Hi', 'Evening'] as const,
    };
    expect(renderVariables('{{ms}}', english)).toBe('Good night');
  });

  it("writes GB's protocol, date and hour: minutes, seconds and milliseconds unpadded, no hour", () => {
    expect(renderVariables('{{protocol}}', values(at(10, 5, 7, 42)))).toBe('202509175742123');
    expect(renderVariables('{{date}} {{hour}}', values(at(10, 5, 7)))).toBe('17-09-2025 10:05:07');
    const january = { ...values(at(9, 3, 4)), clock: { ...at(9, 3, 4), month: 1, day: 2 } };
    expect(renderVariables('{{data_hora}}', january)).toBe('02-01-2025 às 9:03:04');
  });

  it('empties unknown variables, never HTML-escapes values, and leaves broken braces as written', () => {
    const v = { ...values(at(1)), contactName: 'Tom & <Jerry>' };
    expect(renderVariables('{{name}}{{unknown}}{{constructor}}', v)).toBe('Tom & <Jerry>');
    expect(renderVariables('{name} {{ name', v)).toBe('{name} {{ name');
  });

  it('knows every variable it lists', () => {
    for (const name of MESSAGE_VARIABLES)
      expect(renderVariables(`{{${name}}}`, values(at(10, 1, 2, 3))), name).not.toBe('');
  });

  it("reads a Date on this machine's clock", () => {
    expect(localClock(new Date(2025, 8, 17, 10, 5, 7, 42))).toEqual(at(10, 5, 7, 42));
  });
});
