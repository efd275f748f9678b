import { boundedString, hasNul, idField, pageNumberField } from '@balcao/sdk/rest';
import { z } from 'zod';

// The queue integration record (spec part 2 §3, §5, §9), shared by the server (validation) and the UI (the dialog):
// one contract, no drift.

/** The engines a record can drive (spec part 2 §9). */
export const INTEGRATION_TYPES = ['dialogflow', 'n8n', 'webhook', 'typebot'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

/** Dialogflow agent languages offered (spec part 2 §9). */
export const DIALOGFLOW_LANGUAGES = ['pt-BR', 'en', 'es'] as const;
export type DialogflowLanguage = (typeof DIALOGFLOW_LANGUAGES)[number];

/** Spec defaults: expiry 1 minute, 1000 ms between messages. */
export const TYPEBOT_DEFAULTS = { typebotExpires: 1, typebotDelayMessage: 1000 } as const;

/** A service-account file is a few KB; more is not one. */
export const JSON_CONTENT_MAX = 20_000;
const TEXT_MAX = 1000;

/** Free text: optional, no NUL, bounded; blank is null. */
const optionalText = (max: number) =>
  z
    .string()
    .max(max, 'Too Long!')
    .refine((v) => !hasNul(v), 'Invalid character')
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null));

/** An http(s) base URL (the Typebot server, the n8n or webhook endpoint). */
const urlField = z
  .string()
  .trim()
  .max(500, 'Too Long!')
  .refine((v) => !hasNul(v), 'Invalid character')
  .refine((v) => v === '' || isHttpUrl(v), 'Must be an http(s) URL')
  .nullish()
  .transform((v) => v || null);

export function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password;
  } catch {
    return false;
  }
}

/** What a Google service-account key file must hold for the token exchange. */
export const serviceAccountSchema = z.object({
  client_email: z.string().min(3).max(300),
  private_key: z.string().min(100).max(10_000),
  project_id: z.string().max(200).optional(),
  token_uri: z.string().max(500).optional(),
});
export type ServiceAccount = z.infer<typeof serviceAccountSchema>;

/** Parses a service-account key file; null when it is not one. */
export function parseServiceAccount(text: string): ServiceAccount | null {
  try {
    const parsed = serviceAccountSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const jsonContentField = z
  .string()
  .max(JSON_CONTENT_MAX, 'Too Long!')
  .refine((v) => !hasNul(v), 'Invalid character')
  .refine((v) => v.trim() === '' || parseServiceAccount(v) !== null, 'Invalid credentials')
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : null));

const minutesField = z.coerce
  .number()
  .int('Invalid number')
  .min(0, 'Invalid number')
  .max(10_080, 'Invalid number');
const delayField = z.coerce
  .number()
  .int('Invalid number')
  .min(0, 'Invalid number')
  .max(60_000, 'Invalid number');

/**
 * `POST /api/queueIntegration` and `PUT /api/queueIntegration/{id}` (the dialog's values). The type decides what is
 * required (spec part 2 §5): n8n and webhook need `urlN8N`, typebot `urlN8N` and `typebotSlug`, dialogflow its project,
 * language and service-account file (kept when an edit leaves it out). For n8n, webhook and typebot, `projectName`
 * becomes the name.
 * @example integrationInputSchema.parse({ type: 'typebot', name: 'Vendas', urlN8N: 'https://bot.loja.com', typebotSlug: 'vendas' })
 */
export const integrationInputSchema = z
  .object({
    type: z.enum(INTEGRATION_TYPES, { error: 'Required' }),
    name: boundedString(2, 50),
    projectName: optionalText(200),
    jsonContent: jsonContentField,
    language: z.enum(DIALOGFLOW_LANGUAGES, { error: 'Invalid option' }).nullish(),
    urlN8N: urlField,
    typebotSlug: z
      .string()
      .trim()
      .max(200, 'Too Long!')
      .regex(/^[\w.-]*$/, 'Invalid option')
      .nullish()
      .transform((v) => v || null),
    typebotExpires: minutesField.default(TYPEBOT_DEFAULTS.typebotExpires),
    typebotDelayMessage: delayField.default(TYPEBOT_DEFAULTS.typebotDelayMessage),
    typebotKeywordFinish: optionalText(100),
    typebotKeywordRestart: optionalText(100),
    typebotUnknownMessage: optionalText(TEXT_MAX),
    typebotRestartMessage: optionalText(TEXT_MAX),
  })
  .superRefine((v, ctx) => {
    const need = (path: keyof typeof v) => {
      if (v[path] == null) ctx.addIssue({ code: 'custom', path: [path], message: 'Required' });
    };
    if (v.type !== 'dialogflow') need('urlN8N');
    if (v.type === 'typebot') need('typebotSlug');
    if (v.type === 'dialogflow') {
      need('projectName');
      need('language');
    }
  })
  .transform((v) => (v.type === 'dialogflow' ? v : { ...v, projectName: v.name }));
export type IntegrationInput = z.output<typeof integrationInputSchema>;

/** `GET /api/queueIntegration?searchParam&pageNumber`. */
export const integrationListQuery = z.object({
  searchParam: z
    .string()
    .max(100, 'Too Long!')
    .refine((v) => !hasNul(v), 'Invalid character')
    .optional()
    .default('')
    .transform((v) => v.trim()),
  pageNumber: pageNumberField,
});

/** `:id` of the record routes. */
export const integrationIdParams = z.object({ id: idField });

/**
 * `POST /api/queueIntegration/testSession` (dialogflow): the project, language and key file of the dialog; an edit
 * that leaves the file out names the record whose stored file to use.
 */
export const testSessionSchema = z
  .object({
    integrationId: idField.nullish(),
    projectName: boundedString(1, 200),
    jsonContent: jsonContentField,
    language: z.enum(DIALOGFLOW_LANGUAGES, { error: 'Invalid option' }),
    text: optionalText(256),
  })
  .superRefine((v, ctx) => {
    if (!v.jsonContent && v.integrationId == null)
      ctx.addIssue({ code: 'custom', path: ['jsonContent'], message: 'Required' });
  });

/** A record as the API answers it; its secrets never leave the server (`hasCredentials` says one is stored). */
export interface IntegrationDto {
  id: number;
  type: IntegrationType;
  name: string;
  projectName: string | null;
  language: DialogflowLanguage | null;
  urlN8N: string | null;
  typebotSlug: string | null;
  typebotExpires: number;
  typebotDelayMessage: number;
  typebotKeywordFinish: string | null;
  typebotKeywordRestart: string | null;
  typebotUnknownMessage: string | null;
  typebotRestartMessage: string | null;
  /** Dialogflow: a service-account file is stored (it is never sent back). */
  hasCredentials: boolean;
  createdAt: string;
  updatedAt: string;
}

/** One record with what only its editor sees: the key n8n and webhook calls are signed with. */
export interface IntegrationDetailDto extends IntegrationDto {
  signingSecret: string | null;
}

/** `GET /api/queueIntegration`: 20 a page, newest first. */
export interface IntegrationPageDto {
  queueIntegrations: IntegrationDto[];
  count: number;
  hasMore: boolean;
}

/** `POST /api/queueIntegration/testSession`: what the agent answered. */
export interface TestSessionDto {
  intent: string | null;
  answer: string;
}

/** The realtime frame on `company-{id}-queueIntegration` (spec part 2 §7). */
export type IntegrationFrame =
  | { action: 'create' | 'update'; queueIntegration: IntegrationDto }
  | { action: 'delete'; integrationId: number };

export const INTEGRATION_TOPIC = 'queueIntegration';
