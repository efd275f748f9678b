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

/** Pages read at most (20 records each): this bounds a picker's reads. */
export const MAX_SOURCE_PAGES = 10;

type PageReader = (path: string, pageNumber: number) => Promise<Record<string, unknown>>;

/**
 * A listing's records by id and name, page after page while the answer says `hasMore` (at most
 * {@link MAX_SOURCE_PAGES}): a company with more lists than one page still finds them all in the picker.
 * @example await readListing((path, pageNumber) => api.get(path, { query: { pageNumber } }), '/files', 'files')
 */
export async function readListing(get: PageReader, path: string, field: string): Promise<Named[]> {
  const out: Named[] = [];
  for (let pageNumber = 1; pageNumber <= MAX_SOURCE_PAGES; pageNumber++) {
    const answer = await get(path, pageNumber);
    const records = (answer[field] ?? []) as Named[];
    out.push(...records.map(({ id, name }) => ({ id, name })));
    if (answer.hasMore !== true) break;
  }
  return out;
}

async function readRecords(kind: SourceKind): Promise<Named[] | null> {
  if (kind === 'integration') {
    const list = await fetchIntegrationOptions();
    return list.map((r) => ({ id: r.id, name: `${r.name} (${r.type})` }));
  }
  const listing = LISTINGS[kind];
  return readListing(
    (path, pageNumber) => api.get<Record<string, unknown>>(path, { query: { pageNumber } }),
    listing.path,
    listing.field,
  );
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
 * fileListId, promptId; a chatbot option's optFileId), by name. Where the records cannot be listed (no `onChange`, no
 * plugin, a plan without it) and none is stored, nothing shows unless `always` (a chatbot option whose type asks for
 * one: it says none exist); an id already stored shows as itself, disabled, so saving the form keeps it.
 * @example <SourceSelect kind="prompt" id="queue-promptId" value={form.promptId} onChange={set('promptId')} />
 */
export function SourceSelect({
  kind,
  id,
  value,
  onChange,
  disabled,
  always,
  error,
}: {
  kind: SourceKind;
  id: string;
  value: number | null;
  onChange?(value: number | null): void;
  disabled?: boolean;
  always?: boolean;
  /** The field's problem, already translated. */
  error?: string;
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
    // An empty company says where the records come from; an integration says what its record is for.
    const help =
      kind === 'integration'
        ? t('sources.integrationHelp')
        : records.length === 0
          ? t('sources.noneYet')
          : undefined;
    return (
      <FormGroup
        label={t(`sources.${kind}`)}
        labelFor={id}
        helperText={error ?? help}
        intent={error ? 'danger' : 'none'}
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
  if (value === null && !always) return null;
  const options =
    value === null
      ? [{ value: '', label: t('sources.none') }]
      : [{ value: String(value), label: `#${value}` }];
  return (
    <FormGroup label={t(`sources.${kind}`)} labelFor={id} helperText={error ?? t('sources.noneYet')}>
      <HTMLSelect
        id={id}
        fill
        disabled
        value={value === null ? '' : String(value)}
        options={options}
        data-testid={id}
      />
    </FormGroup>
  );
}
