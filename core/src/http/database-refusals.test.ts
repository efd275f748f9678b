import { AppError, type Logger } from '@balcao/sdk';
import { DriverException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { describe, expect, it } from 'vitest';
import { databaseRefusal } from './database-refusals.js';

/** A PostgreSQL error as node-postgres throws it and MikroORM wraps it. */
const pgError = (code: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(`pg ${code}`), { code, ...extra });

function recorder(): Logger & { warnings: unknown[] } {
  const warnings: unknown[] = [];
  const quiet = () => {};
  const logger = {
    debug: quiet,
    info: quiet,
    error: quiet,
    warn: (o: unknown) => warnings.push(o),
    warnings,
  };
  return { ...logger, child: () => logger as never };
}

describe('databaseRefusal', () => {
  it('answers data PostgreSQL refused with 400 ERR_VALIDATION and a warning', () => {
    for (const code of ['22P02', '22003', '22008', '22007', '22021']) {
      const logger = recorder();
      const answer = databaseRefusal(new DriverException(pgError(code)), logger, '/api/x');
      expect(answer, code).toBeInstanceOf(AppError);
      expect(answer).toMatchObject({ code: 'ERR_VALIDATION', status: 400 });
      expect(logger.warnings).toEqual([{ path: '/api/x', sqlState: code, constraint: undefined }]);
    }
    // Unwrapped (a raw pool query) too.
    expect(databaseRefusal(pgError('22003'), recorder(), '/')).toMatchObject({ status: 400 });
  });

  it('answers a unique index a write ran into with 409 ERR_ALREADY_EXISTS', () => {
    const err = new UniqueConstraintViolationException(pgError('23505', { constraint: 'plans_name_unique' }));
    const logger = recorder();
    expect(databaseRefusal(err, logger, '/api/plans')).toMatchObject({
      code: 'ERR_ALREADY_EXISTS',
      status: 409,
    });
    expect(logger.warnings).toEqual([
      { path: '/api/plans', sqlState: '23505', constraint: 'plans_name_unique' },
    ]);
  });

  it('leaves every other error to the handler (500)', () => {
    for (const err of [
      new Error('boom'),
      new DriverException(pgError('42601')),
      pgError('ECONNREFUSED'),
      null,
      'text',
    ]) {
      expect(databaseRefusal(err, recorder(), '/')).toBeUndefined();
    }
  });
});
