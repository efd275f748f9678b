import type { FormFieldErrors } from '@balcao/sdk/ui';

/** The schemas' messages (spec wording) and their keys under `validation` in this plugin's locales. */
const KEYS: Record<string, string> = {
  Required: 'required',
  'Too Short!': 'tooShort',
  'Too Long!': 'tooLong',
  'Must be an http(s) URL': 'httpUrl',
  'Invalid option': 'invalidOption',
  'Invalid character': 'invalidCharacter',
  'Invalid number': 'invalidNumber',
  'Invalid credentials': 'invalidCredentials',
};

/** First message per field, from zod issues (the dialog) or the server's field errors. */
export function firstPerField(
  issues: readonly { path: readonly PropertyKey[] | string; message: string }[],
): FormFieldErrors {
  const out: FormFieldErrors = {};
  for (const issue of issues) {
    const field = typeof issue.path === 'string' ? issue.path.split('.')[0] : String(issue.path[0] ?? '');
    if (field && !(field in out)) out[field] = issue.message;
  }
  return out;
}

/** The field's message in the user's language (unknown ones as they came). */
export function translateMessage(
  message: string | undefined,
  t: (key: string) => string,
): string | undefined {
  if (!message) return undefined;
  const key = KEYS[message];
  return key ? t(`validation.${key}`) : message;
}
