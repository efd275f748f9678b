import {
  AppError,
  COMPANY_SETTING_KEYS,
  type CompanySettingKey,
  DEFAULT_COMPANY_SETTINGS,
  type EventsPort,
  PLATFORM_SETTING_KEYS,
  type PlatformSettingKey,
  type SettingDto,
  type SettingsPort,
} from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CompanySetting, Setting } from './setting.entity.js';

export const isCompanyKey = (key: string): key is CompanySettingKey =>
  (COMPANY_SETTING_KEYS as readonly string[]).includes(key);
export const isPlatformKey = (key: string): key is PlatformSettingKey =>
  (PLATFORM_SETTING_KEYS as readonly string[]).includes(key);

/** Every company setting: the stored value, else the default. */
export function companySettings(rows: readonly { key: string; value: string }[]): SettingDto[] {
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  return COMPANY_SETTING_KEYS.map((key) => ({
    key,
    value: stored.get(key) ?? DEFAULT_COMPANY_SETTINGS[key],
  }));
}

const PLATFORM_DEFAULTS: Record<PlatformSettingKey, string> = { userCreation: 'enabled' };

/** The company settings being written in this process, by `companyId:key`: the last write's end (`set`). */
const writing = new Map<string, Promise<void>>();

/** Company settings (per tenant) and platform settings (super user), one service for both stores. */
export class SettingsService implements SettingsPort {
  private readonly em: EntityManager;
  private readonly events: EventsPort | undefined;
  /** What this scope (one request, one job run, one bot turn) already read or wrote: a key is read once per scope. */
  private readonly read = new Map<string, string>();

  /** `events` is absent where settings are only read (seed, auth, plugin host). */
  constructor({ em, events }: { em: EntityManager; events?: EventsPort }) {
    this.em = em;
    this.events = events;
  }

  async list(companyId: number): Promise<SettingDto[]> {
    const rows = await this.em.find(
      CompanySetting,
      { companyId },
      { filters: false, orderBy: { key: 'asc' } },
    );
    return companySettings(rows);
  }

  /** The first key a scope asks for reads the company's whole set (a few dozen short rows), the others none. */
  async get(companyId: number, key: CompanySettingKey): Promise<string> {
    if (!this.read.has(`${companyId}:`)) {
      const rows = await this.em
        .getConnection()
        .execute<{ key: string; value: string }[]>(
          'select key, value from company_settings where company_id = ?',
          [companyId],
        );
      this.prime(companyId, rows);
    }
    return this.read.get(`${companyId}:${key}`) ?? DEFAULT_COMPANY_SETTINGS[key];
  }

  /**
   * What a statement of the caller's already read of the company's settings (every stored row of the company), kept
   * for this scope as `get`'s own read would be: a bot turn reads them with its lease (bots/turn-lease.ts).
   * @example settings.prime(companyId, [{ key: 'scheduleType', value: 'company' }])
   */
  prime(companyId: number, rows: readonly { key: string; value: string }[]): void {
    for (const row of rows) this.read.set(`${companyId}:${row.key}`, row.value);
    this.read.set(`${companyId}:`, '');
  }

  async isEnabled(companyId: number, key: CompanySettingKey): Promise<boolean> {
    return (await this.get(companyId, key)) === 'enabled';
  }

  /**
   * Stores a company setting and announces it (`setting.updated`: the company's screens hear the value). One key's
   * writes in this process go one after another, each stored and announced before the next starts: two at once were
   * stored in one order and could be announced in the other, leaving screens on a value the database no longer held.
   */
  async set(companyId: number, key: string, value: string): Promise<SettingDto> {
    if (!isCompanyKey(key)) throw new AppError('ERR_NO_SETTING_FOUND', 404);
    const id = `${companyId}:${key}`;
    const mine = (writing.get(id) ?? Promise.resolve()).then(() => this.write(companyId, key, value));
    const settled = mine.then(
      () => undefined,
      () => undefined,
    );
    writing.set(id, settled);
    try {
      return await mine;
    } finally {
      if (writing.get(id) === settled) writing.delete(id);
    }
  }

  private async write(companyId: number, key: CompanySettingKey, value: string): Promise<SettingDto> {
    const row = await this.em.findOne(CompanySetting, { companyId, key }, { filters: false });
    if (row) row.value = value;
    else this.em.create(CompanySetting, { companyId, key, value });
    await this.em.flush();
    this.read.set(`${companyId}:${key}`, value);
    await this.events?.emit('setting.updated', { companyId, key, value });
    return { key, value };
  }

  /** Writes the defaults of a new company in one go. */
  async seedCompany(companyId: number): Promise<void> {
    for (const key of COMPANY_SETTING_KEYS) {
      this.em.create(CompanySetting, { companyId, key, value: DEFAULT_COMPANY_SETTINGS[key] });
    }
    await this.em.flush();
  }

  async getPlatform(key: PlatformSettingKey): Promise<string> {
    const row = await this.em.findOne(Setting, { key });
    return row?.value ?? PLATFORM_DEFAULTS[key];
  }

  async listPlatform(): Promise<SettingDto[]> {
    return Promise.all(
      PLATFORM_SETTING_KEYS.map(async (key) => ({ key, value: await this.getPlatform(key) })),
    );
  }

  async setPlatform(key: PlatformSettingKey, value: string): Promise<SettingDto> {
    await this.em.upsert(Setting, { key, value });
    return { key, value };
  }
}
