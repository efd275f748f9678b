import type { BotEngineDto } from '@balcao/sdk';
import { FormGroup, HTMLSelect, type Intent } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/http';
import { toastError } from '../notify/toaster';
import { userAtom } from '../session/session-store';

const cached = new Map<number, Promise<BotEngineDto[]>>();

/**
 * The bot engines a company may select (`GET /api/bot-engines`, admins), read once per company and page load: engines
 * come with the server's plugins and the plan, which do not change while a dialog is open (the chatbot tree's options
 * share one read). A failed read is tried again.
 * @example const engines = await fetchBotEngines(user.companyId)
 */
export function fetchBotEngines(companyId: number): Promise<BotEngineDto[]> {
  let read = cached.get(companyId);
  if (!read) {
    read = api.get<BotEngineDto[]>('/bot-engines').catch((err: unknown) => {
      cached.delete(companyId);
      throw err;
    });
    cached.set(companyId, read);
  }
  return read;
}

/**
 * The select's choices: none, each engine offered (its label and key), and a stored key no longer offered, marked
 * unavailable (only once the list is known: while it loads, nothing is called unavailable).
 * @example engineOptions([{ key: 'tour:faq', plugin: 'tour', name: 'faq', label: 'FAQ' }], null, t)
 */
export function engineOptions(
  engines: readonly BotEngineDto[] | null,
  value: string | null | undefined,
  t: (key: string, vars?: Record<string, string>) => string,
): { value: string; label: string }[] {
  const listed = engines ?? [];
  const options = [
    { value: '', label: t('botEngines.none') },
    ...listed.map((e) => ({ value: e.key, label: `${e.label} (${e.key})` })),
  ];
  if (value && engines && !listed.some((e) => e.key === value))
    options.push({ value, label: t('botEngines.unavailable', { key: value }) });
  return options;
}

interface Props {
  id: string;
  value: string | null | undefined;
  onChange(value: string | null): void;
  /** The i18n key of the help under the select (what the choice does here). */
  helpKey: string;
  error?: string;
  intent?: Intent;
  disabled?: boolean;
}

/**
 * The pick of a bot engine for a queue, a connection or a chatbot option of type integration (docs/writing-a-plugin.md
 * "Bot engines the admin selects"): none, or one of the registered engines the plan allows. A stored key no longer
 * offered (its plugin left, the plan changed) shows as unavailable, so the admin sees it and can clear it.
 * @example <BotEngineSelect id="queue-botEngine" value={form.botEngine} onChange={set('botEngine')} helpKey="botEngines.queueHelp" />
 */
export function BotEngineSelect({ id, value, onChange, helpKey, error, intent, disabled }: Props) {
  const { t } = useTranslation();
  const companyId = useAtomValue(userAtom)?.companyId ?? 0;
  const [engines, setEngines] = useState<BotEngineDto[] | null>(null);
  useEffect(() => {
    let live = true;
    fetchBotEngines(companyId).then((list) => live && setEngines(list), toastError);
    return () => {
      live = false;
    };
  }, [companyId]);
  const options = engineOptions(engines, value, (key, vars) => t(key, vars));
  return (
    <FormGroup
      label={t('botEngines.label')}
      labelFor={id}
      helperText={error ?? t(helpKey)}
      intent={intent ?? (error ? 'danger' : 'none')}
    >
      <HTMLSelect
        id={id}
        fill
        value={value ?? ''}
        onChange={(e) => onChange(e.currentTarget.value || null)}
        disabled={disabled || engines === null}
        options={options}
        data-testid={id}
      />
    </FormGroup>
  );
}
