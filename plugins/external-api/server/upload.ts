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
 * most MEDIA_MAX_BYTES, else 413 `tooLarge`) and the text fields. Temporary files are removed on every path.
 */
export async function readUpload(
  ctx: UploadContext,
  field: string,
  maxFiles: number,
  tooLarge: () => AppError,
  maxBytes = MEDIA_MAX_BYTES,
): Promise<{ fields: Record<string, unknown>; files: UploadedBytes[] }> {
  const written: FormidableFile[] = [];
  const parse = koaBody({
    json: false,
    urlencoded: false,
    text: false,
    multipart: true,
    formidable: {
      uploadDir: tmpdir(),
      maxFileSize: maxBytes,
      maxFiles,
      allowEmptyFiles: false,
      onFileBegin: (_name, file) => {
        written.push(file as unknown as FormidableFile);
      },
    },
    onError: (err) => {
      const { code, httpCode } = err as { code?: number; httpCode?: number };
      // formidable's 1015 is "too many files", also a 413 there: a malformed call here, not a large file.
      if (httpCode === 413 && code !== 1015) throw tooLarge();
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
