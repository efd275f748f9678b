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

/** A query list, sent as a JSON array (or one JSON value) or as comma-separated values. */
export const jsonOrCommaList = (raw: string | undefined): unknown[] => {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    return raw.split(',');
  }
};

/** Query id lists (queueIds, tags, users…): positive integers only. */
export const idList = (raw: string | undefined): number[] =>
  jsonOrCommaList(raw)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);

/**
 * The one file a multipart post carries in `field` (the first, if several); none is a 400 naming the field.
 * @example const file = requiredFile(ctx.request.files?.file, 'file')
 */
export function requiredFile<T>(upload: T | T[] | undefined, field: string): T {
  const file = Array.isArray(upload) ? upload[0] : upload;
  if (!file) throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: field, message: 'Required' }] });
  return file;
}
