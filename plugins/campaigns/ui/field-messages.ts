import type { TFunction } from 'i18next';
import { DAILY_LIMIT_MAX } from '../shared/settings';

/** The server's field messages this plugin's schemas use, as the shell's validation texts name them. */
const SHELL_KEYS: Record<string, string> = {
  Required: 'validation.required',
  'Too Short!': 'validation.tooShort',
  'Too Long!': 'validation.tooLong',
  'Invalid date': 'validation.invalidDate',
  'Invalid id': 'validation.invalidId',
  'Invalid character': 'validation.invalidCharacter',
  'Invalid option': 'validation.invalidOption',
  'Repeated option': 'validation.repeatedOption',
  'Unknown tag': 'validation.unknownTag',
  Unknown: 'validation.unknownRecord',
  'Invalid number': 'validation.invalidNumber',
  'Ends before it starts': 'validation.endsBeforeStart',
};

/** The recurrence fields' own messages: keys of this plugin's `fieldErrors`. */
const PLUGIN_KEYS: Record<string, string> = {
  'Choose at least one day': 'fieldErrors.chooseDay',
  'At least one run': 'fieldErrors.atLeastOneRun',
  'Too many runs': 'fieldErrors.tooManyRuns',
};

/** Messages the shell has no text for: this plugin's own (in its locales). */
const OWN_KEYS: Record<string, string> = {
  'Invalid limit': 'config.dailyLimitInvalid',
};

/** A field's message in the user's language (the shell's `translation` namespace holds most texts). */
export function fieldMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = SHELL_KEYS[message];
  if (key) return t(`translation:${key}`);
  if (OWN_KEYS[message]) return t(OWN_KEYS[message], { max: DAILY_LIMIT_MAX });
  return PLUGIN_KEYS[message] ? t(PLUGIN_KEYS[message]) : message;
}
