/** The on-call dialog's messages (the shared schema's and the server's) and their keys under `fieldErrors`. */
const KEYS: Record<string, string> = {
  'Informe o usuário': 'user',
  'Informe o telefone': 'phone',
  'Pelo menos um dia da semana deve ter o horário de início e fim preenchido': 'oneDay',
  Required: 'required',
  'Invalid time': 'invalidTime',
  'Invalid number': 'invalidNumber',
  'Invalid interval': 'invalidInterval',
  'Unknown user': 'unknownUser',
};

export const fieldMessageKey = (message: string): string => `fieldErrors.${KEYS[message] ?? 'invalid'}`;

/** First message per field path ('userId', 'days', 'days.0.startTime'). */
export function messagesByPath(
  issues: readonly { path: readonly PropertyKey[] | string; message: string }[],
) {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const path = typeof issue.path === 'string' ? issue.path : issue.path.map(String).join('.');
    if (!(path in out)) out[path] = issue.message;
  }
  return out;
}

/** What a time field holds as typed: digits only, a colon after the hour (spec: inputs masked HH:MM). */
export function maskTime(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}
