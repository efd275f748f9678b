import { AppError } from '@balcao/sdk';

export { validate } from '@balcao/sdk';

/** A positive integer route parameter. */
export function idParam(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0) {
    throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: 'id', message: 'Invalid id' }] });
  }
  return id;
}
