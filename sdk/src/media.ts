/** Limits on stored media, the same for the server's check and the browser's early one. */

/** Largest file an attendant may send or upload (WhatsApp's own document limit is far larger; 20 MB keeps the disk sane). */
export const MEDIA_MAX_BYTES = 20 * 1024 * 1024;

/**
 * The kind of message a file of this MIME type makes (Message.mediaType): an image, video or audio by family; anything
 * else is a document ("application"). @example mediaTypeOf('video/mp4') === 'video'
 */
export function mediaTypeOf(mime: string): 'image' | 'video' | 'audio' | 'application' {
  const family = mime.split('/')[0];
  return family === 'image' || family === 'video' || family === 'audio' ? family : 'application';
}

/** Spec part 1 §9: audio under 10000 bytes is an accidental tap on the recorder, not a message. */
export const MIN_AUDIO_BYTES = 10_000;

/** What a profile image may be (spec part 1 §3 User.profileImage): photos a browser shows in an `<img>`. */
export const PROFILE_IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/**
 * What a connection's greeting media may be (`POST /whatsapp/{id}/media-upload`): what WhatsApp shows with a caption
 * under it, the greeting (a photo, a video, a PDF). Audio is refused: a voice note carries no caption, so the greeting
 * would be lost. By MIME type, with the extension each has.
 */
export const GREETING_MEDIA_TYPES: Readonly<Record<string, readonly string[]>> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'video/mp4': ['.mp4'],
  'application/pdf': ['.pdf'],
};

/** WhatsApp's own limit for a photo or video it delivers (16 MB), below the store's 20 MB. */
export const GREETING_MEDIA_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Why a file cannot be a connection's greeting media, or null when it can: the same check in the browser (before an
 * upload) and on the server. @example greetingMediaIssue({ name: 'menu.svg', type: 'image/svg+xml', size: 900 }) // 'ERR_GREETING_MEDIA_TYPE'
 */
export function greetingMediaIssue(file: {
  name: string;
  type: string;
  size: number;
}): 'ERR_GREETING_MEDIA_TYPE' | 'ERR_GREETING_MEDIA_TOO_LARGE' | null {
  const exts = GREETING_MEDIA_TYPES[file.type];
  const name = file.name.toLowerCase();
  if (!exts?.some((ext) => name.endsWith(ext))) return 'ERR_GREETING_MEDIA_TYPE';
  if (file.size > GREETING_MEDIA_MAX_BYTES) return 'ERR_GREETING_MEDIA_TOO_LARGE';
  return null;
}
