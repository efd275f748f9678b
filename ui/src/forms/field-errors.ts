import type { FieldError } from '@balcao/sdk';

/** One message per field, keyed by the top-level field name. */
export type FieldErrors = Record<string, string>;

/** The SDK schemas' messages (spec wording) and their translation keys. */
export const VALIDATION_KEYS: Record<string, string> = {
  Required: 'validation.required',
  // The tag form's wording (spec part 2 §5).
  Obrigatório: 'validation.required',
  'Mensagem muito curta': 'validation.messageTooShort',
  'Too Short!': 'validation.tooShort',
  'Too Long!': 'validation.tooLong',
  'Invalid email': 'validation.invalidEmail',
  'Mixed scripts': 'validation.mixedScripts',
  'Wrong password': 'validation.wrongPassword',
  'Invalid origin': 'validation.invalidOrigin',
  'Only .xlsx and .xls spreadsheets are accepted': 'validation.onlySpreadsheets',
  'Repeated in the sheet': 'validation.repeatedInSheet',
  'Invalid time': 'validation.invalidTime',
  'Ends before it starts': 'validation.endsBeforeStart',
  'Starts before the first period ends': 'validation.overlapsFirstPeriod',
  'Unknown queue': 'validation.unknownQueue',
  'Unknown user': 'validation.unknownUser',
  'Unknown option': 'validation.unknownOption',
  'Too deep': 'validation.tooDeep',
  'Too many options': 'validation.tooManyOptions',
  'Repeated option': 'validation.repeatedOption',
  'Invalid link': 'validation.invalidLink',
  'Invalid option': 'validation.invalidOption',
  'Invalid number': 'validation.invalidNumber',
  'Invalid code': 'validation.invalidCode',
  // The company form's own wording (spec part 2 §5).
  'Nome é obrigatório': 'validation.nameRequired',
  'E-mail é obrigatório': 'validation.emailRequired',
  'Email é inválido': 'validation.emailInvalid',
  'Invalid video': 'validation.invalidVideo',
  // Server-side field messages (ERR_VALIDATION fields the shared schemas cannot check in the browser).
  'Unknown tag': 'validation.unknownTag',
  'Unknown media': 'validation.unknownMedia',
  'Unknown plan flag': 'validation.unknownPlanFlag',
  'Invalid upload': 'validation.invalidUpload',
  'Invalid id': 'validation.invalidId',
  'Invalid character': 'validation.invalidCharacter',
  'Invalid rate': 'validation.invalidRate',
  Unknown: 'validation.unknownRecord',
  'A pending ticket has no user': 'validation.pendingHasNoUser',
  'Unknown message': 'validation.unknownMessage',
  'Not a message of this ticket': 'validation.notThisTicketMessage',
  'Invalid coordinates': 'validation.invalidCoordinates',
  'This message cannot be forwarded': 'validation.cannotForward',
  'Invalid token': 'validation.invalidToken',
  'Invalid visitor': 'validation.invalidVisitor',
  'Invalid date': 'validation.invalidDate',
  'One emoji': 'validation.oneEmoji',
  'Must be an http(s) URL': 'validation.httpUrl',
  'File too large (10 MB at most)': 'validation.spreadsheetTooLarge',
  'Invalid credentials': 'validation.invalidCredentials',
  // Schedules and on-call plugins (spec part 2 §5: the on-call form's own wording).
  'In the past': 'validation.inThePast',
  'Informe o usuário': 'validation.onCallUser',
  'Informe o telefone': 'validation.onCallPhone',
  'Pelo menos um dia da semana deve ter o horário de início e fim preenchido': 'validation.onCallOneDay',
  'Invalid interval': 'validation.invalidInterval',
  // The to-do plugin: a list past its limit.
  'Too many tasks': 'validation.tooManyTasks',
  // A kanban move to a tag that is not a lane; the campaigns plugin's recurrence and daily cap.
  'Not a kanban tag': 'validation.notKanbanTag',
  'Choose at least one day': 'validation.chooseDay',
  'At least one run': 'validation.atLeastOneRun',
  'Too many runs': 'validation.tooManyRuns',
  'Invalid limit': 'validation.invalidLimit',
};

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

/** First issue per field, from zod issues (client) or `ERR_VALIDATION` fields (server). */
export function toFieldErrors(issues: readonly (IssueLike | FieldError)[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const field = typeof issue.path === 'string' ? issue.path.split('.')[0] : String(issue.path[0] ?? '');
    if (field && !(field in out)) out[field] = issue.message;
  }
  return out;
}

/** Translates a spec validation message or an `ERR_…` code (the shared schemas' rule codes); others shown as they came. */
export function translateValidation(
  message: string | undefined,
  t: (key: string) => string,
): string | undefined {
  if (!message) return undefined;
  const key = VALIDATION_KEYS[message] ?? (/^ERR_[A-Z_]+$/.test(message) ? `errors.${message}` : undefined);
  return key ? t(key) : message;
}

/** The errors without `field`: a field's message goes away as soon as the user edits it. */
export function withoutField(errors: FieldErrors, field: string): FieldErrors {
  if (!(field in errors)) return errors;
  const { [field]: _edited, ...rest } = errors;
  return rest;
}
