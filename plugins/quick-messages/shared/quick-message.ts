import { hasNul, pageNumberField } from '@balcao/sdk/rest';
import { z } from 'zod';

/** Longest shortcode, and longest reply text (a WhatsApp message is longer, but a quick reply is a paragraph). */
export const SHORTCODE_MAX = 100;
export const QUICK_MESSAGE_MAX = 4096;
/** The composer's suggestion label is cut here (spec part 1 §9: quick-reply label 35). */
export const SUGGESTION_LABEL_MAX = 35;
export const QUICK_MESSAGES_PAGE_SIZE = 20;

const text = (max: number) =>
  z
    .string({ error: 'Required' })
    .max(max, 'Too Long!')
    .refine((v) => !hasNul(v), 'Invalid character');

/** `POST /quick-messages` and `PUT /quick-messages/{id}` (spec part 2 §5: shortcode required; §9 defaults). */
export const quickMessageSchema = z.object({
  shortcode: text(SHORTCODE_MAX)
    .transform((v) => v.trim())
    .pipe(z.string().min(1, 'Required')),
  message: text(QUICK_MESSAGE_MAX).default(''),
  geral: z.boolean({ error: 'Invalid option' }).default(false),
  status: z.boolean({ error: 'Invalid option' }).default(true),
});
export type QuickMessageInput = z.infer<typeof quickMessageSchema>;

/** `GET /quick-messages`: the search (shortcode or text) and the page. */
export const quickMessageListQuery = z.object({
  searchParam: text(200)
    .transform((v) => v.trim())
    .default(''),
  pageNumber: pageNumberField,
});

/** A quick reply as the API answers it (spec part 2 §3). */
export interface QuickMessageDto {
  id: number;
  shortcode: string;
  message: string;
  geral: boolean;
  status: boolean;
  isMedia: boolean;
  mediaPath: string | null;
  mediaName: string | null;
  userId: number | null;
  /** Whether the asking user may edit and delete it (spec part 2 §6). */
  canEdit: boolean;
  updatedAt: string;
}

export interface QuickMessagePageDto {
  records: QuickMessageDto[];
  hasMore: boolean;
}

/** The realtime frame on `company-{id}-quick-messages`: ids only, each screen reloads what its user may see. */
export interface QuickMessageFrame {
  action: 'create' | 'update' | 'delete';
  quickMessageId: number;
}

/** Who may manage a reply (spec part 2 §6): admin and supervisor all; a user only their own non-shared ones. */
export function canManage(
  user: { id: number; profile: string },
  reply: { userId: number | null; geral: boolean },
): boolean {
  if (user.profile === 'admin' || user.profile === 'supervisor') return true;
  return !reply.geral && reply.userId === user.id;
}

/** Who may mark a reply shared (geral). */
export const canShare = (user: { profile: string }): boolean =>
  user.profile === 'admin' || user.profile === 'supervisor';

/** The composer's label: the shortcode and the text, cut at {@link SUGGESTION_LABEL_MAX} characters. */
export function suggestionLabel(reply: { shortcode: string; message: string }): string {
  const full = reply.message ? `${reply.shortcode} - ${reply.message}` : reply.shortcode;
  const flat = full.replace(/\s+/g, ' ');
  return flat.length > SUGGESTION_LABEL_MAX ? `${flat.slice(0, SUGGESTION_LABEL_MAX)}…` : flat;
}
