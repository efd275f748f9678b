/** The tag form's server messages (the shared `tagSchema`'s wording, spec part 2 §5) and their keys under `validation`. */
const FIELD_MESSAGES: Record<string, string> = {
  Obrigatório: 'required',
  Required: 'required',
  'Mensagem muito curta': 'tooShort',
  'Too Long!': 'tooLong',
  'Invalid character': 'invalidCharacter',
  ERR_NAME_TAKEN: 'nameTaken',
};

/** The translation key of a server field message; one this form does not know reads as "invalid value". */
export const fieldMessageKey = (message: string | undefined): string | undefined =>
  message === undefined ? undefined : `validation.${FIELD_MESSAGES[message] ?? 'invalid'}`;
