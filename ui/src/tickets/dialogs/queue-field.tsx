import type { QueueRef } from '@balcao/sdk';
import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** The dialogs' queue choice (accept, transfer, new ticket): a placeholder, the queues, 'Selecione uma fila' when missing. */
export function QueueField({
  id,
  queues,
  value,
  invalid,
  onChange,
}: {
  id: string;
  queues: QueueRef[];
  value: number | null;
  invalid: boolean;
  onChange(queueId: number | null): void;
}) {
  const { t } = useTranslation();
  return (
    <FormGroup
      label={t('tickets.fields.queue')}
      labelFor={id}
      intent={invalid ? 'danger' : 'none'}
      helperText={invalid ? t('tickets.validation.selectQueue') : undefined}
    >
      <HTMLSelect
        id={id}
        fill
        data-testid={id}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">{t('tickets.fields.queuePlaceholder')}</option>
        {queues.map((q) => (
          <option key={q.id} value={q.id}>
            {q.name}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}
