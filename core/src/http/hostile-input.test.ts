import { AppError } from '@balcao/sdk';
import type { Context, Next } from 'koa';
import { describe, expect, it } from 'vitest';
import { refuseNul } from './hostile-input.js';

/** Runs the middleware on a request; answers the fields it refused, or 'next' when it let the request through. */
async function run(req: {
  path?: string;
  query?: Record<string, unknown>;
  body?: unknown;
}): Promise<unknown> {
  const ctx = { path: req.path ?? '/api/x', query: req.query ?? {}, request: { body: req.body } };
  try {
    let passed = false;
    await refuseNul(
      ctx as unknown as Context,
      (async () => {
        passed = true;
      }) as Next,
    );
    return passed ? 'next' : 'stopped';
  } catch (err) {
    if (err instanceof AppError) return { code: err.code, status: err.status, ...err.details };
    throw err;
  }
}

const invalid = (...paths: string[]) => ({
  code: 'ERR_VALIDATION',
  status: 400,
  fields: paths.map((path) => ({ path, message: 'Invalid character' })),
});

describe('refuseNul', () => {
  it('lets requests without a NUL through', async () => {
    expect(
      await run({ path: '/api/tickets/1', query: { searchParam: 'ana' }, body: { name: 'Ana', n: 1 } }),
    ).toBe('next');
  });

  it('refuses a NUL in the decoded path', async () => {
    expect(await run({ path: '/api/contacts/profile/%00' })).toEqual(invalid('path'));
    expect(await run({ path: '/api/contacts/profile/%E0%A4%A' })).toBe('next');
  });

  it('refuses a NUL in the query, naming the parameter', async () => {
    expect(await run({ query: { searchParam: 'a\u0000', tags: ['1', '2\u0000'] } })).toEqual(
      invalid('searchParam', 'tags.1'),
    );
  });

  it('refuses a NUL anywhere in the body, keys included, naming each field', async () => {
    const body = { name: 'A\u0000', extraInfo: [{ name: 'cpf', value: '1\u0000' }], 'k\u0000': 1 };
    expect(await run({ body })).toEqual(invalid('name', 'extraInfo.0.value', 'k\u0000'));
  });
});
