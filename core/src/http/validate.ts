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

/** The input without its undefined fields, so an update leaves unsent fields as they are. @example em.assign(row, definedOnly(input)) */
export const definedOnly = <T extends object>(input: T): Partial<T> =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;

/** Query lists arrive as JSON arrays or comma-separated ids. */
export const idList = (raw: string | undefined): number[] => {
  if (!raw) return [];
  let parsed: unknown = raw;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = raw.split(',');
  }
  return (Array.isArray(parsed) ? parsed : [parsed]).map(Number).filter((n) => Number.isInteger(n) && n > 0);
};
