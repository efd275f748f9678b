import {
  type Channel,
  CONNECTION_EXPIRES_TICKET_HOURS,
  CONNECTION_RATING_WAIT_MINUTES,
  type ConnectionDto,
  connectionSchema,
  defaultWeeklySchedule,
  type QueueDto,
} from '@balcao/sdk';
import { SlotConnectionContext, SlotConnectionFormContext, type SlotFormField } from '@balcao/sdk/ui';
import { Dialog, DialogBody, Tab, Tabs } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';
import { ConfirmFooter } from '../forms/confirm-footer';
import { toFieldErrors } from '../forms/field-errors';
import { useZodForm } from '../forms/use-zod-form';
import { WeeklyScheduleEditor } from '../forms/weekly-schedule-editor';
import { toastError, toastSuccess, toastWarning } from '../notify/toaster';
import { PluginFillView, useSlotFills } from '../plugins/slot';
import { companySetting } from '../session/company-settings';
import { userAtom } from '../session/session-store';
import { fetchQueues } from '../tickets/shared/tickets-api';
import {
  ConnectionChatbotTab,
  ConnectionIntegrationsTab,
  ConnectionMessagesTab,
  ConnectionNpsTab,
} from './connection-automation-fields';
import { ConnectionFields, type ConnectionFormValues } from './connection-fields';
import { dayOf } from './connection-import-fields';
import { connectionTabOf, greetingMissing, needsNewQr, originList } from './connection-rules';
import { createConnection, updateConnection } from './connections-api';
import { applyGreetingMedia, type GreetingMediaChange, GreetingMediaField } from './greeting-media-field';

/** What the dialog works on: a new connection of a channel, or an existing one. */
export type ConnectionTarget =
  | { mode: 'create'; channel: Channel }
  | { mode: 'edit'; connection: ConnectionDto };

/** The form's starting values: the connection's, or a new connection's defaults. */
export const valuesOf = (c: ConnectionDto | null): ConnectionFormValues => ({
  name: c?.name ?? '',
  isDefault: c?.isDefault ?? false,
  greetingMessage: c?.greetingMessage ?? '',
  complationMessage: c?.complationMessage ?? '',
  outOfHoursMessage: c?.outOfHoursMessage ?? '',
  ratingMessage: c?.ratingMessage ?? '',
  lgpdMessage: c?.lgpdMessage ?? '',
  lgpdLink: c?.lgpdLink ?? '',
  allowGroup: c?.allowGroup ?? false,
  groupAsTicket: c?.groupAsTicket ?? 'disabled',
  // Spec part 1 §9: a new connection closes idle open tickets after 24 hours.
  expiresTicket: c?.expiresTicket ?? CONNECTION_EXPIRES_TICKET_HOURS,
  queueIds: c?.queues.map((q) => q.id) ?? [],
  integrationId: c?.integrationId ?? null,
  promptId: c?.promptId ?? null,
  botEngine: c?.botEngine ?? null,
  embedOrigins: c?.embedOrigins.join('\n') ?? '',
  whenExpiresTicket: c?.whenExpiresTicket ?? '0',
  timeCreateNewTicket: c?.timeCreateNewTicket ?? 0,
  maxUseBotQueues: c?.maxUseBotQueues ?? 3,
  timeUseBotQueues: c?.timeUseBotQueues ?? 0,
  timeSendQueue: c?.timeSendQueue ?? 0,
  sendIdQueue: c?.sendIdQueue ?? null,
  expiresTicketNps: c?.expiresTicketNps ?? CONNECTION_RATING_WAIT_MINUTES,
  maxUseBotQueuesNps: c?.maxUseBotQueuesNps ?? 3,
  inactiveMessage: c?.inactiveMessage ?? '',
  timeInactiveMessage: c?.timeInactiveMessage ?? 0,
  expiresInactiveMessage: c?.expiresInactiveMessage ?? '',
  schedules: c?.schedules ?? null,
  importOldMessages: dayOf(c?.importOldMessages),
  importRecentMessages: dayOf(c?.importRecentMessages),
  importOldMessagesGroups: c?.importOldMessagesGroups ?? false,
  closedTicketsPostImported: c?.closedTicketsPostImported ?? false,
  queueIdImportMessages: c?.queueIdImportMessages ?? null,
});

/** An empty message is stored as none. */
const orNull = (text: string): string | null => (text.trim() ? text : null);

/**
 * Connection add/edit (spec part 1 "Connection modal", general tab; §5 validation). `onCreated` hears of a new
 * connection (the screen then shows the QR code of a channel with a session).
 */
export function ConnectionDialog({
  target,
  onClose,
  onCreated,
}: {
  target: ConnectionTarget | null;
  onClose(): void;
  onCreated?(connection: ConnectionDto): void;
}) {
  const { t } = useTranslation();
  const channel = target?.mode === 'edit' ? target.connection.channel : target?.channel;
  return (
    <Dialog
      isOpen={target !== null}
      onClose={onClose}
      className="connection-dialog"
      icon="satellite"
      title={
        target?.mode === 'edit'
          ? t('connections.dialog.editTitle')
          : t('connections.dialog.addTitle', { channel: t(`tickets.channels.${channel ?? 'webchat'}`) })
      }
    >
      {/* Remounted per connection so the form starts from its values. */}
      {target && (
        <ConnectionForm
          key={target.mode === 'edit' ? target.connection.id : 'new'}
          target={target}
          onClose={onClose}
          onCreated={onCreated}
        />
      )}
    </Dialog>
  );
}

function ConnectionForm({
  target,
  onClose,
  onCreated,
}: {
  target: ConnectionTarget;
  onClose(): void;
  onCreated?(connection: ConnectionDto): void;
}) {
  const { t } = useTranslation();
  const connection = target.mode === 'edit' ? target.connection : null;
  const channel = connection?.channel ?? (target.mode === 'create' ? target.channel : 'webchat');
  const { form, set, setErrors, error, intent } = useZodForm(connectionSchema, valuesOf(connection));
  const [queues, setQueues] = useState<QueueDto[]>([]);
  const [saving, setSaving] = useState(false);
  // The greeting's media is uploaded (or removed) on Save, after the connection's fields (greeting-media-field.tsx).
  const [media, setMedia] = useState<GreetingMediaChange>({ kind: 'keep' });
  const [mediaError, setMediaError] = useState<string>();
  // 'general', or a plugin's tab (`plugin:<name>`).
  const [tab, setTab] = useState<string>('general');
  // Spec part 1 §2: the schedules tab shows when the company keeps service hours per connection (live setting).
  const perConnectionHours = companySetting(useAtomValue(userAtom), 'scheduleType') === 'connection';
  const pluginTabs = useSlotFills('connection.dialog.tabs').filter(
    (fill) => !fill.fill.channels || fill.fill.channels.includes(channel),
  );
  // Show the tab holding what there is to fix: a plugin tab's own fields there, the rest on general.
  const showErrors = (errors: Record<string, string>) => {
    setErrors(errors);
    const fields = Object.keys(errors);
    const owner = pluginTabs.find((fill) => fields.every((field) => fill.fill.fields?.includes(field)));
    setTab(owner ? `plugin:${owner.key}` : connectionTabOf(fields[0] ?? ''));
  };
  const formField = (name: string): SlotFormField => {
    const key = name as keyof ConnectionFormValues & string;
    if (!(key in form)) throw new Error(`the connection form has no field ${name}`);
    return {
      value: String(form[key] ?? ''),
      onChange: set(key) as (value: string) => void,
      error: error(key),
      intent: intent(key) === 'danger' ? 'danger' : 'none',
      disabled: saving,
    };
  };

  useEffect(() => {
    fetchQueues().then(setQueues, toastError);
  }, []);

  const greetingError = () => showErrors({ greetingMessage: t('errors.ERR_WAPP_GREETING_REQUIRED') });

  const handleSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = connectionSchema.safeParse({
      ...form,
      channel,
      greetingMessage: orNull(form.greetingMessage),
      complationMessage: orNull(form.complationMessage),
      outOfHoursMessage: orNull(form.outOfHoursMessage),
      ratingMessage: orNull(form.ratingMessage),
      lgpdMessage: orNull(form.lgpdMessage),
      lgpdLink: orNull(form.lgpdLink),
      inactiveMessage: orNull(form.inactiveMessage),
      expiresInactiveMessage: orNull(form.expiresInactiveMessage),
      embedOrigins: originList(form.embedOrigins),
      // The hours shown are the hours kept: the default week until changed.
      schedules: form.schedules ?? (perConnectionHours ? defaultWeeklySchedule() : null),
    });
    if (!parsed.success) return showErrors(toFieldErrors(parsed.error.issues));
    const input = parsed.data;
    if (greetingMissing(input.queueIds, input.greetingMessage)) return greetingError();
    setSaving(true);
    try {
      if (connection) {
        const { channel: _fixed, ...changes } = input;
        await updateConnection(connection.id, changes);
        // A refused file keeps the dialog open with the reason on the field; the fields above are saved.
        if (!(await saveMedia(connection.id, connection.greetingMediaName !== null))) return;
        toastSuccess(t('connections.toasts.saved'));
        if (needsNewQr(connection, form)) toastWarning(t('connections.toasts.needsNewQr'));
        onClose();
      } else {
        const created = await createConnection(input);
        // The new connection exists either way: it opens (QR code) and a refused file is told in a toast.
        await saveMedia(created.id, false);
        toastSuccess(t('connections.toasts.saved'));
        onClose();
        onCreated?.(created);
      }
    } catch (err) {
      if (err instanceof ApiError && err.fields.length) showErrors(toFieldErrors(err.fields));
      else if (err instanceof ApiError && err.code === 'ERR_WAPP_GREETING_REQUIRED') greetingError();
      else if (err instanceof ApiError && err.code === 'ERR_DUPLICATED_CONNECTION')
        showErrors({ name: t('errors.ERR_DUPLICATED_CONNECTION') });
      else toastError(err);
    } finally {
      setSaving(false);
    }
  };

  /** Uploads or removes the greeting's media of the saved connection; false (the reason shown) when refused. */
  const saveMedia = async (id: number, had: boolean): Promise<boolean> => {
    try {
      await applyGreetingMedia(id, media, had);
      setMedia({ kind: 'keep' });
      return true;
    } catch (err) {
      const reason = err instanceof ApiError ? t(`errors.${err.code}`) : String(err);
      if (connection) {
        setTab('general');
        setMediaError(reason);
      } else toastError(t('connections.dialog.greetingMediaFailed', { error: reason }));
      return false;
    }
  };

  const tabProps = { form, set, error, intent, disabled: saving };
  return (
    <form onSubmit={handleSubmit} noValidate data-testid="connection-form">
      <DialogBody className="connection-dialog__body">
        {/* Spec tabs: general, integrations, messages, chatbot, NPS, schedules (per-connection hours), then what the
            channel adds. */}
        {/* Only the open tab is mounted: message boxes size themselves to their text when shown (a hidden tab's
            boxes measured nothing and stayed one clipped line high). */}
        <Tabs
          id="connection-tabs"
          selectedTabId={tab}
          onChange={(id) => setTab(String(id))}
          renderActiveTabPanelOnly
        >
          <Tab
            id="general"
            title={t('connections.dialog.general')}
            data-testid="connection-tab-general"
            panel={
              <ConnectionFields
                channel={channel}
                form={form}
                set={set}
                error={error}
                intent={intent}
                queues={queues}
                disabled={saving}
                greetingMedia={
                  <GreetingMediaField
                    connection={connection}
                    change={media}
                    onChange={setMedia}
                    error={mediaError}
                    onError={setMediaError}
                    disabled={saving}
                  />
                }
              />
            }
          />
          {/* The bot engine pick; integrations and prompts (no pages yet) show only what the API stored. */}
          <Tab
            id="integrations"
            title={t('connections.dialog.integrations')}
            data-testid="connection-tab-integrations"
            panel={<ConnectionIntegrationsTab {...tabProps} />}
          />
          <Tab
            id="messages"
            title={t('connections.dialog.messages')}
            data-testid="connection-tab-messages"
            panel={<ConnectionMessagesTab {...tabProps} />}
          />
          <Tab
            id="chatbot"
            title={t('connections.dialog.chatbot')}
            data-testid="connection-tab-chatbot"
            panel={<ConnectionChatbotTab {...tabProps} queues={queues} />}
          />
          <Tab
            id="nps"
            title={t('connections.dialog.nps')}
            data-testid="connection-tab-nps"
            panel={<ConnectionNpsTab {...tabProps} />}
          />
          {perConnectionHours && (
            <Tab
              id="schedules"
              title={t('connections.dialog.schedules')}
              data-testid="connection-tab-schedules"
              panel={
                <>
                  <p className="bp6-text-muted">{t('connections.dialog.schedulesHelp')}</p>
                  <WeeklyScheduleEditor
                    rows={form.schedules ?? defaultWeeklySchedule()}
                    onChange={set('schedules')}
                    disabled={saving}
                    testId="connection-schedules"
                  />
                  {error('schedules') && <p className="weekly-schedule__error">{error('schedules')}</p>}
                </>
              }
            />
          )}
          {pluginTabs.map((fill) => (
            <Tab
              key={fill.key}
              id={`plugin:${fill.key}`}
              title={fill.fill.titleKey ? t(fill.fill.titleKey) : fill.plugin}
              data-testid={`connection-tab-${fill.key}`}
              panel={
                <SlotConnectionContext.Provider value={connection}>
                  <SlotConnectionFormContext.Provider value={formField}>
                    <PluginFillView plugin={fill.plugin} fill={fill.fill} />
                  </SlotConnectionFormContext.Provider>
                </SlotConnectionContext.Provider>
              }
            />
          ))}
        </Tabs>
      </DialogBody>
      <ConfirmFooter
        text={t('common.save')}
        busy={saving}
        onCancel={onClose}
        onConfirm={() => void handleSubmit()}
        testId="connection-save"
      />
    </form>
  );
}
