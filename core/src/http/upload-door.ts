import { mkdir, readFile } from 'node:fs/promises';
import {
  AppError,
  MEDIA_MAX_BYTES,
  type ReadUpload,
  type UploadedFile,
  type UploadOptions,
  validate,
} from '@balcao/sdk';
import type { Context } from 'koa';
import { refuseNul } from './hostile-input.js';
import {
  cleanFileName,
  type FileBeingWritten,
  multipartParser,
  refuseNulNames,
  removeAll,
  uploadTempDir,
} from './uploads.js';

/** What formidable lists in `ctx.request.files` once a file is written. */
interface WrittenFile {
  filepath: string;
  originalFilename?: string | null;
  mimetype?: string | null;
  size: number;
}

const required = (field: string) =>
  new AppError('ERR_VALIDATION', 400, { fields: [{ path: field, message: 'Required' }] });

/** `image/*` accepts every image; anything else must be the exact type. */
const accepts = (types: readonly string[], mime: string) =>
  types.some((t) => (t.endsWith('/*') ? mime.startsWith(t.slice(0, -1)) : mime === t));

/**
 * The upload door of one plugin request (`ctx.state.readUpload`, SDK `ReadUpload`): core's multipart parser and
 * limits, files under DATA_DIR/tmp/uploads. The host calls `cleanup()` once the route is done, on every path.
 */
export function uploadDoor(ctx: Context, dataDir: string): { read: ReadUpload; cleanup(): Promise<void> } {
  const written: FileBeingWritten[] = [];
  let consumed = false;
  const read = async <S>(opts: UploadOptions): Promise<{ fields: S; files: UploadedFile[] }> => {
    // A second parse would wait for ever on a body already read: a route's mistake, said at once.
    if (consumed) throw new Error('readUpload: the request body was read already; call it once per request');
    consumed = true;
    const { field } = opts;
    let list: WrittenFile[] = [];
    if (ctx.is('multipart')) {
      const uploadDir = uploadTempDir(dataDir);
      await mkdir(uploadDir, { recursive: true });
      const limits = { maxFiles: opts.maxFiles ?? 1, maxBytes: opts.maxBytes ?? MEDIA_MAX_BYTES };
      await multipartParser(
        uploadDir,
        field,
        { ...limits, tooLarge: opts.tooLarge },
        written,
      )(ctx, async () => {});
      refuseNulNames(written, field);
      // The app-wide NUL rule ran before these text fields were parsed.
      await refuseNul(ctx as never, async () => {});
      const raw = (ctx.request as { files?: Record<string, WrittenFile | WrittenFile[]> }).files?.[field];
      list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    }
    if (opts.types && list.some((f) => !accepts(opts.types ?? [], f.mimetype ?? '')))
      throw new AppError('ERR_MEDIA_TYPE_NOT_ALLOWED', 400);
    if (list.length === 0 && opts.required !== false) throw required(field);
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const fields = (opts.fields ? validate(opts.fields, body) : body) as S;
    const files = list.map((f) => ({
      path: f.filepath,
      fileName: cleanFileName(f.originalFilename),
      mimeType: f.mimetype || 'application/octet-stream',
      size: f.size,
      read: async () => new Uint8Array(await readFile(f.filepath)),
    }));
    return { fields, files };
  };
  return { read: read as ReadUpload, cleanup: () => removeAll(written) };
}

/** Runs a plugin route with `ctx.state.readUpload`, removing whatever it wrote once the route is done. */
export async function withUploadDoor(
  ctx: Context,
  dataDir: string,
  next: () => Promise<unknown>,
): Promise<void> {
  const door = uploadDoor(ctx, dataDir);
  (ctx.state as { readUpload?: ReadUpload }).readUpload = door.read;
  try {
    await next();
  } finally {
    await door.cleanup();
  }
}
