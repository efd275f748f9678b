import { hasNul } from '@balcao/sdk';
import { z } from 'zod';

/** Spec part 2 §9: the settings page's options (seconds, messages, seconds) and defaults. */
export const MESSAGE_INTERVAL_OPTIONS = [0, 5, 10, 15, 20] as const;
export const LONGER_INTERVAL_AFTER_OPTIONS = [0, 5, 10, 15, 20] as const;
export const GREATER_INTERVAL_OPTIONS = [0, 20, 30, 40, 50, 60] as const;
/** What a contact writes to stop receiving campaigns, until the company sets its own words. */
export const OPT_OUT_WORDS_DEFAULT = ['sair', 'parar', 'stop', 'descadastrar', 'cancelar'];
export const OPT_OUT_WORDS_MAX = 20;
export const CAMPAIGN_SETTINGS_DEFAULTS = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  dailyLimitPerConnection: 0,
  variables: [] as CampaignVariable[],
  optOutWords: OPT_OUT_WORDS_DEFAULT,
};
/** The highest daily cap per connection the settings accept (campaign messages a day). */
export const DAILY_LIMIT_MAX = 100_000;
export const VARIABLES_MAX = 50;

export interface CampaignVariable {
  key: string;
  value: string;
}
export interface CampaignSettingsDto {
  messageInterval: number;
  longerIntervalAfter: number;
  greaterInterval: number;
  /** Campaign messages one connection may send per company day; 0: no cap. */
  dailyLimitPerConnection: number;
  variables: CampaignVariable[];
  /** A contact whose whole message is one of these (trimmed, any case) is opted out of every campaign. */
  optOutWords: string[];
}

const option = (options: readonly number[]) =>
  z.coerce.number().refine((v) => options.includes(v), 'Invalid option');

/** A whole number of messages, 0 (no cap) to {@link DAILY_LIMIT_MAX}; '' (an emptied field) is refused as Required. */
export const dailyLimitSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? '' : Number(v)) : v),
  z
    .number({
      error: (i) => (i.input === undefined ? undefined : i.input === '' ? 'Required' : 'Invalid limit'),
    })
    .int('Invalid limit')
    .min(0, 'Invalid limit')
    .max(DAILY_LIMIT_MAX, 'Invalid limit'),
);

/** A variable's key: what goes between braces in a message (`{cupom}`). */
export const variableKeySchema = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(30, 'Too Long!')
  .regex(/^[\p{L}\p{N}_-]+$/u, 'Invalid option');

/**
 * The stop words, kept lower-case and once each: at least one, so a contact always has a way out. The page sends
 * what its comma-separated field holds.
 */
export const optOutWordsSchema = z
  .array(
    z
      .string({ error: 'Required' })
      .trim()
      .toLowerCase()
      .min(1, 'Required')
      .max(30, 'Too Long!')
      .refine((v) => !hasNul(v), 'Invalid character'),
  )
  .min(1, 'Required')
  .max(OPT_OUT_WORDS_MAX, 'Too Long!')
  .transform((words) => [...new Set(words)]);

/** The page's comma-separated field as the words it stands for (blank pieces dropped). */
export const splitOptOutWords = (text: string) =>
  text
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);

const variableSchema = z.object({
  key: variableKeySchema,
  value: z
    .string()
    .max(1000, 'Too Long!')
    .refine((v) => !hasNul(v), 'Invalid character'),
});

/**
 * POST /campaign-settings body: `{ settings: { messageInterval, longerIntervalAfter, greaterInterval,
 * dailyLimitPerConnection, variables, optOutWords } }`;
 * a variable key appears once (spec §5).
 */
export const campaignSettingsInputSchema = z.object({
  settings: z.object({
    messageInterval: option(MESSAGE_INTERVAL_OPTIONS).default(CAMPAIGN_SETTINGS_DEFAULTS.messageInterval),
    longerIntervalAfter: option(LONGER_INTERVAL_AFTER_OPTIONS).default(
      CAMPAIGN_SETTINGS_DEFAULTS.longerIntervalAfter,
    ),
    greaterInterval: option(GREATER_INTERVAL_OPTIONS).default(CAMPAIGN_SETTINGS_DEFAULTS.greaterInterval),
    dailyLimitPerConnection: dailyLimitSchema.default(CAMPAIGN_SETTINGS_DEFAULTS.dailyLimitPerConnection),
    optOutWords: optOutWordsSchema.default(OPT_OUT_WORDS_DEFAULT),
    variables: z
      .array(variableSchema)
      .max(VARIABLES_MAX, 'Too Long!')
      .default([])
      .superRefine((vars, ctx) => {
        const seen = new Set<string>();
        vars.forEach((v, i) => {
          if (seen.has(v.key)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: 'Repeated option' });
          seen.add(v.key);
        });
      }),
  }),
});
export type CampaignSettingsInput = z.infer<typeof campaignSettingsInputSchema>['settings'];
