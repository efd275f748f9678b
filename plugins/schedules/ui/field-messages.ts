/** The schedule form's messages (the shared schema's and the server's) and their keys under `fieldErrors`. */
const KEYS: Record<string, string> = {
  Obrigatório: 'required',
  Required: 'required',
  'Mensagem muito curta': 'tooShort',
  'Too Long!': 'tooLong',
  'Invalid date': 'invalidDate',
  'In the past': 'inThePast',
  'Ends before it starts': 'endsBeforeStart',
  Unknown: 'unknown',
  'Invalid character': 'invalidCharacter',
  'Unknown media': 'unknownMedia',
};

/** The key of a field message in the plugin's namespace; unknown ones read as a generic "invalid value". */
export const fieldMessageKey = (message: string): string => `fieldErrors.${KEYS[message] ?? 'invalid'}`;

/** First message per top-level field. */
export function firstPerField(issues: readonly { path: readonly PropertyKey[] | string; message: string }[]) {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = typeof issue.path === 'string' ? issue.path.split('.')[0] : String(issue.path[0] ?? '');
    if (field && !(field in out)) out[field] = issue.message;
  }
  return out;
}
