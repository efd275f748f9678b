import {
  COMPANY_SETTING_KEYS,
  COMPANY_SETTING_OPTIONS,
  type CompanySettingKey,
  type SettingDto,
} from '@balcao/sdk';
import { FormGroup, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';
import { api } from '../api/http';
import { translateValidation } from '../forms/field-errors';
import { toastError, toastSuccess } from '../notify/toaster';
import { companySetting } from '../session/company-settings';
import { requireUser, userAtom } from '../session/session-store';

/** Saves one setting (`PUT /settings/{key}`); the session follows it live (`company-{id}-settings`). */
const saveSetting = (key: string, value: string) => api.put<SettingDto>(`/settings/${key}`, { value });

/** A choice: saved the moment it changes. */
function ChoiceSetting({
  name,
  value,
  options,
  onSave,
}: {
  name: string;
  value: string;
  options: readonly string[];
  onSave(value: string): void;
}) {
  const { t } = useTranslation();
  return (
    <FormGroup
      label={t(`settings.keys.${name}`)}
      labelFor={`setting-${name}`}
      inline
      className="settings-option"
    >
      <HTMLSelect
        id={`setting-${name}`}
        value={value}
        onChange={(e) => onSave(e.currentTarget.value)}
        data-testid={`setting-${name}`}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {t(`settings.values.${option}`)}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}

/** Text or a link: saved when the field is left with a changed value; the live value replaces it when it changes. */
function TextSetting({
  name,
  value,
  link,
  onSave,
}: {
  name: string;
  value: string;
  link: boolean;
  /** Saves; answers why the value was refused, or null. */
  onSave(value: string): Promise<string | null>;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setDraft(value), [value]);
  const save = async () => {
    if (draft !== value) setProblem(await onSave(draft));
  };
  const intent = problem ? 'danger' : 'none';
  return (
    <FormGroup
      label={t(`settings.keys.${name}`)}
      labelFor={`setting-${name}`}
      className="settings-option--wide"
      helperText={problem ? translateValidation(problem, t) : undefined}
      intent={intent}
    >
      {link ? (
        <InputGroup
          id={`setting-${name}`}
          type="url"
          value={draft}
          placeholder="https://"
          onValueChange={setDraft}
          onBlur={() => void save()}
          intent={intent}
          data-testid={`setting-${name}`}
        />
      ) : (
        <TextArea
          id={`setting-${name}`}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onBlur={() => void save()}
          intent={intent}
          fill
          autoResize
          rows={2}
          data-testid={`setting-${name}`}
        />
      )}
    </FormGroup>
  );
}

/**
 * The options tab of /settings (spec part 2 "Company settings"): every company setting with the options it lists,
 * each saved at once and shown live (another admin's change arrives on the session). User creation, a platform
 * setting, is for super users only.
 */
export function SettingsOptions() {
  const { t } = useTranslation();
  const user = requireUser(useAtomValue(userAtom));
  const [userCreation, setUserCreation] = useState<string | null>(null);

  useEffect(() => {
    if (!user.super) return;
    api
      .get<SettingDto[]>('/settings')
      .then(
        (rows) => setUserCreation(rows.find((r) => r.key === 'userCreation')?.value ?? 'disabled'),
        toastError,
      );
  }, [user.super]);

  /**
   * Each key's saves one after another, in the order they were made: two changes in a row sent at once could be
   * stored in the other order (the server runs requests side by side), and the earlier choice would win.
   */
  const saving = useRef(new Map<string, Promise<unknown>>());

  /** Saves a setting; a refused value answers why (shown at its field), any other failure is a toast. */
  const save = async (key: string, value: string, after?: () => void): Promise<string | null> => {
    const previous = saving.current.get(key) ?? Promise.resolve();
    const request = previous.then(() => saveSetting(key, value));
    saving.current.set(
      key,
      request.catch(() => undefined),
    );
    try {
      await request;
      after?.();
      // Several settings changed in a row: one toast, not one per setting.
      toastSuccess(t('settings.saved'), 'settings-saved');
      return null;
    } catch (err) {
      const refused = err instanceof ApiError ? err.fields[0]?.message : undefined;
      if (refused) return refused;
      toastError(err);
      return null;
    }
  };

  const setting = (key: CompanySettingKey) => {
    const kind = COMPANY_SETTING_OPTIONS[key];
    const value = companySetting(user, key);
    if (kind === 'text' || kind === 'link')
      return (
        <TextSetting key={key} name={key} value={value} link={kind === 'link'} onSave={(v) => save(key, v)} />
      );
    return (
      <ChoiceSetting key={key} name={key} value={value} options={kind} onSave={(v) => void save(key, v)} />
    );
  };

  return (
    <div className="settings-options" data-testid="settings-options">
      {user.super && userCreation !== null && (
        <ChoiceSetting
          name="userCreation"
          value={userCreation}
          options={['enabled', 'disabled']}
          onSave={(v) => void save('userCreation', v, () => setUserCreation(v))}
        />
      )}
      {COMPANY_SETTING_KEYS.filter((key) => typeof COMPANY_SETTING_OPTIONS[key] !== 'string').map(setting)}
      {COMPANY_SETTING_KEYS.filter((key) => typeof COMPANY_SETTING_OPTIONS[key] === 'string').map(setting)}
    </div>
  );
}
