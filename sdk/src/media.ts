/** Limits on stored media, the same for the server's check and the browser's early one. */

/** Largest file an attendant may send or upload (WhatsApp's own document limit is far larger; 20 MB keeps the disk sane). */
export const MEDIA_MAX_BYTES = 20 * 1024 * 1024;

/** Spec part 1 §9: audio under 10000 bytes is an accidental tap on the recorder, not a message. */
export const MIN_AUDIO_BYTES = 10_000;

/** What a profile image may be (spec part 1 §3 User.profileImage): photos a browser shows in an `<img>`. */
export const PROFILE_IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
