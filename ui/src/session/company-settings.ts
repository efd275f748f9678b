import {
  type CompanySettingKey,
  DEFAULT_COMPANY_SETTINGS,
  type SessionUserDto,
  type SettingDto,
} from '@balcao/sdk';
import { useAtomValue } from 'jotai';
import { isRecord } from '../api/api-error';
import { userAtom } from './session-store';

/** A company setting's value as the session holds it (its default when the company never set it). */
export function companySetting(
  user: Pick<SessionUserDto, 'companieSettings'> | null,
  key: CompanySettingKey,
): string {
  return user?.companieSettings.find((s) => s.key === key)?.value ?? DEFAULT_COMPANY_SETTINGS[key];
}

/** Whether a company setting is enabled, live (the session follows `company-{id}-settings`). */
export function useCompanySettingEnabled(key: CompanySettingKey): boolean {
  return companySetting(useAtomValue(userAtom), key) === 'enabled';
}

/** A `company-{id}-settings` update frame's setting, or null. */
export function parseSettingUpdate(data: unknown): SettingDto | null {
  if (!isRecord(data) || data.action !== 'update' || !isRecord(data.setting)) return null;
  const { key, value } = data.setting;
  return typeof key === 'string' && typeof value === 'string' ? { key, value } : null;
}

/** The session with one company setting changed (added when it was never set). */
export function withSetting<T extends Pick<SessionUserDto, 'companieSettings'>>(
  user: T,
  setting: SettingDto,
): T {
  const others = user.companieSettings.filter((s) => s.key !== setting.key);
  return { ...user, companieSettings: [...others, setting] };
}
