import { describe, expect, it } from 'vitest';
import {
  dayKey,
  formatDateTime,
  formatShortDateTime,
  formatTicketTime,
  initials,
  LAST_MESSAGE_MAX,
  previewText,
  truncate,
} from './format';

describe('truncate', () => {
  it('keeps short texts and cuts long ones at the limit with an ellipsis', () => {
    expect(truncate('Maria', 60)).toBe('Maria');
    expect(truncate('a'.repeat(60), 60)).toBe('a'.repeat(60));
    expect(truncate('a'.repeat(61), 60)).toBe(`${'a'.repeat(60)}…`);
    expect(truncate('x'.repeat(50), LAST_MESSAGE_MAX)).toHaveLength(LAST_MESSAGE_MAX + 1);
  });

  it('turns a missing text into an empty one', () => {
    expect(truncate(null, 40)).toBe('');
    expect(truncate(undefined, 40)).toBe('');
  });
});

describe('formatDateTime', () => {
  // Spec part 1 §9: day/month/year with hours and minutes, whatever the UI language (no M/d/yy, no 12-hour clock).
  it('shows dd/MM/yyyy HH:mm on a 24-hour clock in local time', () => {
    expect(formatDateTime(new Date(2026, 0, 5, 9, 7).toISOString())).toBe('05/01/2026 09:07');
    expect(formatDateTime(new Date(2026, 11, 31, 23, 59).toISOString())).toBe('31/12/2026 23:59');
    expect(formatDateTime(new Date(2026, 6, 4, 13, 0).toISOString())).toBe('04/07/2026 13:00');
  });
});

describe('formatTicketTime', () => {
  const now = new Date(2026, 5, 10, 15, 30);

  it('shows HH:mm for a time today', () => {
    expect(formatTicketTime(new Date(2026, 5, 10, 9, 5).toISOString(), now)).toBe('09:05');
    expect(formatTicketTime(new Date(2026, 5, 10, 0, 0).toISOString(), now)).toBe('00:00');
  });

  it('shows dd/MM/yyyy for any other day, yesterday included', () => {
    expect(formatTicketTime(new Date(2026, 5, 9, 23, 59).toISOString(), now)).toBe('09/06/2026');
    expect(formatTicketTime(new Date(2025, 0, 2, 10, 0).toISOString(), now)).toBe('02/01/2025');
  });

  it('answers an empty string for an invalid date', () => {
    expect(formatTicketTime('not a date', now)).toBe('');
  });
});

describe('dayKey and initials', () => {
  it('groups by local calendar day', () => {
    expect(dayKey(new Date(2026, 0, 5, 23, 59).toISOString())).toBe('2026-01-05');
  });

  it('takes the first letters of the first and last names', () => {
    expect(initials('maria da silva')).toBe('MS');
    expect(initials('Ana')).toBe('A');
    expect(initials('Ana Costa 8')).toBe('AC');
    expect(initials('  ')).toBe('?');
  });
});

describe('previewText', () => {
  it('drops the signature markup and line breaks', () => {
    expect(previewText('*Ana:*\nOlá, tudo bem?')).toBe('Ana: Olá, tudo bem?');
    expect(previewText(null)).toBe('');
  });
});

describe('formatShortDateTime', () => {
  it('shows dd/MM/yy HH:mm in local time, zero-padded', () => {
    expect(formatShortDateTime(new Date(2026, 0, 5, 7, 3).toISOString())).toBe('05/01/26 07:03');
    expect(formatShortDateTime(new Date(2009, 11, 31, 23, 59).toISOString())).toBe('31/12/09 23:59');
  });

  it('shows nothing for a date it cannot read', () => {
    expect(formatShortDateTime('not a date')).toBe('');
  });
});
