import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { AppError, hasNul, MEDIA_MAX_BYTES } from '@balcao/sdk';
import { koaBody } from 'koa-body';

/** A file of a multipart request, read into memory (at most the media limit) for the media port. */
export interface UploadedBytes {
  data: Uint8Array;
  fileName: string;
  mimeType: string;
}

interface FormidableFile {
  filepath: string;
  originalFilename?: string | null;
  mimetype?: string | null;
}

type UploadContext = Parameters<ReturnType<typeof koaBody>>[0];

/**
 * Parses a multipart request (the app's parser reads JSON only): the files under `field` (at most `maxFiles`, each at
 * most MEDIA_MAX_BYTES, else 413 ERR_MEDIA_TOO_LARGE) and the text fields. Temporary files are removed on every path.
 */
export async function readUpload(
  ctx: UploadContext,
  field: string,
  maxFiles: number,
): Promise<{ fields: Record<string, unknown>; files: UploadedBytes[] }> {
  if (!ctx.is('multipart')) {
    throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: field, message: 'Required' }] });
  }
  const written: FormidableFile[] = [];
  const parse = koaBody({
    json: false,
    urlencoded: false,
    text: false,
    multipart: true,
    formidable: {
      uploadDir: tmpdir(),
      maxFileSize: MEDIA_MAX_BYTES,
      maxFiles,
      allowEmptyFiles: false,
      onFileBegin: (_name, file) => {
        written.push(file as unknown as FormidableFile);
      },
    },
    onError: (err) => {
      if ((err as { httpCode?: number }).httpCode === 413) throw new AppError('ERR_MEDIA_TOO_LARGE', 413);
      throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: field, message: 'Invalid upload' }] });
    },
  });
  try {
    await parse(ctx, async () => {});
    const raw = (ctx.request as { files?: Record<string, FormidableFile | FormidableFile[]> }).files?.[field];
    const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    const files: UploadedBytes[] = [];
    for (const file of list) {
      const fileName = file.originalFilename || 'file';
      if (hasNul(fileName) || fileName.length > 255)
        throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: field, message: 'Invalid upload' }] });
      files.push({
        data: new Uint8Array(await readFile(file.filepath)),
        fileName,
        mimeType: file.mimetype || 'application/octet-stream',
      });
    }
    return { fields: (ctx.request.body ?? {}) as Record<string, unknown>, files };
  } finally {
    await Promise.all(written.map((f) => rm(f.filepath, { force: true })));
  }
}
