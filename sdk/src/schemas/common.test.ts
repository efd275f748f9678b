import { describe, expect, it } from 'vitest';
import { boundedString, countField, dateField, idField, PG_INT_MAX, pageQuery } from './common.js';

describe('idField', () => {
  it('takes positive integers up to PostgreSQL integer, from JSON or a query string', () => {
    expect(idField.parse('3')).toBe(3);
    expect(idField.parse(PG_INT_MAX)).toBe(2_147_483_647);
  });
  it('refuses an id past PostgreSQL integer, as a number or as text', () => {
    for (const id of [PG_INT_MAX + 1, '2147483648', '99999999999999999999', 1e20]) {
      expect(idField.safeParse(id).success, String(id)).toBe(false);
    }
  });
  it('refuses zero, negatives and fractions', () => {
    for (const id of [0, -1, 1.5, 'abc']) expect(idField.safeParse(id).success, String(id)).toBe(false);
  });
});

describe('countField and pageQuery', () => {
  it('bound counts and page numbers to PostgreSQL integer', () => {
    expect(countField.parse('0')).toBe(0);
    expect(countField.safeParse(PG_INT_MAX + 1).success).toBe(false);
    expect(pageQuery.parse({ pageNumber: '2' }).pageNumber).toBe(2);
    expect(pageQuery.safeParse({ pageNumber: '99999999999999999999' }).success).toBe(false);
  });
});

describe('dateField', () => {
  it('takes days that exist, leap days of leap years included', () => {
    for (const day of ['2026-12-31', '2024-02-29', '2000-02-29', '0001-01-01', '9999-12-31']) {
      expect(dateField.safeParse(day).success, day).toBe(true);
    }
  });
  it('refuses days that match the format but do not exist', () => {
    for (const day of [
      '2026-02-30',
      '2025-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '0000-01-01',
    ]) {
      expect(dateField.safeParse(day).error?.issues[0].message, day).toBe('Invalid date');
    }
  });
  it('refuses other formats, with one message', () => {
    for (const day of ['2026-2-3', '03/02/2026', '2026-02-03T00:00:00Z', '']) {
      expect(
        dateField.safeParse(day).error?.issues.map((i) => i.message),
        day,
      ).toEqual(['Invalid date']);
    }
  });
});

describe('boundedString', () => {
  it('refuses a NUL character, which PostgreSQL cannot store', () => {
    const name = boundedString(2, 50);
    expect(name.parse(' Ana ')).toBe('Ana');
    expect(name.safeParse('A\u0000na').error?.issues[0].message).toBe('Invalid character');
  });
});
