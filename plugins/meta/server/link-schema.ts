import { z } from 'zod';

/**
 * `POST /api/facebook` (spec part 1 §5): the Facebook user whose pages become connections, their user access token
 * (pages_messaging, pages_manage_metadata, pages_show_list; Instagram adds instagram_basic and
 * instagram_manage_messages), and whether each page's Instagram account is linked too. Shared with the UI's dialog.
 * @example linkSchema.parse({ facebookUserId: '10223344', facebookUserToken: 'EAAG…', addInstagram: true })
 */
export const linkSchema = z.object({
  facebookUserId: z
    .string({ error: 'Required' })
    .trim()
    .regex(/^(\d{1,32}|me)$/, 'Invalid id'),
  facebookUserToken: z
    .string({ error: 'Required' })
    .trim()
    .min(20, 'Too Short!')
    .max(2000, 'Too Long!')
    .regex(/^[A-Za-z0-9._|-]+$/, 'Invalid token'),
  addInstagram: z.boolean().default(false),
});
export type LinkInput = z.input<typeof linkSchema>;

/** What `POST /api/facebook` answers: the connections linked (never a token). */
export interface LinkedConnection {
  id: number;
  name: string;
  channel: 'facebook' | 'instagram';
  /** The page's (or Instagram account's) id. */
  account: string;
  created: boolean;
}
