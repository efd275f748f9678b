/** A number as digits only, as core stores a phone channel's contact (`+55 (11) 9…` → `55119…`); null if < 8 digits. */
export function listNumber(typed: string): string | null {
  const digits = typed.replace(/\D/g, '');
  return digits.length >= 8 && digits.length <= 50 ? digits : null;
}

/** A search term inside an ILIKE pattern: its own `%`, `_` and `\` match themselves. */
export const likePattern = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Postgres' unique-violation code, raised when two writers add one number to a list at once. */
export const isUniqueViolation = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
