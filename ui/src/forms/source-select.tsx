import { planHas } from '@balcao/sdk';
import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userAtom } from '../session/session-store';
import { fetchIntegrationOptions, type IntegrationOption } from './integration-options';

/** What a queue or a connection can hand its conversations to: a queue integration, a file list or an AI prompt. */
export type SourceKind = 'integration' | 'fileList' | 'prompt';

/**
 * The pick of a queue integration, file list or AI prompt (spec part 2: queue and connection fields integrationId,
 * fileListId, promptId; a chatbot option's optIntegrationId). Queue integrations are listed by name (their page,
 * /queue-integration, where the plan has integrations) when `onChange` is given: none, or one of them; a stored id no
 * longer listed shows as itself. The other kinds have no page yet: nothing shows, and an id already stored (set through
 * the API) shows as itself, disabled, so saving the form keeps it.
 * @example <SourceSelect kind="integration" id="queue-integrationId" value={form.integrationId} onChange={set('integrationId')} />
 */
export function SourceSelect({
  kind,
  id,
  value,
  onChange,
  disabled,
}: {
  kind: SourceKind;
  id: string;
  value: number | null;
  onChange?: (value: number | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const plan = useAtomValue(userAtom)?.company.plan;
  const listed = kind === 'integration' && !!onChange && !!plan && planHas(plan, 'useIntegration');
  const [records, setRecords] = useState<IntegrationOption[] | null>(null);
  useEffect(() => {
    if (!listed) return;
    let live = true;
    void fetchIntegrationOptions().then((list) => live && setRecords(list));
    return () => {
      live = false;
    };
  }, [listed]);

  if (listed && onChange) {
    const options = [
      { value: '', label: t('sources.none') },
      ...(records ?? []).map((r) => ({ value: String(r.id), label: `${r.name} (${r.type})` })),
    ];
    if (value !== null && records && !records.some((r) => r.id === value))
      options.push({ value: String(value), label: `#${value}` });
    return (
      <FormGroup label={t(`sources.${kind}`)} labelFor={id} helperText={t('sources.integrationHelp')}>
        <HTMLSelect
          id={id}
          fill
          value={value === null ? '' : String(value)}
          onChange={(e) => onChange(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
          disabled={disabled}
          options={options}
          data-testid={id}
        />
      </FormGroup>
    );
  }
  if (value === null) return null;
  const options = [{ value: String(value), label: `#${value}` }];
  return (
    <FormGroup label={t(`sources.${kind}`)} labelFor={id} helperText={t('sources.noneYet')}>
      <HTMLSelect id={id} fill disabled value={String(value)} options={options} data-testid={id} />
    </FormGroup>
  );
}
