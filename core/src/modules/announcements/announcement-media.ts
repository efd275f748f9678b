import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { ANNOUNCEMENT_IMAGE_TYPES, AppError, MEDIA_MAX_BYTES } from '@balcao/sdk';
import { type UploadedFile, uploadName } from '../messages/media-storage.js';

/** Announcement images live apart from the companies' media: they are served to signed-in users only. */
export const announcementMediaDir = (dataDir: string) => path.join(dataDir, 'announcements');

/** A stored image's name: 128 random bits and its extension. */
export const STORED_ANNOUNCEMENT_NAME = /^[0-9a-f]{32}\.(png|jpe?g)$/;

/** The first bytes of each accepted type: a renamed file of another kind is refused. */
const SIGNATURES: Record<string, readonly number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff],
};

async function head(file: string, length: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Checks an announcement image (spec part 2 §5: png, jpg, jpeg): its name, its declared type and its first bytes
 * must agree on PNG or JPEG; within the media size limit. Answers the MIME type it is.
 */
export async function assertAnnouncementImage(file: UploadedFile): Promise<string> {
  const mime = file.mimetype ?? '';
  const ext = path.extname(uploadName(file)).toLowerCase();
  const signature = SIGNATURES[mime];
  if (!signature || !ANNOUNCEMENT_IMAGE_TYPES[mime]?.includes(ext))
    throw new AppError('ERR_ANNOUNCEMENT_IMAGE_TYPE', 400);
  if (file.size > MEDIA_MAX_BYTES) throw new AppError('ERR_MEDIA_TOO_LARGE', 413);
  const bytes = await head(file.filepath, signature.length);
  if (bytes.length < signature.length || signature.some((b, i) => bytes[i] !== b))
    throw new AppError('ERR_ANNOUNCEMENT_IMAGE_TYPE', 400);
  return mime;
}

/** Copies a checked image under DATA_DIR/announcements with a random name; answers that name. */
export async function storeAnnouncementImage(dataDir: string, file: UploadedFile, mime: string) {
  const dir = announcementMediaDir(dataDir);
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}${mime === 'image/png' ? '.png' : '.jpg'}`;
  await copyFile(file.filepath, path.join(dir, name));
  return name;
}

/** Removes a stored image; a name that is not one of ours is ignored. */
export async function removeAnnouncementImage(dataDir: string, name: string | null): Promise<void> {
  if (!name || !STORED_ANNOUNCEMENT_NAME.test(name)) return;
  await rm(path.join(announcementMediaDir(dataDir), name), { force: true });
}
