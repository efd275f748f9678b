import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** What a queue or a connection can hand its conversations to: a queue integration, a file list or an AI prompt. */
export type SourceKind = 'integration' | 'fileList' | 'prompt';

/**
 * The pick of a queue integration, file list or AI prompt (spec part 2: queue and connection fields integrationId,
 * fileListId, promptId). Their pages do not exist yet, so there is nothing to choose and no empty pick is offered:
 * nothing shows. An id already stored (set through the API) shows as itself, disabled, so saving the form keeps it.
 * @example <SourceSelect kind="prompt" id="queue-promptId" value={form.promptId} />
 */
export function SourceSelect({ kind, id, value }: { kind: SourceKind; id: string; value: number | null }) {
  const { t } = useTranslation();
  if (value === null) return null;
  const options = [{ value: String(value), label: `#${value}` }];
  return (
    <FormGroup label={t(`sources.${kind}`)} labelFor={id} helperText={t('sources.noneYet')}>
      <HTMLSelect id={id} fill disabled value={String(value)} options={options} data-testid={id} />
    </FormGroup>
  );
}
