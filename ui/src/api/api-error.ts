import type { FieldError } from '@balcao/sdk';

/** A non-2xx answer. `code` is the body's `error` (`ERR_…`) when there is one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Field problems of an `ERR_VALIDATION` answer. */
  get fields(): FieldError[] {
    if (!isRecord(this.body) || !Array.isArray(this.body.fields)) return [];
    return this.body.fields.filter(
      (f): f is FieldError => isRecord(f) && typeof f.path === 'string' && typeof f.message === 'string',
    );
  }

  /** A string detail of the body, e.g. `dueDate` of `ERR_SUBSCRIPTION_EXPIRED`. */
  detail(key: string): string | null {
    if (!isRecord(this.body)) return null;
    const value = this.body[key];
    return typeof value === 'string' ? value : null;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Builds an ApiError from a failed Response. */
export async function toApiError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: keep the raw text as the body.
  }
  const code = isRecord(body) && typeof body.error === 'string' ? body.error : null;
  const message = code ?? (typeof body === 'string' && body.trim() !== '' ? body.trim() : res.statusText);
  return new ApiError(res.status, code, body, message);
}
