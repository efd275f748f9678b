/**
 * Company setting keys (spec part 1 §3, part 2 §3), each `enabled` or `disabled` unless noted.
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
  'acceptAudioMessageContact',
  'enableLGPD',
  'requiredTag',
  'lgpdDeleteMessage',
  'lgpdHideNumber',
  'lgpdConsent',
  'lgpdMessage',
  'sendMsgTransfTicket',
  'lgpdLink',
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
  acceptAudioMessageContact: 'enabled',
  enableLGPD: 'disabled',
  requiredTag: 'disabled',
  lgpdDeleteMessage: 'disabled',
  lgpdHideNumber: 'disabled',
  lgpdConsent: 'disabled',
  lgpdMessage: '',
  sendMsgTransfTicket: 'disabled',
  lgpdLink: '',
};

/** Schedule type options. @example SCHEDULE_TYPES.includes('queue') */
export const SCHEDULE_TYPES = ['disabled', 'queue', 'company', 'connection'] as const;
