import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, link, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError, MEDIA_MAX_BYTES, MIN_AUDIO_BYTES, mediaTypeOf, PROFILE_IMAGE_TYPES } from '@balcao/sdk';
import type { AppRouter } from '../../http/types.js';
import { cleanFileName } from '../../http/uploads.js';

/** At most this many files in one multipart post. */
export const MEDIA_MAX_FILES = 10;
/** Spec part 1 §9: a private note with media has an invisible joiner as its body. */
export const PRIVATE_MEDIA_BODY = '\u200d';

/** The URL prefix media are served under; the company folder follows (`/api/media/company3/<name>`). */
export const MEDIA_URL_PREFIX = '/api/media';

/** The shared body parser of upload routes, kept importable from here where the routes always found it. */
export { multipartUpload } from '../../http/uploads.js';

/** Media types of the spec (Message.mediaType) by MIME family: the SDK's rule, kept importable from here. */
export { mediaTypeOf };

/** Executables and markup a browser would run from our origin are refused; everything else is a document. */
const REFUSED_MIME =
  /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|application\/(x-)?(javascript|msdownload|sh|executable))/;
const REFUSED_EXT = /\.(html?|xht(ml)?|svgz?|js|mjs|exe|bat|cmd|sh|msi|com|scr)$/i;

export interface UploadedFile {
  filepath: string;
  originalFilename: string | null;
  mimetype: string | null;
  size: number;
}

/** The file's name as the user's system will keep it (see cleanFileName). */
export const uploadName = (file: UploadedFile): string => cleanFileName(file.originalFilename);

export interface StoredMedia {
  mediaUrl: string;
  mediaType: string;
  /** The original file name: a document's body when no caption is typed (see uncaptionedBody). */
  originalName: string;
}

/**
 * The body of a file sent without a caption: a document keeps its name, which users need (which PDF is it?); photos,
 * videos and voice notes get none, as on WhatsApp (a recorder's `audio-<ms>.mp3` says nothing to anyone).
 */
export const uncaptionedBody = (m: StoredMedia): string =>
  m.mediaType === 'application' ? m.originalName : '';

const mediaDir = (dataDir: string, companyId: number) => path.join(dataDir, 'media', `company${companyId}`);

/** Removes every stored file of the company (it was deleted). @example await removeCompanyMedia(dataDir, 7) */
export async function removeCompanyMedia(dataDir: string, companyId: number): Promise<void> {
  await rm(mediaDir(dataDir, companyId), { recursive: true, force: true });
}

/** A profile image's name ends as one of PROFILE_IMAGE_TYPES (@balcao/sdk) does. */
const PROFILE_IMAGE_EXT = /\.(jpe?g|png|gif|webp)$/i;

/** Checks a profile image before it is stored: a photo of a known type, within the store's size limit. */
export function assertProfileImage(file: UploadedFile): void {
  if (!PROFILE_IMAGE_TYPES.includes(file.mimetype ?? '') || !PROFILE_IMAGE_EXT.test(uploadName(file)))
    throw new AppError('ERR_PROFILE_IMAGE_TYPE', 400);
  if (file.size > MEDIA_MAX_BYTES) throw new AppError('ERR_MEDIA_TOO_LARGE', 413);
}

/** Checks a file before anything is stored, so a refused batch stores nothing. */
export function assertAcceptable(file: UploadedFile): void {
  const mime = file.mimetype ?? 'application/octet-stream';
  if (REFUSED_MIME.test(mime) || REFUSED_EXT.test(uploadName(file)))
    throw new AppError('ERR_MEDIA_TYPE_NOT_ALLOWED', 400);
  if (file.size > MEDIA_MAX_BYTES) throw new AppError('ERR_MEDIA_TOO_LARGE', 413);
  if (mediaTypeOf(mime) === 'audio' && file.size < MIN_AUDIO_BYTES)
    throw new AppError('ERR_AUDIO_TOO_SHORT', 400);
}

/** Where a new file of the company goes: a random 128-bit name with the original's extension, and its URL. */
async function newStoredName(dataDir: string, companyId: number, originalName: string) {
  const ext = path
    .extname(originalName)
    .toLowerCase()
    .replace(/[^.a-z0-9]/g, '')
    .slice(0, 10);
  const name = `${randomBytes(16).toString('hex')}${ext}`;
  const dir = mediaDir(dataDir, companyId);
  await mkdir(dir, { recursive: true });
  return { file: path.join(dir, name), url: `${MEDIA_URL_PREFIX}/company${companyId}/${name}` };
}

/**
 * Copies an uploaded file under DATA_DIR/media/company{id}/ with a random 128-bit name and its extension. The name
 * is never the user's: no path tricks, no collisions, and the URL cannot be guessed.
 */
export async function storeMedia(
  dataDir: string,
  companyId: number,
  file: UploadedFile,
): Promise<StoredMedia> {
  const originalName = uploadName(file);
  const target = await newStoredName(dataDir, companyId, originalName);
  await copyFile(file.filepath, target.file);
  return { mediaUrl: target.url, mediaType: mediaTypeOf(file.mimetype ?? ''), originalName };
}

/**
 * Stores bytes a plugin has (a channel's downloaded media, a generated report) as an upload would be stored, after
 * the same checks (type, size; a voice note's minimum only applies to recordings, not here).
 */
export async function storeMediaBytes(
  dataDir: string,
  companyId: number,
  input: { data: Uint8Array; fileName: string; mimeType: string },
): Promise<StoredMedia & { size: number }> {
  const asUpload: UploadedFile = {
    filepath: '',
    originalFilename: input.fileName,
    mimetype: input.mimeType,
    size: input.data.byteLength,
  };
  const mime = input.mimeType || 'application/octet-stream';
  if (REFUSED_MIME.test(mime) || REFUSED_EXT.test(uploadName(asUpload)))
    throw new AppError('ERR_MEDIA_TYPE_NOT_ALLOWED', 400);
  if (input.data.byteLength > MEDIA_MAX_BYTES) throw new AppError('ERR_MEDIA_TOO_LARGE', 413);
  const originalName = uploadName(asUpload);
  const target = await newStoredName(dataDir, companyId, originalName);
  await writeFile(target.file, input.data);
  return { mediaUrl: target.url, mediaType: mediaTypeOf(mime), originalName, size: input.data.byteLength };
}

/** A stored file of the company by its URL, or null when the URL is not one of the company's files. */
export async function readOwnMedia(
  dataDir: string,
  companyId: number,
  url: string,
): Promise<{ data: Buffer; mimeType: string; fileName: string } | null> {
  const file = ownStoredPath(dataDir, companyId, url);
  if (!file) return null;
  const name = path.basename(file);
  const data = await readFile(file).catch(() => null);
  if (!data) return null;
  return { data, mimeType: CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream', fileName: name };
}

const STORED_NAME = /^[0-9a-f]{32}(\.[a-z0-9]{1,9})?$/;

/** Where a stored file of the company named by its URL lies, or null when the URL is not one of the company's files. */
function ownStoredPath(dataDir: string, companyId: number, url: string | null): string | null {
  const prefix = `${MEDIA_URL_PREFIX}/company${companyId}/`;
  const name = url?.slice(prefix.length) ?? '';
  if (!url?.startsWith(prefix) || !STORED_NAME.test(name)) return null;
  return path.join(mediaDir(dataDir, companyId), name);
}

/**
 * Removes a stored file of the company by its URL (a connection's greeting media replaced or gone); a URL that is not
 * one of the company's files, or a file already gone, is left alone (false). @example await removeOwnMedia(dataDir, 1, url)
 */
export async function removeOwnMedia(
  dataDir: string,
  companyId: number,
  url: string | null,
): Promise<boolean> {
  const file = ownStoredPath(dataDir, companyId, url);
  if (!file) return false;
  return rm(file).then(
    () => true,
    () => false,
  );
}

/**
 * A name of its own for a stored file of the company (a hard link, a copy where the store cannot link), so a message
 * keeps its file when the original goes (a connection's greeting media replaced or removed); null when the URL is not
 * one of the company's stored files. @example const own = await ownCopyOfMedia(dataDir, 1, conn.greetingMediaAttachment)
 */
export async function ownCopyOfMedia(
  dataDir: string,
  companyId: number,
  url: string,
): Promise<string | null> {
  const source = ownStoredPath(dataDir, companyId, url);
  if (!source) return null;
  const target = await newStoredName(dataDir, companyId, path.basename(source));
  const stored = await link(source, target.file)
    .catch(() => copyFile(source, target.file))
    .then(
      () => true,
      () => false,
    );
  return stored ? target.url : null;
}

/**
 * The media type of a file of this company's store named by its URL (a message sending a stored file again), or
 * null when the URL is not one of the company's stored files.
 */
export async function ownMediaType(dataDir: string, companyId: number, url: string): Promise<string | null> {
  const file = ownStoredPath(dataDir, companyId, url);
  if (!file) return null;
  const name = path.basename(file);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;
  return mediaTypeOf(CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream');
}

/** The passive types a browser may show inline; anything else is a download (markup or script never runs from here). */
const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.ogg': 'audio/ogg',
  '.oga': 'audio/ogg',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.wav': 'audio/wav',
  '.pdf': 'application/pdf',
};

/**
 * Serves stored media without authentication. Why: `<img>`, `<audio>` and `<video>` cannot send our bearer token,
 * and the web chat visitor has none at all; the 128-bit random name is the capability (as WhatsApp's own media URLs
 * are). Who may learn a URL is decided where messages are read: only those who can see the ticket, or the visitor of
 * that conversation. Files never render as HTML from our origin: only the passive types above are shown inline; every
 * other file (SVG, HTML, XML, scripts, unknown) is an opaque download, whatever its name, and nothing is sniffed.
 */
export function mediaRoutes(router: AppRouter, dataDir: string): void {
  // The router is the public one under `/api`, so this is MEDIA_URL_PREFIX.
  router.get('/media/:folder/:name', async (ctx) => {
    const folder = /^company(\d+)$/.exec(ctx.params.folder ?? '');
    const name = ctx.params.name ?? '';
    if (!folder || !STORED_NAME.test(name)) throw new AppError('ERR_NO_MEDIA_FOUND', 404);
    const file = path.join(mediaDir(dataDir, Number(folder[1])), name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw new AppError('ERR_NO_MEDIA_FOUND', 404);
    const type = CONTENT_TYPES[path.extname(name)];
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', 'private, max-age=86400, immutable');
    if (type) ctx.type = type;
    else {
      ctx.attachment(name);
      ctx.type = 'application/octet-stream';
    }
    ctx.length = info.size;
    ctx.body = createReadStream(file);
  });
}
