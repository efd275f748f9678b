import {
  type Channel,
  CONNECTION_EXPIRES_TICKET_HOURS,
  type ConnectionDto,
  connectionSchema,
  type QueueDto,
} from '@balcao/sdk';
import { SlotConnectionContext } from '@balcao/sdk/ui';
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
import { greetingMissing, originList } from './connection-rules';
import { createConnection, updateConnection } from './connections-api';
import { WebchatEmbed } from './webchat-embed';

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
  // 'general', 'webchat', or a plugin's tab (`plugin:<name>`).
  const [tab, setTab] = useState<string>('general');
  const pluginTabs = useSlotFills('connection.dialog.tabs');
  // Show the tab holding what there is to fix: the embedding sites live on the web chat tab, the rest on general.
  const showErrors = (errors: Record<string, string>) => {
    setErrors(errors);
    setTab(Object.keys(errors).every((field) => field === 'embedOrigins') ? 'webchat' : 'general');
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
          {connection?.traits.embeddable && (
            <Tab
              id="webchat"
              title={t('connections.webchat.title')}
              data-testid="connection-tab-webchat"
              panel={
                <WebchatEmbed
                  connection={connection}
                  origins={{
                    value: form.embedOrigins,
                    onChange: set('embedOrigins'),
                    error: error('embedOrigins'),
                    intent: intent('embedOrigins'),
                    disabled: saving,
                  }}
                />
              }
            />
          )}
          {pluginTabs.map((fill) => (
            <Tab
              key={fill.plugin}
              id={`plugin:${fill.plugin}`}
              title={fill.fill.titleKey ? t(fill.fill.titleKey) : fill.plugin}
              data-testid={`connection-tab-${fill.plugin}`}
              panel={
                <SlotConnectionContext.Provider value={connection}>
                  <PluginFillView {...fill} />
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
