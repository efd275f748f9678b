import type { Channel, QueueDto, ScheduleRow } from '@balcao/sdk';
import {
  Checkbox,
  FormGroup,
  HTMLSelect,
  InputGroup,
  type Intent,
  NumericInput,
  Switch,
} from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useChannelTraits } from '../plugins/use-channel-traits';
import { MessageRow } from './connection-automation-fields';
import { ConnectionImportFields, type ConnectionImportValues } from './connection-import-fields';

/** The connection form's values (messages as typed: '' means none). */
export interface ConnectionFormValues extends Record<string, unknown>, ConnectionImportValues {
  name: string;
  isDefault: boolean;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  /** The connection's LGPD consent texts ('' means the company's). */
  lgpdMessage: string;
  lgpdLink: string;
  allowGroup: boolean;
  groupAsTicket: 'disabled' | 'enabled';
  /** Idle hours before an open ticket is closed; 0: never. */
  expiresTicket: number;
  queueIds: number[];
  /** The queue integration and AI prompt answering new conversations (the integrations tab); null: none. */
  integrationId: number | null;
  promptId: number | null;
  /** The bot engine (`plugin:engine`) answering the connection's conversations; null: none. */
  botEngine: string | null;
  /** Web chat: the embedding sites, one per line. */
  embedOrigins: string;
  whenExpiresTicket: '0' | '1';
  timeCreateNewTicket: number;
  maxUseBotQueues: number;
  timeUseBotQueues: number;
  timeSendQueue: number;
  sendIdQueue: number | null;
  expiresTicketNps: number;
  maxUseBotQueuesNps: number;
  inactiveMessage: string;
  timeInactiveMessage: number;
  expiresInactiveMessage: string;
  /** null: none set (the schedules tab starts from the spec's default week). */
  schedules: ScheduleRow[] | null;
}

interface Props {
  channel: Channel;
  form: ConnectionFormValues;
  set<K extends keyof ConnectionFormValues & string>(field: K): (value: ConnectionFormValues[K]) => void;
  error(field: string): string | undefined;
  intent(field: string): Intent;
  queues: QueueDto[];
  disabled: boolean;
  /** The greeting's media control, shown under the greeting message. */
  greetingMedia?: ReactNode;
}

/** The general tab: name, default, groups, auto-close, the queues and the greeting that offers them. */
export function ConnectionFields({
  channel,
  form,
  set,
  error,
  intent,
  queues,
  disabled,
  greetingMedia,
}: Props) {
  const traits = useChannelTraits(channel);
  const { t } = useTranslation();
  const toggleQueue = (id: number) =>
    set('queueIds')(
      form.queueIds.includes(id) ? form.queueIds.filter((q) => q !== id) : [...form.queueIds, id],
    );

  return (
    <>
      <div className="connection-dialog__row">
        <FormGroup
          className="connection-dialog__name"
          label={t('connections.dialog.name')}
          labelFor="connection-name"
          helperText={error('name')}
          intent={intent('name')}
        >
          <InputGroup
            id="connection-name"
            value={form.name}
            onValueChange={set('name')}
            intent={intent('name')}
            disabled={disabled}
            autoFocus
            data-testid="connection-name-input"
          />
        </FormGroup>
        <Switch
          label={t('connections.dialog.isDefault')}
          checked={form.isDefault}
          onChange={(e) => set('isDefault')(e.currentTarget.checked)}
          disabled={disabled}
          data-testid="connection-default-switch"
        />
      </div>
      {/* Group options only mean something on channels with groups (a web chat visitor is one person). */}
      {traits.groups && (
        <div className="connection-dialog__row">
          <Switch
            label={t('connections.dialog.allowGroup')}
            checked={form.allowGroup}
            onChange={(e) => set('allowGroup')(e.currentTarget.checked)}
            disabled={disabled}
            data-testid="connection-allow-group"
          />
          <Switch
            label={t('connections.dialog.groupAsTicket')}
            checked={form.groupAsTicket === 'enabled'}
            onChange={(e) => set('groupAsTicket')(e.currentTarget.checked ? 'enabled' : 'disabled')}
            disabled={disabled}
            data-testid="connection-group-as-ticket"
          />
        </div>
      )}
      <FormGroup
        label={t('connections.dialog.expiresTicket')}
        labelFor="connection-expires-ticket"
        helperText={error('expiresTicket') ?? t('connections.dialog.expiresTicketHelp')}
        intent={intent('expiresTicket')}
      >
        <NumericInput
          id="connection-expires-ticket"
          min={0}
          max={8760}
          allowNumericCharactersOnly
          value={form.expiresTicket}
          onValueChange={(n) => set('expiresTicket')(Number.isFinite(n) ? n : 0)}
          intent={intent('expiresTicket')}
          disabled={disabled}
          data-testid="connection-expires-ticket"
        />
      </FormGroup>
      <FormGroup label={t('connections.dialog.whenExpiresTicket')} labelFor="connection-whenExpiresTicket">
        <HTMLSelect
          id="connection-whenExpiresTicket"
          value={form.whenExpiresTicket}
          onChange={(e) => set('whenExpiresTicket')(e.currentTarget.value === '1' ? '1' : '0')}
          disabled={disabled}
          data-testid="connection-whenExpiresTicket"
        >
          <option value="0">{t('connections.dialog.whenExpiresTicketContact')}</option>
          <option value="1">{t('connections.dialog.whenExpiresTicketUs')}</option>
        </HTMLSelect>
      </FormGroup>
      <FormGroup
        label={t('connections.dialog.queues')}
        helperText={error('queueIds') ?? t('connections.dialog.queuesHelp')}
        intent={intent('queueIds')}
      >
        <div className="connection-dialog__queues" data-testid="connection-queues">
          {queues.length === 0 && <span className="bp6-text-muted">{t('connections.dialog.noQueues')}</span>}
          {queues.map((q) => (
            <Checkbox
              key={q.id}
              inline
              checked={form.queueIds.includes(q.id)}
              onChange={() => toggleQueue(q.id)}
              disabled={disabled}
              labelElement={
                <>
                  <span className="queue-dot" style={{ background: q.color }} /> {q.name}
                </>
              }
              data-testid={`connection-queue-${q.id}`}
            />
          ))}
        </div>
      </FormGroup>
      {/* Spec part 1 §5: the greeting is required once the connection serves more than one queue. */}
      <MessageRow
        field="greetingMessage"
        p={{ form, set, error, intent, disabled }}
        required={form.queueIds.length > 1}
      />
      {greetingMedia}
      {/* A history to import exists only where a remote session keeps one (a linked phone). */}
      {traits.needsSession && (
        <ConnectionImportFields
          form={form}
          set={set}
          error={error}
          intent={intent}
          queues={queues}
          groups={traits.groups}
          disabled={disabled}
        />
      )}
    </>
  );
}
