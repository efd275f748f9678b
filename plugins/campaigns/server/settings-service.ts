import {
  CAMPAIGN_SETTINGS_DEFAULTS,
  type CampaignSettingsDto,
  type CampaignSettingsInput,
  type CampaignVariable,
} from '../shared/settings.js';
import type { Ports } from './deps.js';
import { CampaignSetting } from './entities.js';

const KEYS = [
  'messageInterval',
  'longerIntervalAfter',
  'greaterInterval',
  'dailyLimitPerConnection',
  'variables',
  'optOutWords',
] as const;
/** The settings whose value is a list (the others are numbers). */
const LISTS = ['variables', 'optOutWords'] as const;
type NumberKey = Exclude<(typeof KEYS)[number], (typeof LISTS)[number]>;

/** The company's campaign settings: one key/value row per setting, the value as JSON (spec part 2 §3). */
export class CampaignSettingsService {
  constructor(private readonly ports: Pick<Ports, 'em'>) {}

  /** The stored settings over the spec's defaults. */
  async get(): Promise<CampaignSettingsDto> {
    const rows = await this.ports.em.find(CampaignSetting, { key: { $in: [...KEYS] } });
    const out: CampaignSettingsDto = { ...CAMPAIGN_SETTINGS_DEFAULTS, variables: [] };
    for (const row of rows) {
      if (row.key === 'variables' && Array.isArray(row.value))
        out.variables = row.value as CampaignVariable[];
      else if (row.key === 'optOutWords' && Array.isArray(row.value) && row.value.length > 0)
        out.optOutWords = row.value as string[];
      else if (!(LISTS as readonly string[]).includes(row.key) && typeof row.value === 'number')
        out[row.key as NumberKey] = row.value;
    }
    return out;
  }

  async save(companyId: number, input: CampaignSettingsInput): Promise<CampaignSettingsDto> {
    for (const key of KEYS)
      await this.ports.em.execute(
        `insert into campaign_settings (company_id, key, value) values (?, ?, ?::jsonb)
         on conflict (company_id, key) do update set value = excluded.value, updated_at = now()`,
        [companyId, key, JSON.stringify(input[key])],
      );
    this.ports.em.clear();
    return this.get();
  }
}
