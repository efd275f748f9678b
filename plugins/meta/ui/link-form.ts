import { type LinkInput, linkSchema } from '../server/link-schema';

/** The dialog's fields as typed (the switch starts on for the Instagram entry). */
export interface LinkForm {
  facebookUserId: string;
  facebookUserToken: string;
  addInstagram: boolean;
}

/** The form a menu entry opens with: Instagram's entry asks for the Instagram accounts too. */
export const initialLinkForm = (addInstagram: boolean): LinkForm => ({
  facebookUserId: '',
  facebookUserToken: '',
  addInstagram,
});

/** The schema's messages with a plainer text of their own (a token cut short when copied, a stray quote). */
const ISSUE_KEYS: Record<string, string> = {
  'Too Short!': 'tooShort',
  'Too Long!': 'tooLong',
  'Invalid token': 'invalidToken',
};

/**
 * The body for `POST /api/facebook`, or the message key of each wrong field (`meta:link.errors.<field>`), checked by
 * the schema the server uses. @example linkRequest({ facebookUserId: '', … }) // { errors: { facebookUserId: 'required' } }
 */
export function linkRequest(
  form: LinkForm,
): { body: LinkInput } | { errors: Partial<Record<keyof LinkForm, string>> } {
  const parsed = linkSchema.safeParse(form);
  if (parsed.success) return { body: parsed.data };
  const errors: Partial<Record<keyof LinkForm, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof LinkForm;
    const value = String(form[field] ?? '').trim();
    errors[field] ??= value === '' ? 'required' : (ISSUE_KEYS[issue.message] ?? 'invalid');
  }
  return { errors };
}
