import { useUiHost } from '@balcao/sdk/ui';
import {
  Button,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Section,
  SectionCard,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CampaignSettingsDto,
  dailyLimitSchema,
  GREATER_INTERVAL_OPTIONS,
  LONGER_INTERVAL_AFTER_OPTIONS,
  MESSAGE_INTERVAL_OPTIONS,
  optOutWordsSchema,
  splitOptOutWords,
  VARIABLES_MAX,
  variableKeySchema,
} from '../shared/settings';
import { fieldMessage } from './field-messages';

/** /campaigns-config — the pacing options of spec part 2 §9 and the message variables (a key once). */
export function CampaignsConfigPage() {
  const { t } = useTranslation('campaigns');
  const { api, toastError, toastSuccess } = useUiHost();
  const [settings, setSettings] = useState<CampaignSettingsDto | null>(null);
  const [draft, setDraft] = useState({ key: '', value: '' });
  const [keyError, setKeyError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  // The cap's field as typed: '' or a bad number stays in the field and is refused with its message.
  const [cap, setCap] = useState('');
  const [capError, setCapError] = useState<string | undefined>();
  // The stop words as typed, comma-separated.
  const [words, setWords] = useState('');
  const [wordsError, setWordsError] = useState<string | undefined>();

  useEffect(() => {
    api.get<CampaignSettingsDto>('/campaign-settings').then((s) => {
      setSettings(s);
      setCap(String(s.dailyLimitPerConnection));
      setWords(s.optOutWords.join(', '));
    }, toastError);
  }, [api, toastError]);

  if (!settings) return null;
  const seconds = (n: number) => (n === 0 ? t('config.off') : t('config.seconds', { count: n }));
  const messages = (n: number) => (n === 0 ? t('config.off') : t('config.messages', { count: n }));
  const select = (
    key: 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval',
    options: readonly number[],
    label: (n: number) => string,
  ) => (
    <FormGroup label={t(`config.${key}`)} labelFor={`campaigns-${key}`}>
      <HTMLSelect
        id={`campaigns-${key}`}
        data-testid={`campaigns-${key}`}
        value={settings[key]}
        onChange={(e) => setSettings({ ...settings, [key]: Number(e.currentTarget.value) })}
        options={options.map((n) => ({ value: n, label: label(n) }))}
      />
    </FormGroup>
  );

  const addVariable = () => {
    const parsed = variableKeySchema.safeParse(draft.key);
    if (!parsed.success) return setKeyError(fieldMessage(t, parsed.error.issues[0]?.message));
    // Spec part 2 §5: a variable is added only if its key is not already present.
    if (settings.variables.some((v) => v.key === parsed.data)) return setKeyError(t('config.repeatedKey'));
    setKeyError(undefined);
    setSettings({
      ...settings,
      variables: [...settings.variables, { key: parsed.data, value: draft.value }],
    });
    setDraft({ key: '', value: '' });
  };

  const save = async () => {
    const limit = dailyLimitSchema.safeParse(cap);
    setCapError(limit.success ? undefined : fieldMessage(t, limit.error.issues[0]?.message));
    const stopWords = optOutWordsSchema.safeParse(splitOptOutWords(words));
    setWordsError(stopWords.success ? undefined : fieldMessage(t, stopWords.error.issues[0]?.message));
    if (!limit.success || !stopWords.success) return;
    setSaving(true);
    try {
      const saved = await api.post<CampaignSettingsDto>('/campaign-settings', {
        settings: { ...settings, dailyLimitPerConnection: limit.data, optOutWords: stopWords.data },
      });
      setSettings(saved);
      setCap(String(saved.dailyLimitPerConnection));
      setWords(saved.optOutWords.join(', '));
      toastSuccess(t('toasts.settingsSaved'));
    } catch (error) {
      toastError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Section title={t('config.title')} icon="cog">
      <SectionCard>
        <h4>{t('config.intervals')}</h4>
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          {select('messageInterval', MESSAGE_INTERVAL_OPTIONS, seconds)}
          {select('longerIntervalAfter', LONGER_INTERVAL_AFTER_OPTIONS, messages)}
          {select('greaterInterval', GREATER_INTERVAL_OPTIONS, seconds)}
        </div>
      </SectionCard>
      <SectionCard>
        <FormGroup
          label={t('config.dailyLimitPerConnection')}
          labelFor="campaigns-dailyLimitPerConnection"
          intent={capError ? 'danger' : 'none'}
          helperText={capError ?? t('config.dailyLimitHint')}
        >
          <InputGroup
            id="campaigns-dailyLimitPerConnection"
            data-testid="campaigns-dailyLimitPerConnection"
            inputMode="numeric"
            style={{ maxWidth: 160 }}
            value={cap}
            intent={capError ? 'danger' : 'none'}
            onValueChange={setCap}
          />
        </FormGroup>
      </SectionCard>
      <SectionCard>
        <FormGroup
          label={t('config.optOutWords')}
          labelFor="campaigns-optOutWords"
          intent={wordsError ? 'danger' : 'none'}
          helperText={wordsError ?? t('config.optOutWordsHint')}
        >
          <InputGroup
            id="campaigns-optOutWords"
            data-testid="campaigns-optOutWords"
            value={words}
            intent={wordsError ? 'danger' : 'none'}
            onValueChange={setWords}
          />
        </FormGroup>
      </SectionCard>
      <SectionCard>
        <h4>{t('config.variables')}</h4>
        <p className="bp6-text-muted">{t('config.variablesHint')}</p>
        <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
          <FormGroup intent={keyError ? 'danger' : 'none'} helperText={keyError}>
            <InputGroup
              placeholder={t('config.key')}
              value={draft.key}
              maxLength={30}
              onValueChange={(key) => setDraft({ ...draft, key })}
            />
          </FormGroup>
          <InputGroup
            placeholder={t('config.value')}
            value={draft.value}
            maxLength={1000}
            onValueChange={(value) => setDraft({ ...draft, value })}
          />
          <Button
            icon="add"
            text={t('config.addVariable')}
            disabled={settings.variables.length >= VARIABLES_MAX}
            onClick={addVariable}
          />
        </div>
        {settings.variables.length === 0 ? (
          <p>{t('config.noVariables')}</p>
        ) : (
          <HTMLTable compact striped>
            <thead>
              <tr>
                <th>{t('config.key')}</th>
                <th>{t('config.value')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {settings.variables.map((v) => (
                <tr key={v.key}>
                  <td>{`{${v.key}}`}</td>
                  <td>{v.value}</td>
                  <td>
                    <Button
                      minimal
                      icon="trash"
                      aria-label={t('config.remove')}
                      onClick={() =>
                        setSettings({
                          ...settings,
                          variables: settings.variables.filter((x) => x.key !== v.key),
                        })
                      }
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </SectionCard>
      <SectionCard>
        <Button
          intent="primary"
          text={t('config.save')}
          loading={saving}
          onClick={save}
          data-testid="campaigns-settings-save"
        />
      </SectionCard>
    </Section>
  );
}
