import type { QueueDto } from '@balcao/sdk';
import { FormGroup, HTMLSelect, InputGroup, type Intent, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** The history import's part of the connection form (dates as a date input gives them: 'YYYY-MM-DD', '' none). */
export interface ConnectionImportValues {
  importOldMessages: string;
  importRecentMessages: string;
  importOldMessagesGroups: boolean;
  closedTicketsPostImported: boolean;
  queueIdImportMessages: number | null;
}

interface Props<F extends ConnectionImportValues> {
  form: F;
  set<K extends keyof F & string>(field: K): (value: F[K]) => void;
  error(field: string): string | undefined;
  intent(field: string): Intent;
  queues: QueueDto[];
  /** The channel has group chats (its traits): only then the groups switch. */
  groups: boolean;
  disabled: boolean;
}

/** An ISO date as a date input shows it ('' for none). @example dayOf('2025-03-01T00:00:00.000Z') === '2025-03-01' */
export const dayOf = (iso: string | null | undefined): string => (iso ? iso.slice(0, 10) : '');

/**
 * Spec part 1 §3 Connection "importOldMessages …": which old messages the session brings in when it connects (from
 * the old date up to the recent one, or now), groups too or not, and what becomes of the tickets they open.
 */
export function ConnectionImportFields<F extends ConnectionImportValues>({
  form,
  set,
  error,
  intent,
  queues,
  groups,
  disabled,
}: Props<F>) {
  const { t } = useTranslation();
  const dateField = (field: 'importOldMessages' | 'importRecentMessages') => (
    <FormGroup
      label={t(`connections.dialog.import.${field}`)}
      labelFor={`connection-${field}`}
      labelInfo={t('common.optional')}
      helperText={error(field)}
      intent={intent(field)}
    >
      <InputGroup
        id={`connection-${field}`}
        type="date"
        value={form[field]}
        onValueChange={set(field)}
        intent={intent(field)}
        disabled={disabled}
        data-testid={`connection-${field}`}
      />
    </FormGroup>
  );
  return (
    <fieldset className="connection-dialog__import" data-testid="connection-import">
      <legend>{t('connections.dialog.import.title')}</legend>
      <p className="bp6-text-muted">{t('connections.dialog.import.help')}</p>
      <div className="connection-dialog__row">
        {dateField('importOldMessages')}
        {dateField('importRecentMessages')}
      </div>
      <div className="connection-dialog__row">
        {groups && (
          <Switch
            label={t('connections.dialog.import.groups')}
            checked={form.importOldMessagesGroups}
            onChange={(e) => set('importOldMessagesGroups')(e.currentTarget.checked)}
            disabled={disabled}
            data-testid="connection-import-groups"
          />
        )}
        <Switch
          label={t('connections.dialog.import.closeAfter')}
          checked={form.closedTicketsPostImported}
          onChange={(e) => set('closedTicketsPostImported')(e.currentTarget.checked)}
          disabled={disabled}
          data-testid="connection-import-close"
        />
      </div>
      <FormGroup
        label={t('connections.dialog.import.queue')}
        labelFor="connection-import-queue"
        helperText={error('queueIdImportMessages')}
        intent={intent('queueIdImportMessages')}
      >
        <HTMLSelect
          id="connection-import-queue"
          value={form.queueIdImportMessages ?? ''}
          onChange={(e) =>
            set('queueIdImportMessages')(e.currentTarget.value ? Number(e.currentTarget.value) : null)
          }
          disabled={disabled}
          data-testid="connection-import-queue"
        >
          <option value="">{t('connections.dialog.import.noQueue')}</option>
          {queues.map((q) => (
            <option key={q.id} value={q.id}>
              {q.name}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
    </fieldset>
  );
}
