import { z } from 'zod';
import { LANGUAGES } from './languages.js';

/**
 * Company setting keys (spec part 1 §3, part 2 §3), each `enabled` or `disabled` unless noted. `sendQueuePositionMessage`
 * (GB's, peer §2.1) is the text before the contact's place in the queue.
 * @example await settings.get(companyId, 'requiredTag') === 'enabled'
 */
export const COMPANY_SETTING_KEYS = [
  'userRating',
  'scheduleType',
  'chatBotType',
  'acceptCallWhatsapp',
  'userRandom',
  'sendGreetingMessageOneQueues',
  'sendSignMessage',
  'sendFarewellWaitingTicket',
  'sendGreetingAccepted',
  'sendQueuePosition',
  'sendQueuePositionMessage',
  'acceptAudioMessageContact',
  'enableLGPD',
  'requiredTag',
  'lgpdDeleteMessage',
  'lgpdHideNumber',
  'lgpdConsent',
  'lgpdMessage',
  'sendMsgTransfTicket',
  'lgpdLink',
  /** The language of the texts Balcão writes to contacts by itself (menu lines, rating footer…): one of LANGUAGES. */
  'language',
] as const;

/** One of {@link COMPANY_SETTING_KEYS}. @example const k: CompanySettingKey = 'lgpdHideNumber'; */
export type CompanySettingKey = (typeof COMPANY_SETTING_KEYS)[number];

/** Platform-wide keys only a super user reads and writes. @example 'userCreation' */
export const PLATFORM_SETTING_KEYS = ['userCreation'] as const;

/** One of {@link PLATFORM_SETTING_KEYS}. @example const k: PlatformSettingKey = 'userCreation'; */
export type PlatformSettingKey = (typeof PLATFORM_SETTING_KEYS)[number];

/** Values a new company starts with (Whaticket-SaaS family defaults). @example DEFAULT_COMPANY_SETTINGS.requiredTag === 'disabled' */
export const DEFAULT_COMPANY_SETTINGS: Record<CompanySettingKey, string> = {
  userRating: 'disabled',
  scheduleType: 'disabled',
  chatBotType: 'text',
  acceptCallWhatsapp: 'enabled',
  userRandom: 'enabled',
  sendGreetingMessageOneQueues: 'enabled',
  sendSignMessage: 'enabled',
  sendFarewellWaitingTicket: 'disabled',
  sendGreetingAccepted: 'enabled',
  sendQueuePosition: 'disabled',
  sendQueuePositionMessage: 'Sua posição na fila é:',
  acceptAudioMessageContact: 'enabled',
  enableLGPD: 'disabled',
  requiredTag: 'disabled',
  lgpdDeleteMessage: 'disabled',
  lgpdHideNumber: 'disabled',
  lgpdConsent: 'disabled',
  lgpdMessage: '',
  sendMsgTransfTicket: 'disabled',
  lgpdLink: '',
  language: 'pt-BR',
};

/** Schedule type options. @example SCHEDULE_TYPES.includes('queue') */
export const SCHEDULE_TYPES = ['disabled', 'queue', 'company', 'connection'] as const;

/**
 * How the queue chatbot shows its options: numbered text only (spec part 2 §9 "chatBotType offers only text"; the
 * reference's buttons and list were never implemented, peer §2.1). @example CHATBOT_TYPES[0] === 'text'
 */
export const CHATBOT_TYPES = ['text'] as const;

const ON_OFF = ['enabled', 'disabled'] as const;

/**
 * What each company setting may hold: a choice among options (the settings page's selects), free text, or a link.
 */
export const COMPANY_SETTING_OPTIONS: Readonly<
  Record<CompanySettingKey, readonly string[] | 'text' | 'link'>
> = {
  userRating: ON_OFF,
  scheduleType: SCHEDULE_TYPES,
  chatBotType: CHATBOT_TYPES,
  acceptCallWhatsapp: ON_OFF,
  userRandom: ON_OFF,
  sendGreetingMessageOneQueues: ON_OFF,
  sendSignMessage: ON_OFF,
  sendFarewellWaitingTicket: ON_OFF,
  sendGreetingAccepted: ON_OFF,
  sendQueuePosition: ON_OFF,
  sendQueuePositionMessage: 'text',
  acceptAudioMessageContact: ON_OFF,
  enableLGPD: ON_OFF,
  requiredTag: ON_OFF,
  lgpdDeleteMessage: ON_OFF,
  lgpdHideNumber: ON_OFF,
  lgpdConsent: ON_OFF,
  lgpdMessage: 'text',
  sendMsgTransfTicket: ON_OFF,
  lgpdLink: 'link',
  language: LANGUAGES,
};

/**
 * The value a setting may take, checked where it is written (`PUT /settings/{key}`, `PUT /companySettings`): one of
 * its options, text up to 5,000 characters, or an http(s) link ('' clears it). Platform keys are enabled/disabled.
 * @example settingValueSchema('scheduleType').safeParse('company').success === true
 */
export function settingValueSchema(key: CompanySettingKey | PlatformSettingKey): z.ZodType<string> {
  const kind = key === 'userCreation' ? ON_OFF : COMPANY_SETTING_OPTIONS[key];
  if (kind === 'text') return z.string().max(5000, 'Too Long!');
  if (kind === 'link')
    return z.union([
      z.literal(''),
      z
        .string()
        .trim()
        .max(2000, 'Too Long!')
        .regex(/^https?:\/\/\S+$/i, 'Invalid link'),
    ]);
  return z.enum(kind as readonly [string, ...string[]], 'Invalid option');
}
