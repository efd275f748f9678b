import { AppError, PG_INT_MAX } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import { idList, idParam } from './validate.js';

/** The fields a thrown 400 names. */
function refusal(run: () => unknown): unknown {
  try {
    run();
  } catch (err) {
    if (err instanceof AppError) return { code: err.code, status: err.status, ...err.details };
    throw err;
  }
  throw new Error('not refused');
}

describe('idParam', () => {
  it('reads a positive integer up to PostgreSQL integer', () => {
    expect(idParam('42')).toBe(42);
    expect(idParam(String(PG_INT_MAX))).toBe(PG_INT_MAX);
  });
  it('refuses an id PostgreSQL cannot compare with 400 naming the parameter', () => {
    for (const raw of ['2147483648', '99999999999999999999', '0', '-1', '1.5', 'abc', '', undefined]) {
      expect(
        refusal(() => idParam(raw, 'ticketId')),
        String(raw),
      ).toEqual({
        code: 'ERR_VALIDATION',
        status: 400,
        fields: [{ path: 'ticketId', message: 'Invalid id' }],
      });
    }
    expect(refusal(() => idParam('2147483648'))).toMatchObject({ fields: [{ path: 'id' }] });
  });
});

describe('idList', () => {
  it('reads JSON arrays and comma lists, dropping what is not a positive integer', () => {
    expect(idList('[1,2]', 'queueIds')).toEqual([1, 2]);
    expect(idList('3,abc,0,-4', 'queueIds')).toEqual([3]);
    expect(idList(undefined, 'queueIds')).toEqual([]);
  });
  it('refuses an id past PostgreSQL integer with 400 naming the field', () => {
    for (const raw of ['[99999999999]', '1,2147483648', '99999999999999999999']) {
      expect(
        refusal(() => idList(raw, 'queueIds')),
        raw,
      ).toEqual({
        code: 'ERR_VALIDATION',
        status: 400,
        fields: [{ path: 'queueIds', message: 'Invalid id' }],
      });
    }
  });
});
