import { AppError, greetingMediaIssue } from '@balcao/sdk';
import { type StoredMedia, storeMedia, type UploadedFile, uploadName } from '../messages/media-storage.js';

/**
 * Checks a connection's greeting media (GREETING_MEDIA_TYPES, at most GREETING_MEDIA_MAX_BYTES: the rule the browser
 * applies too) and stores it as every upload is: the company's media store, a random name.
 * @example const stored = await storeGreetingMedia(dataDir, 1, file)
 */
export async function storeGreetingMedia(
  dataDir: string,
  companyId: number,
  file: UploadedFile,
): Promise<StoredMedia> {
  const issue = greetingMediaIssue({ name: uploadName(file), type: file.mimetype ?? '', size: file.size });
  if (issue) throw new AppError(issue, issue === 'ERR_GREETING_MEDIA_TOO_LARGE' ? 413 : 400);
  return storeMedia(dataDir, companyId, file);
}
