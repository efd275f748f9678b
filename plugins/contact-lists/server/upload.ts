import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { AppError } from '@balcao/sdk';
import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';

/** A spreadsheet upload's bound, as core's contacts import: 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

const fileError = (message: string) =>
  new AppError('ERR_VALIDATION', 400, { fields: [{ path: 'file', message }] });

interface WrittenFile {
  filepath: string;
  originalFilename?: string | null;
}

/**
 * Parses `POST …/upload`'s multipart body (one file in `file`, at most 10 MB) into a temp file and removes every
 * file the request wrote once the route is done, whatever became of it. The SDK offers plugins no upload door yet,
 * so this mirrors core's `multipartUpload` with the same messages (translated by the shell).
 */
export const spreadsheetUpload: Middleware = async (ctx, next) => {
  const written: WrittenFile[] = [];
  const parse = koaBody({
    json: false,
    urlencoded: false,
    text: false,
    multipart: true,
    formidable: {
      uploadDir: tmpdir(),
      maxFileSize: MAX_UPLOAD_BYTES,
      maxFiles: 1,
      allowEmptyFiles: false,
      onFileBegin: (_name, file) => {
        written.push(file as unknown as WrittenFile);
      },
    },
    onError: (err) => {
      if ((err as { httpCode?: number }).httpCode === 413) throw fileError('File too large (10 MB at most)');
      throw fileError('Invalid upload');
    },
  });
  try {
    await parse(ctx, async () => {
      if (written.some((f) => f.originalFilename?.includes('\u0000'))) throw fileError('Invalid character');
      await next();
    });
  } finally {
    await Promise.all(written.map((f) => rm(f.filepath, { force: true })));
  }
};

/** The uploaded file's path, or 400 `Required` on `file`. */
export function uploadedFile(files: unknown): string {
  const upload = (files as Record<string, unknown> | undefined)?.file;
  const file = (Array.isArray(upload) ? upload[0] : upload) as WrittenFile | undefined;
  if (!file?.filepath) throw fileError('Required');
  return file.filepath;
}
