import { AppError, PG_INT_MAX } from '@balcao/sdk';

export { validate } from '@balcao/sdk';

const invalidId = (field: string) =>
  new AppError('ERR_VALIDATION', 400, { fields: [{ path: field, message: 'Invalid id' }] });

/**
 * A positive integer route parameter, at most PostgreSQL's integer (a larger one is a 400, not a SQL error).
 * @example idParam(ctx.params.ticketId, 'ticketId')
 */
export function idParam(value: string | undefined, field = 'id'): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0 || id > PG_INT_MAX) throw invalidId(field);
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

/**
 * Query id lists (queueIds, tags, users…): the positive integers of the list (other entries match nothing and are
 * dropped); an id past PostgreSQL's integer is a 400 naming `field`. @example idList(q.queueIds, 'queueIds')
 */
export function idList(raw: string | undefined, field: string): number[] {
  const ids = jsonOrCommaList(raw)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  if (ids.some((n) => n > PG_INT_MAX)) throw invalidId(field);
  return ids;
}

/**
 * The one file a multipart post carries in `field` (the first, if several); none is a 400 naming the field.
 * @example const file = requiredFile(ctx.request.files?.file, 'file')
 */
export function requiredFile<T>(upload: T | T[] | undefined, field: string): T {
  const file = Array.isArray(upload) ? upload[0] : upload;
  if (!file) throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: field, message: 'Required' }] });
  return file;
}
