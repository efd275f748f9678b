import {
  type Channel,
  CONNECTION_EXPIRES_TICKET_HOURS,
  type ConnectionDto,
  connectionSchema,
  type QueueDto,
} from '@balcao/sdk';
import { SlotConnectionContext, SlotConnectionFormContext, type SlotFormField } from '@balcao/sdk/ui';
import { Dialog, DialogBody, Tab, Tabs } from '@blueprintjs/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';
import { ConfirmFooter } from '../forms/confirm-footer';
import { toFieldErrors } from '../forms/field-errors';
import { useZodForm } from '../forms/use-zod-form';
import { toastError, toastSuccess } from '../notify/toaster';
import { PluginFillView, useSlotFills } from '../plugins/slot';
import { fetchQueues } from '../tickets/shared/tickets-api';
import { ConnectionFields, type ConnectionFormValues } from './connection-fields';
import { dayOf } from './connection-import-fields';
import { greetingMissing, originList } from './connection-rules';
import { createConnection, updateConnection } from './connections-api';

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
  allowGroup: c?.allowGroup ?? false,
  groupAsTicket: c?.groupAsTicket ?? 'disabled',
  // Spec part 1 §9: a new connection closes idle open tickets after 24 hours.
  expiresTicket: c?.expiresTicket ?? CONNECTION_EXPIRES_TICKET_HOURS,
  queueIds: c?.queues.map((q) => q.id) ?? [],
  embedOrigins: c?.embedOrigins.join('\n') ?? '',
  importOldMessages: dayOf(c?.importOldMessages),
  importRecentMessages: dayOf(c?.importRecentMessages),
  importOldMessagesGroups: c?.importOldMessagesGroups ?? false,
  closedTicketsPostImported: c?.closedTicketsPostImported ?? false,
  queueIdImportMessages: c?.queueIdImportMessages ?? null,
});

/** An empty message is stored as none. */
const orNull = (text: string): string | null => (text.trim() ? text : null);

/** Connection add/edit (spec part 1 "Connection modal", general tab; §5 validation). */
export function ConnectionDialog({ target, onClose }: { target: ConnectionTarget | null; onClose(): void }) {
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
        />
      )}
    </Dialog>
  );
}

function ConnectionForm({ target, onClose }: { target: ConnectionTarget; onClose(): void }) {
  const { t } = useTranslation();
  const connection = target.mode === 'edit' ? target.connection : null;
  const channel = connection?.channel ?? (target.mode === 'create' ? target.channel : 'webchat');
  const { form, set, setErrors, error, intent } = useZodForm(connectionSchema, valuesOf(connection));
  const [queues, setQueues] = useState<QueueDto[]>([]);
  const [saving, setSaving] = useState(false);
  // 'general', or a plugin's tab (`plugin:<name>`).
  const [tab, setTab] = useState<string>('general');
  const pluginTabs = useSlotFills('connection.dialog.tabs').filter(
    (fill) => !fill.fill.channels || fill.fill.channels.includes(channel),
  );
  // Show the tab holding what there is to fix: a plugin tab's own fields there, the rest on general.
  const showErrors = (errors: Record<string, string>) => {
    setErrors(errors);
    const fields = Object.keys(errors);
    const owner = pluginTabs.find((fill) => fields.every((field) => fill.fill.fields?.includes(field)));
    setTab(owner ? `plugin:${owner.plugin}` : 'general');
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
      embedOrigins: originList(form.embedOrigins),
    });
    if (!parsed.success) return showErrors(toFieldErrors(parsed.error.issues));
    const input = parsed.data;
    if (greetingMissing(input.queueIds, input.greetingMessage)) return greetingError();
    setSaving(true);
    try {
      if (connection) {
        const { channel: _fixed, ...changes } = input;
        await updateConnection(connection.id, changes);
      } else {
        await createConnection(input);
      }
      toastSuccess(t('connections.toasts.saved'));
      onClose();
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

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="connection-form">
      <DialogBody className="connection-dialog__body">
        {/* Spec tabs: general, then what the channel adds. Integrations, chatbot, NPS and schedules have no server
            fields yet. */}
        <Tabs id="connection-tabs" selectedTabId={tab} onChange={(id) => setTab(String(id))}>
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
              />
            }
          />
          {pluginTabs.map((fill) => (
            <Tab
              key={fill.plugin}
              id={`plugin:${fill.plugin}`}
              title={fill.fill.titleKey ? t(fill.fill.titleKey) : fill.plugin}
              data-testid={`connection-tab-${fill.plugin}`}
              panel={
                <SlotConnectionContext.Provider value={connection}>
                  <SlotConnectionFormContext.Provider value={formField}>
                    <PluginFillView {...fill} />
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
