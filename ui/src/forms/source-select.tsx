import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/http';
import { fetchIntegrationOptions } from './integration-options';

/** What a queue or a connection can hand its conversations to: a queue integration, a file list or an AI prompt. */
export type SourceKind = 'integration' | 'fileList' | 'prompt';

interface Named {
  id: number;
  name: string;
}

/**
 * Where each kind's records are listed, and the field of the answer holding them: the AI prompts of the openai plugin
 * (`GET /api/prompt`) and the file lists of the file-lists plugin (`GET /api/files`). Queue integrations are read page
 * by page (integration-options.ts) and labelled with their type. A kind whose plugin is absent or not in the plan (the
 * read fails) offers nothing to choose.
 */
const LISTINGS: Record<Exclude<SourceKind, 'integration'>, { path: string; field: string }> = {
  prompt: { path: '/prompt', field: 'prompts' },
  fileList: { path: '/files', field: 'files' },
};

async function readRecords(kind: SourceKind): Promise<Named[] | null> {
  if (kind === 'integration') {
    const list = await fetchIntegrationOptions();
    return list.map((r) => ({ id: r.id, name: `${r.name} (${r.type})` }));
  }
  const listing = LISTINGS[kind];
  const answer = await api.get<Record<string, Named[]>>(listing.path);
  return answer[listing.field] ?? [];
}

/** The kind's records, by name; null while unknown or when they cannot be read. */
function useRecords(kind: SourceKind): Named[] | null {
  const [records, setRecords] = useState<Named[] | null>(null);
  useEffect(() => {
    let live = true;
    readRecords(kind)
      .then((list) => live && setRecords(list))
      .catch(() => live && setRecords(null));
    return () => {
      live = false;
    };
  }, [kind]);
  return records;
}

/**
 * The pick of a queue integration, file list or AI prompt (spec part 2: queue and connection fields integrationId,
 * fileListId, promptId), by name. Where the records cannot be listed (no `onChange`, no plugin, a plan without it)
 * and none is stored, nothing shows; an id already stored shows as itself, disabled, so saving the form keeps it.
 * @example <SourceSelect kind="prompt" id="queue-promptId" value={form.promptId} onChange={set('promptId')} />
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
  onChange?(value: number | null): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const records = useRecords(kind);
  if (onChange && records) {
    const options = [
      { value: '', label: t('sources.none') },
      ...records.map((r) => ({ value: String(r.id), label: r.name })),
    ];
    if (value !== null && !records.some((r) => r.id === value))
      options.push({ value: String(value), label: `#${value}` });
    return (
      <FormGroup
        label={t(`sources.${kind}`)}
        labelFor={id}
        helperText={kind === 'integration' ? t('sources.integrationHelp') : undefined}
      >
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
