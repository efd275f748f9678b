import type { QueueDto } from '@balcao/sdk';
import { FormGroup, HTMLSelect, type Intent, NumericInput, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { BotEngineSelect } from '../forms/bot-engine-select';
import { SourceSelect } from '../forms/source-select';
import type { ConnectionFormValues } from './connection-fields';
import { sendQueueDelayChoices, sendQueueDelayMinutes } from './connection-rules';

/** What every tab of the connection form is given. */
export interface ConnectionTabProps {
  form: ConnectionFormValues;
  set<K extends keyof ConnectionFormValues & string>(field: K): (value: ConnectionFormValues[K]) => void;
  error(field: string): string | undefined;
  intent(field: string): Intent;
  disabled: boolean;
}

type NumberField =
  | 'timeCreateNewTicket'
  | 'maxUseBotQueues'
  | 'timeUseBotQueues'
  | 'expiresTicketNps'
  | 'maxUseBotQueuesNps'
  | 'timeInactiveMessage';
type TextField =
  | 'complationMessage'
  | 'outOfHoursMessage'
  | 'ratingMessage'
  | 'inactiveMessage'
  | 'expiresInactiveMessage'
  | 'lgpdMessage'
  | 'lgpdLink';

/** A whole number of the form: minutes (0: off, up to 30 days) or a count of repeats. */
function NumberRow({ field, max, p }: { field: NumberField; max: number; p: ConnectionTabProps }) {
  const { t } = useTranslation();
  const minutes = max > 100;
  return (
    <FormGroup
      label={t(`connections.dialog.${field}`)}
      labelFor={`connection-${field}`}
      helperText={p.error(field) ?? (minutes ? t('connections.dialog.minutesHelp') : undefined)}
      intent={p.intent(field)}
    >
      <NumericInput
        id={`connection-${field}`}
        min={0}
        max={max}
        allowNumericCharactersOnly
        value={p.form[field]}
        onValueChange={(n) => p.set(field)(Number.isFinite(n) ? n : 0)}
        intent={p.intent(field)}
        disabled={p.disabled}
        data-testid={`connection-${field}`}
      />
    </FormGroup>
  );
}

/** An automatic message ('' means none). */
export function MessageRow({
  field,
  p,
  required,
  help,
}: {
  field: TextField | 'greetingMessage';
  p: ConnectionTabProps;
  required?: boolean;
  /** Shown under the field while it has no error. */
  help?: string;
}) {
  const { t } = useTranslation();
  return (
    <FormGroup
      label={t(`connections.dialog.${field}`)}
      labelFor={`connection-${field}`}
      labelInfo={required ? undefined : t('common.optional')}
      helperText={p.error(field) ?? help}
      intent={p.intent(field)}
    >
      <TextArea
        id={`connection-${field}`}
        value={p.form[field]}
        onChange={(e) => p.set(field)(e.currentTarget.value)}
        intent={p.intent(field)}
        disabled={p.disabled}
        fill
        autoResize
        rows={2}
        data-testid={`connection-${field}`}
      />
    </FormGroup>
  );
}

const MINUTES_MAX = 43_200;

/**
 * The messages tab: closing, out of hours, the inactivity warning and closing, and the connection's own LGPD consent
 * texts (spec part 1 §3 Connection), which replace the company's when set.
 */
export function ConnectionMessagesTab(p: ConnectionTabProps) {
  const { t } = useTranslation();
  return (
    <>
      <MessageRow field="complationMessage" p={p} />
      <MessageRow field="outOfHoursMessage" p={p} />
      <MessageRow field="inactiveMessage" p={p} />
      <NumberRow field="timeInactiveMessage" max={MINUTES_MAX} p={p} />
      <MessageRow field="expiresInactiveMessage" p={p} />
      <MessageRow field="lgpdMessage" p={p} help={t('connections.dialog.lgpdHelp')} />
      <MessageRow field="lgpdLink" p={p} help={t('connections.dialog.lgpdHelp')} />
    </>
  );
}

/** The chatbot tab: the queue menu's repeats and pause, the reopen window, the redirect of unqueued tickets. */
export function ConnectionChatbotTab(p: ConnectionTabProps & { queues: QueueDto[] }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="connection-dialog__row">
        <NumberRow field="maxUseBotQueues" max={100} p={p} />
        <NumberRow field="timeUseBotQueues" max={MINUTES_MAX} p={p} />
      </div>
      <NumberRow field="timeCreateNewTicket" max={MINUTES_MAX} p={p} />
      <div className="connection-dialog__row">
        <FormGroup
          label={t('connections.dialog.timeSendQueue')}
          labelFor="connection-timeSendQueue"
          helperText={p.error('timeSendQueue')}
          intent={p.intent('timeSendQueue')}
        >
          {/* The stored minutes select their first label (15 shows as "15 minutes", also after choosing 20 or 25). */}
          <HTMLSelect
            id="connection-timeSendQueue"
            fill
            value={String(p.form.timeSendQueue)}
            onChange={(e) => p.set('timeSendQueue')(sendQueueDelayMinutes(Number(e.currentTarget.value)))}
            disabled={p.disabled}
            data-testid="connection-timeSendQueue"
            options={sendQueueDelayChoices(p.form.timeSendQueue).map((d) => ({
              value: String(d.label),
              label:
                d.label === 0 ? t('connections.dialog.delayOff') : t('queues.minutes', { count: d.label }),
            }))}
          />
        </FormGroup>
        <FormGroup
          label={t('connections.dialog.sendIdQueue')}
          labelFor="connection-sendIdQueue"
          helperText={p.error('sendIdQueue')}
          intent={p.intent('sendIdQueue')}
        >
          <HTMLSelect
            id="connection-sendIdQueue"
            value={p.form.sendIdQueue ?? ''}
            onChange={(e) =>
              p.set('sendIdQueue')(e.currentTarget.value ? Number(e.currentTarget.value) : null)
            }
            disabled={p.disabled}
            data-testid="connection-sendIdQueue"
          >
            <option value="">{t('connections.dialog.noRedirect')}</option>
            {p.queues.map((q) => (
              <option key={q.id} value={q.id}>
                {q.name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      </div>
    </>
  );
}

/** The NPS tab: the rating question, how often it is asked again, and how long a ticket waits for it. */
export function ConnectionNpsTab(p: ConnectionTabProps) {
  return (
    <>
      <MessageRow field="ratingMessage" p={p} />
      <div className="connection-dialog__row">
        <NumberRow field="maxUseBotQueuesNps" max={100} p={p} />
        <NumberRow field="expiresTicketNps" max={MINUTES_MAX} p={p} />
      </div>
    </>
  );
}

/**
 * Spec part 1 "Connection modal", integrations tab: the queue integration or AI prompt that answers the connection's
 * new conversations before any queue (peer-server-behaviour: a connection's integrationId starts it on a ticket with no
 * queue and no user). Integrations are picked by name from /queue-integration; prompts have no page yet (SourceSelect).
 * The bot engine the connection selects comes first (modules/bots: a chatbot option's or the queue's wins over it);
 * a plugin's own per-connection settings go in its `connection.dialog.tabs` tab, saved by its own routes.
 */
export function ConnectionIntegrationsTab({ form, set, error, intent, disabled }: ConnectionTabProps) {
  const { t } = useTranslation();
  return (
    <>
      <p className="bp6-text-muted">{t('connections.dialog.integrationsHelp')}</p>
      <BotEngineSelect
        id="connection-botEngine"
        value={form.botEngine}
        onChange={set('botEngine')}
        helpKey="botEngines.connectionHelp"
        error={error('botEngine')}
        intent={intent('botEngine')}
        disabled={disabled}
      />
      <SourceSelect
        kind="integration"
        id="connection-integrationId"
        value={form.integrationId}
        onChange={set('integrationId')}
        disabled={disabled}
      />
      <SourceSelect
        kind="prompt"
        id="connection-promptId"
        value={form.promptId}
        onChange={set('promptId')}
        disabled={disabled}
      />
    </>
  );
}
