import { describe, expect, it } from 'vitest';
import { companyClock } from '../../db/local-days.js';
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

  it('renders every variable of the spec, spaces inside the braces allowed', () => {
    const now = new Date('2026-11-23T12:34:56.789Z'); // 09:34:56 in São Paulo
    const text = renderVariables(
      '{{firstName}}|{{ name }}|{{userName}}|{{ms}}|{{protocol}}|{{date}}|{{hour}}|{{ticket_id}}|{{queue}}|{{connection}}',
      { ...context, now },
    );
    // protocol: 20261123, then minute 34, second 56, millisecond 789 (GB's, unpadded), then ticket 42.
    expect(text).toBe('Maria|Maria Souza|Ana|Bom dia|20261123345678942|23-11-2026|9:34:56|42|Vendas|Site');
  });

  it("follows the company's time zone when it is another one", () => {
    // 12:00 UTC: 09:00 in São Paulo, 21:00 in Tokyo (the next hour band), 12:00 in Lisbon.
    const now = new Date('2026-11-23T12:00:00Z');
    const ms = (timeZone?: string) => renderVariables('{{ms}} {{hour}}', { ...context, now, timeZone });
    expect(ms()).toBe('Bom dia 9:00:00');
    expect(ms('Asia/Tokyo')).toBe('Boa noite 21:00:00');
    expect(ms('Europe/Lisbon')).toBe('Boa tarde 12:00:00');
  });

  it('leaves values as written (no HTML escaping) and a single word as the first name', () => {
    const text = renderVariables('{{firstName}} & {{name}}', { ...context, contactName: 'Zé<3' });
    expect(text).toBe('Zé<3 & Zé<3');
  });

  it("reads the weekday of the company's calendar", () => {
    // Monday 01:00 UTC is still Sunday evening in São Paulo.
    expect(companyClock(new Date('2026-11-23T01:00:00Z')).weekday).toBe('sunday');
    expect(companyClock(new Date('2026-11-23T01:00:00Z'), 'UTC').weekday).toBe('monday');
  });
});
