/** The server's field and row messages (spec wording) and their keys under `messages` in this plugin's locales. */
const MESSAGE_KEYS: Record<string, string> = {
  Required: 'required',
  'Too Short!': 'tooShort',
  'Too Long!': 'tooLong',
  'Invalid email': 'invalidEmail',
  'Invalid character': 'invalidCharacter',
  'Repeated in the sheet': 'repeatedInSheet',
  'Already in the list': 'alreadyInList',
  // The file's own refusals (core's spreadsheet reader, and this plugin's upload bound).
  'Only .xlsx and .xls spreadsheets are accepted': 'onlySpreadsheets',
  'The spreadsheet could not be read': 'unreadableSheet',
  'File too large (10 MB at most)': 'fileTooLarge',
};

/** The message in the user's language; one this plugin does not know is shown as it came. */
export const translateMessage = (
  t: (key: string) => string,
  message: string | undefined,
): string | undefined =>
  message && MESSAGE_KEYS[message] ? t(`messages.${MESSAGE_KEYS[message]}`) : message;
