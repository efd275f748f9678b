import type { z } from 'zod';
import type { AppError } from './errors.js';

/**
 * What a route's multipart body may hold. Refusals: a file past `maxBytes` → `tooLarge` (default 413
 * `ERR_MEDIA_TOO_LARGE`); a type outside `types` → 400 `ERR_MEDIA_TYPE_NOT_ALLOWED`; more than `maxFiles`, a broken
 * body, a NUL in a file name or in a field (name or value) → 400 `ERR_VALIDATION` on `field` (the text field's own
 * path for a NUL there); no file while `required` → 400 `ERR_VALIDATION` `Required` on `field`; fields the `fields`
 * schema refuses → 400 `ERR_VALIDATION` naming them.
 * @example { field: 'file', maxFiles: 1, types: ['image/*', 'application/pdf'], fields: z.object({ caption: z.string().optional() }) }
 */
export interface UploadOptions<S extends z.ZodType = z.ZodType<Record<string, unknown>>> {
  /** The form field the files come in. */
  field: string;
  /** At most this many files (default 1). */
  maxFiles?: number;
  /** Each file at most this many bytes (default MEDIA_MAX_BYTES): the parser stops reading past it. */
  maxBytes?: number;
  /** The refusal of a file past `maxBytes`; default 413 `ERR_MEDIA_TOO_LARGE`. */
  tooLarge?: () => AppError;
  /** MIME types accepted, exact (`application/pdf`) or by family (`image/*`); default any. */
  types?: readonly string[];
  /** At least one file (default true). */
  required?: boolean;
  /** The text fields' schema: the answer's `fields` are what it outputs. */
  fields?: S;
}

/** A file of the request, in a temporary place the host removes once the route is done: copy or store what you keep. */
export interface UploadedFile {
  /** Where it lies for now (read it as a stream for large files, e.g. a spreadsheet import). */
  path: string;
  /** The user's name for it, without folders (`menu.pdf`); `file` when it had none. */
  fileName: string;
  /** As the browser declared it; `application/octet-stream` when it did not. */
  mimeType: string;
  size: number;
  /** Its bytes (at most `maxBytes`), e.g. for `media.store`. */
  read(): Promise<Uint8Array>;
}

/** The parsed body: the text fields (as the schema outputs them) and the files of `field`, in the order sent. */
export interface Upload<F = Record<string, unknown>> {
  fields: F;
  files: UploadedFile[];
}

/**
 * The multipart door of plugin routes (`ctx.state.readUpload`, on authenticated and public routes alike): the app's
 * own parser reads JSON only, so an upload route calls this once (a second call throws: the body is read); temporary
 * files go when the route is done.
 * @example const { files: [file] } = await ctx.state.readUpload({ field: 'file' }); await ctx.state.deps.media.store({ data: await file.read(), fileName: file.fileName, mimeType: file.mimeType })
 */
export type ReadUpload = <S extends z.ZodType = z.ZodType<Record<string, unknown>>>(
  options: UploadOptions<S>,
) => Promise<Upload<z.output<S>>>;
