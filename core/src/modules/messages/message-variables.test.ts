import { describe, expect, it } from 'vitest';
import { renderVariables } from './message-variables.js';

const context = {
  contactName: 'Maria Souza',
  ticketId: 42,
  userName: 'Ana',
  queueName: 'Vendas',
  connectionName: 'Site',
  companyName: 'Loja',
};

describe('renderVariables', () => {
  it("reads the clock in the company's zone (São Paulo), not the server's", () => {
    // 19:04 UTC is 16:04 in São Paulo (UTC-3): afternoon there, evening in UTC.
    const now = new Date('2026-11-23T19:04:05.007Z');
    const text = renderVariables('{{ms}}, {{firstName}}! {{date}} {{hour}} #{{protocol}}', {
      ...context,
      now,
    });
    expect(text).toBe('Boa tarde, Maria! 23-11-2026 16:04:05 #2026112345742');
  });

  it('turns the date over at midnight in São Paulo', () => {
    // 02:30 UTC on the 24th is still 23:30 on the 23rd in São Paulo.
    const now = new Date('2026-11-24T02:30:00.000Z');
    expect(renderVariables('{{data_hora}} {{ms}}', { ...context, now })).toBe(
      '23-11-2026 às 23:30:00 Boa noite',
    );
  });

  it('greets by the period of the day and empties unknown variables', () => {
    const at = (iso: string) => renderVariables('{{ms}}{{unknown}}', { ...context, now: new Date(iso) });
    expect(at('2026-11-23T08:00:00Z')).toBe('Boa madrugada'); // 05:00 local
    expect(at('2026-11-23T12:00:00Z')).toBe('Bom dia'); // 09:00 local
    expect(at('2026-11-23T20:59:59Z')).toBe('Boa tarde'); // 17:59 local
    expect(at('2026-11-23T21:00:00Z')).toBe('Boa noite'); // 18:00 local
  });
});
