import { z } from 'zod';
import { hasNul, idField } from './common.js';

/** Spec part 2 §3: priority 1 high, 2 medium, 3 low. @example ANNOUNCEMENT_PRIORITIES.includes(2) */
export const ANNOUNCEMENT_PRIORITIES = [1, 2, 3] as const;
export type AnnouncementPriority = (typeof ANNOUNCEMENT_PRIORITIES)[number];

/** Spec part 2 §9: a new announcement is low priority and active. */
export const ANNOUNCEMENT_DEFAULT_PRIORITY: AnnouncementPriority = 3;

/** Spec part 2 §5: an announcement's image is a PNG or a JPEG (.png, .jpg, .jpeg). */
export const ANNOUNCEMENT_IMAGE_TYPES: Readonly<Record<string, readonly string[]>> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
};

/** What the file picker offers. @example <input type="file" accept={ANNOUNCEMENT_IMAGE_ACCEPT} /> */
export const ANNOUNCEMENT_IMAGE_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';

/** Text that must be there ('Required'), at most `max` characters, no NUL. */
const requiredText = (max: number) =>
  z
    .string({ error: 'Required' })
    .trim()
    .min(1, 'Required')
    .max(max, 'Too Long!')
    .refine((v) => !hasNul(v), 'Invalid character');

/**
 * `POST/PUT /api/announcements` (spec part 2 §5: title and text required; §9 priority 3 and active by default).
 * @example announcementSchema.parse({ title: 'Manutenção', text: 'Sábado às 22h' })
 */
export const announcementSchema = z.object({
  title: requiredText(200),
  text: requiredText(5000),
  priority: z.coerce
    .number()
    .int()
    .refine((p) => (ANNOUNCEMENT_PRIORITIES as readonly number[]).includes(p), 'Invalid option')
    .default(ANNOUNCEMENT_DEFAULT_PRIORITY),
  status: z.boolean().default(true),
});
export type AnnouncementInput = z.input<typeof announcementSchema>;

/** An announcement as the API answers it; `mediaPath` is read through `GET /api/announcements/{id}/media`. */
export interface AnnouncementDto {
  id: number;
  title: string;
  text: string;
  priority: AnnouncementPriority;
  status: boolean;
  /** The stored image's name, or null without one. */
  mediaPath: string | null;
  /** The image's original file name. */
  mediaName: string | null;
  createdAt: string;
  updatedAt: string;
}

/** `GET /api/announcements`: a page of 20, newest first. */
export interface AnnouncementPage {
  records: AnnouncementDto[];
  count: number;
  hasMore: boolean;
}

const announcement = z.custom<AnnouncementDto>(
  (v) => z.looseObject({ id: idField, title: z.string(), status: z.boolean() }).safeParse(v).success,
);

/**
 * Frames of `company-announcement` (every company's sockets): an active announcement created or changed, or one
 * users no longer see (deleted or made inactive).
 * @example readFrame(ANNOUNCEMENT_FRAME, data)
 */
export const ANNOUNCEMENT_FRAME = z.discriminatedUnion('action', [
  z.object({ action: z.literal('create'), record: announcement }),
  z.object({ action: z.literal('update'), record: announcement }),
  z.object({ action: z.literal('delete'), id: idField }),
]);
export type AnnouncementFrame = z.infer<typeof ANNOUNCEMENT_FRAME>;

/** `GET` / `POST /api/announcements/seen`: when the user last opened the announcements; newer ones are unread. */
export interface AnnouncementsSeenDto {
  /** ISO time, or null before the first time. */
  seenAt: string | null;
}
