import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { AppError, type ErrorCode, MEDIA_MAX_BYTES } from '@balcao/sdk';
import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { refuseNul } from './hostile-input.js';
import type { AppState } from './types.js';

/** Where uploads wait while their route handles them: DATA_DIR/tmp/uploads, emptied of each request's files after it. */
export const uploadTempDir = (dataDir: string): string => path.join(dataDir, 'tmp', 'uploads');

/** What formidable hands `onFileBegin`: the file it is about to write (its write stream opens right after). */
export interface FileBeingWritten {
  filepath: string;
  originalFilename?: string | null;
  _writeStream?: { closed?: boolean; once(event: 'close', cb: () => void): void };
}

/** Waits until the file's write stream has closed (at most a moment), so removing it cannot race its creation. */
function closed(file: FileBeingWritten): Promise<void> {
  const stream = file._writeStream;
  if (!stream || stream.closed) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 5_000);
    stream.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Removes every file the request wrote, whatever became of it (accepted, refused, aborted mid-body). */
export async function removeAll(files: FileBeingWritten[]): Promise<void> {
  await Promise.all(
    files.map(async (file) => {
      await closed(file);
      await rm(file.filepath, { force: true });
    }),
  );
}

/** A NUL in a file's name is refused: PostgreSQL cannot store it where the name travels (a document's body). */
export function refuseNulNames(files: FileBeingWritten[], field: string): void {
  if (files.some((f) => f.originalFilename?.includes('\u0000')))
    throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: field, message: 'Invalid character' }] });
}

export interface UploadOptions {
  maxFiles: number;
  onFileBegin?: (name: string, file: object) => void;
  /** A route's own limit (default the media store's, MEDIA_MAX_BYTES). */
  maxBytes?: number;
  /** The refusal of a file past `maxBytes` (default 413 ERR_MEDIA_TOO_LARGE). */
  tooLarge?: ErrorCode | (() => AppError);
}

/**
 * The file's name as the user's system will keep it: without folders, and without trailing dots and spaces, which
 * Windows drops (`page.html.` opens as `page.html`), so type checks and stored extensions read the real one.
 * @example cleanFileName('../menu.pdf. ') // 'menu.pdf'
 */
export function cleanFileName(original: string | null | undefined): string {
  const trim = (name: string) => name.replace(/[. ]+$/, '');
  return trim(trim(path.basename(original ?? '')).slice(0, 200)) || 'file';
}

/**
 * koa-body reading one multipart body into `uploadDir`, each file it starts listed in `written` (so the caller can
 * remove them all): too large → `tooLarge`, anything else broken (too many files included) → ERR_VALIDATION on `field`.
 */
export function multipartParser(
  uploadDir: string,
  field: string,
  opts: UploadOptions,
  written: FileBeingWritten[],
): Middleware {
  const refuseTooLarge = () => {
    const tooLarge = opts.tooLarge ?? 'ERR_MEDIA_TOO_LARGE';
    return typeof tooLarge === 'function' ? tooLarge() : new AppError(tooLarge, 413);
  };
  const parse = koaBody({
    json: false,
    urlencoded: false,
    text: false,
    multipart: true,
    formidable: {
      uploadDir,
      maxFileSize: opts.maxBytes ?? MEDIA_MAX_BYTES,
      maxFiles: opts.maxFiles,
      allowEmptyFiles: false,
      onFileBegin: (name, file) => {
        written.push(file as FileBeingWritten);
        opts.onFileBegin?.(name, file);
      },
    },
    onError: (err) => {
      const { code, httpCode } = err as { code?: number; httpCode?: number };
      // formidable's 1015 (too many files) is a 413 there too: a malformed call, not a large file.
      if (httpCode === 413 && code !== FORMIDABLE_TOO_MANY_FILES) throw refuseTooLarge();
      throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: field, message: 'Invalid upload' }] });
    },
  });
  return (ctx, next) =>
    parse(ctx, async () => {
      inSentOrder(ctx, written);
      await next();
    });
}

/**
 * formidable lists a file when its write ends, and small writes end in any order: each field's files are put back in
 * the order the client sent them (an API caller's two media once went out swapped).
 */
function inSentOrder(ctx: Parameters<Middleware>[0], written: FileBeingWritten[]): void {
  const files = (ctx.request as { files?: Record<string, unknown> }).files;
  if (!files) return;
  const sent = new Map(written.map((f, i) => [f.filepath, i]));
  const at = (f: unknown) => sent.get((f as { filepath: string }).filepath) ?? 0;
  for (const [name, list] of Object.entries(files))
    if (Array.isArray(list)) files[name] = [...list].sort((a, b) => at(a) - at(b));
}

const FORMIDABLE_TOO_MANY_FILES = 1015;

/**
 * The body parser of every upload route: multipart only (JSON was parsed already by the app-wide parser), files in
 * `field` written under DATA_DIR/tmp/uploads and removed once the route is done with them, on every path (accepted,
 * refused, aborted mid-body): a route copies what it keeps. Too large → `tooLarge`, a NUL in a file name or any other
 * broken upload → ERR_VALIDATION on `field`; the form's text fields are then held to the app-wide NUL rule, which ran
 * before they were parsed.
 * @example router.post('/users/:id/media-upload', multipartUpload('profileImage', { maxFiles: 1 }), handler)
 */
export function multipartUpload(field: string, opts: UploadOptions): Middleware<AppState> {
  return async (ctx, next) => {
    const uploadDir = uploadTempDir(ctx.state.services.config.dataDir);
    await mkdir(uploadDir, { recursive: true });
    const written: FileBeingWritten[] = [];
    try {
      await multipartParser(
        uploadDir,
        field,
        opts,
        written,
      )(ctx, async () => {
        refuseNulNames(written, field);
        await refuseNul(ctx, next);
      });
    } finally {
      await removeAll(written);
    }
  };
}
