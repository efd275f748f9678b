import { boundedString, hasNul, idField, PG_INT_MAX } from '@balcao/sdk/rest';
import { z } from 'zod';

/** Spec part 2 §9: 'texto' (answer in text) plus the Brazilian Portuguese neural voices. */
export const PROMPT_VOICES = [
  'texto',
  'pt-BR-FranciscaNeural',
  'pt-BR-AntonioNeural',
  'pt-BR-BrendaNeural',
  'pt-BR-DonatoNeural',
  'pt-BR-ElzaNeural',
  'pt-BR-FabioNeural',
  'pt-BR-GiovannaNeural',
  'pt-BR-HumbertoNeural',
  'pt-BR-JulioNeural',
  'pt-BR-LeilaNeural',
  'pt-BR-LeticiaNeural',
  'pt-BR-ManuelaNeural',
  'pt-BR-NicolauNeural',
  'pt-BR-ValerioNeural',
  'pt-BR-YaraNeural',
] as const;
export type PromptVoice = (typeof PROMPT_VOICES)[number];

/** Spec part 2 §9 defaults. */
export const PROMPT_DEFAULTS = {
  maxTokens: 100,
  temperature: 1,
  maxMessages: 10,
  voice: 'texto' as PromptVoice,
  model: 'gpt-4o-mini',
};

export const PROMPT_TEXT_MAX = 20_000;
export const MAX_TOKENS_MAX = 32_000;
export const MAX_MESSAGES_MAX = 100;

/** A secret typed by the admin (API key, speech key): printable, bounded; never answered back. */
const secretField = z
  .string()
  .trim()
  .max(500, 'Too Long!')
  .refine((v) => !hasNul(v), 'Invalid character');

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'Too Long!')
    .refine((v) => !hasNul(v), 'Invalid character');

/** A speech provider's region (Azure: 'brazilsouth', 'eastus2'): a lowercase word, since it names the provider's host. */
export const SPEECH_REGION = /^[a-z0-9]{2,40}$/;

/** An OpenAI-compatible server's base URL (a local model's `http://host:port/v1`); blank: OpenAI's own. */
const baseUrlField = optionalText(500).refine(
  (v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v),
  'Must be an http(s) URL',
);

/**
 * The prompt dialog's body (POST /prompt, PUT /prompt/:id). `apiKey` / `voiceKey`: blank or left out keeps the stored
 * one (they are write-only). `queueId` is required: the spec's 'Informe o setor' in the dialog.
 */
export const promptInputSchema = z.object({
  name: boundedString(1, 100),
  prompt: boundedString(1, PROMPT_TEXT_MAX),
  voice: z.enum(PROMPT_VOICES, { error: 'Invalid option' }).default('texto'),
  voiceKey: secretField.optional(),
  voiceRegion: z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => v === '' || SPEECH_REGION.test(v), 'Invalid option')
    .optional()
    .default(''),
  maxTokens: z.coerce.number().int().min(1, 'Too Short!').max(MAX_TOKENS_MAX, 'Too Long!').default(100),
  temperature: z.coerce.number().min(0, 'Too Short!').max(2, 'Too Long!').default(1),
  maxMessages: z.coerce.number().int().min(1, 'Too Short!').max(MAX_MESSAGES_MAX, 'Too Long!').default(10),
  apiKey: secretField.optional(),
  baseUrl: baseUrlField.optional().default(''),
  model: optionalText(100).optional().default(''),
  queueId: z.coerce
    .number({ error: 'Required' })
    .int('Invalid id')
    .positive('Required')
    .max(PG_INT_MAX, 'Invalid id'),
});
export type PromptInput = z.input<typeof promptInputSchema>;

/** GET /prompt's query. */
export const promptListQuery = z.object({
  searchParam: optionalText(200).optional().default(''),
  pageNumber: z.coerce.number().int().min(1).max(PG_INT_MAX).optional().default(1),
});

export const promptIdParam = z.object({ id: idField });

/** A prompt as the API answers it: the keys never leave, only whether one is stored. */
export interface PromptDto {
  id: number;
  name: string;
  prompt: string;
  voice: PromptVoice;
  voiceRegion: string;
  maxTokens: number;
  temperature: number;
  maxMessages: number;
  baseUrl: string;
  model: string;
  queueId: number | null;
  queue: { id: number; name: string } | null;
  hasApiKey: boolean;
  hasVoiceKey: boolean;
}

export interface PromptPageDto {
  prompts: PromptDto[];
  count: number;
  hasMore: boolean;
}

/** The phrase a model writes to hand the conversation to humans (GB's wording, peer-server-behaviour §2.6). */
export const HANDOFF_PHRASE = 'Ação: Transferir para o setor de atendimento';
