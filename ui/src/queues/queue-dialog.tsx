import {
  defaultWeeklySchedule,
  type QueueDetailDto,
  type QueueDto,
  queueSchema,
  type ScheduleRow,
} from '@balcao/sdk';
import { SlotQueueContext } from '@balcao/sdk/ui';
import { Dialog, DialogBody, FormGroup, Spinner, Tab, Tabs, TextArea } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';
import { ConfirmFooter } from '../forms/confirm-footer';
import { toFieldErrors } from '../forms/field-errors';
import { useZodForm } from '../forms/use-zod-form';
import { WeeklyScheduleEditor } from '../forms/weekly-schedule-editor';
import { toastError, toastSuccess } from '../notify/toaster';
import { PluginFillView, useSlotFills } from '../plugins/slot';
import { companySetting } from '../session/company-settings';
import { userAtom } from '../session/session-store';
import { fetchUserList } from '../tickets/shared/tickets-api';
import { refreshCompanyQueues, useCompanyQueues } from '../tickets/shared/use-queues';
import { ChatbotTreeEditor } from './chatbot-tree-editor';
import { type EditableOption, toEditable, toInput, treeErrors } from './chatbot-tree-model';
import { QueueDataFields, type QueueFormValues } from './queue-data-fields';
import { createQueue, defaultQueueColor, fetchQueue, updateQueue } from './queues-api';

interface Props {
  /** The queue to edit; none to add one. */
  queue: QueueDto | null;
  /** Colours other queues of the company use (a colour is unique per company). */
  usedColors: string[];
  onClose(): void;
}

const valuesOf = (q: QueueDto | null, usedColors: string[]): QueueFormValues => ({
  name: q?.name ?? '',
  color: q?.color ?? defaultQueueColor(usedColors),
  orderQueue: q?.orderQueue ?? null,
  greetingMessage: q?.greetingMessage ?? '',
  outOfHoursMessage: q?.outOfHoursMessage ?? '',
  ativarRoteador: q?.ativarRoteador ?? false,
  tempoRoteador: q?.tempoRoteador ?? 0,
  closeTicket: q?.closeTicket ?? false,
  integrationId: q?.integrationId ?? null,
  fileListId: q?.fileListId ?? null,
  promptId: q?.promptId ?? null,
  botEngine: q?.botEngine ?? null,
});

const tabOf = (field: string) =>
  field === 'chatbots'
    ? 'chatbot'
    : field === 'schedules' || field === 'outOfHoursMessage'
      ? 'schedules'
      : 'data';

/**
 * Add or edit a queue (spec part 2 §2 Queues, §5 queue form): its data, its chatbot option tree, and its service
 * hours, a tab shown only when the company keeps hours per queue (scheduleType queue, live setting). An edited queue
 * is read again on open (with its tree); everything is saved at once.
 */
export function QueueDialog({ queue, usedColors, onClose }: Props) {
  const { t } = useTranslation();
  const perQueueHours = companySetting(useAtomValue(userAtom), 'scheduleType') === 'queue';
  const { form, setForm, set, setErrors, error, intent } = useZodForm(
    queueSchema,
    valuesOf(queue, usedColors),
  );
  const [chatbots, setChatbots] = useState<EditableOption[]>([]);
  const [schedules, setSchedules] = useState<ScheduleRow[]>(queue?.schedules ?? defaultWeeklySchedule());
  const [treeProblems, setTreeProblems] = useState<Record<string, string>>({});
  const [loaded, setLoaded] = useState(!queue);
  const [saving, setSaving] = useState(false);
  const [tab, setTab] = useState('data');
  const [users, setUsers] = useState<{ id: number; name: string }[]>([]);
  const queues = useCompanyQueues();
  // Plugins' tabs (`queue.dialog.tabs`): e.g. a bot engine's per-queue settings, saved by the plugin's routes.
  const pluginTabs = useSlotFills('queue.dialog.tabs');

  useEffect(() => {
    fetchUserList().then(setUsers, toastError);
    if (!queue) return;
    fetchQueue(queue.id).then((detail: QueueDetailDto) => {
      setForm(valuesOf(detail, []));
      setChatbots(toEditable(detail.chatbots));
      setSchedules(detail.schedules);
      setLoaded(true);
    }, toastError);
  }, [queue, setForm]);

  const showProblems = (issues: Parameters<typeof toFieldErrors>[0]) => {
    const fields = toFieldErrors(issues);
    setErrors(fields);
    setTreeProblems(treeErrors(issues));
    setTab(tabOf(Object.keys(fields)[0] ?? 'data'));
  };

  const handleSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = queueSchema.safeParse({
      ...form,
      greetingMessage: form.greetingMessage || null,
      outOfHoursMessage: form.outOfHoursMessage || null,
      schedules,
      chatbots: toInput(chatbots),
    });
    if (!parsed.success) return showProblems(parsed.error.issues);
    setSaving(true);
    try {
      if (queue) await updateQueue(queue.id, parsed.data);
      else await createQueue(parsed.data);
      refreshCompanyQueues();
      toastSuccess(t(chatbots.length ? 'queues.botSaved' : queue ? 'queues.saved' : 'queues.created'));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.fields.length) showProblems(err.fields);
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  const editChatbots = (next: EditableOption[]) => {
    setChatbots(next);
    setTreeProblems({});
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t(queue ? 'queues.editTitle' : 'queues.addTitle')}
      icon="flows"
      className="queue-dialog"
    >
      <form onSubmit={(e) => void handleSubmit(e)} noValidate data-testid="queue-form">
        <DialogBody className="queue-dialog__body">
          {!loaded ? (
            <Spinner size={32} aria-label={t('queues.loading')} />
          ) : (
            <Tabs id="queue-tabs" selectedTabId={tab} onChange={(id) => setTab(String(id))}>
              <Tab
                id="data"
                title={t('queues.tabs.data')}
                data-testid="queue-tab-data"
                panel={
                  <QueueDataFields
                    form={form}
                    set={set}
                    error={error}
                    intent={intent}
                    usedColors={usedColors}
                    disabled={saving}
                  />
                }
              />
              <Tab
                id="chatbot"
                title={t('queues.tabs.chatbot')}
                data-testid="queue-tab-chatbot"
                panel={
                  <ChatbotTreeEditor
                    options={chatbots}
                    onChange={editChatbots}
                    errors={treeProblems}
                    queues={queues.filter((q) => q.id !== queue?.id)}
                    users={users}
                    disabled={saving}
                  />
                }
              />
              {perQueueHours && (
                <Tab
                  id="schedules"
                  title={t('queues.tabs.schedules')}
                  data-testid="queue-tab-schedules"
                  panel={
                    <>
                      <p className="bp6-text-muted">{t('queues.schedulesHelp')}</p>
                      <WeeklyScheduleEditor
                        rows={schedules}
                        onChange={setSchedules}
                        disabled={saving}
                        testId="queue-schedules"
                      />
                      {error('schedules') && <p className="weekly-schedule__error">{error('schedules')}</p>}
                      <FormGroup
                        label={t('queues.outOfHours')}
                        labelInfo={t('common.optional')}
                        labelFor="queue-out-of-hours"
                      >
                        <TextArea
                          id="queue-out-of-hours"
                          fill
                          rows={3}
                          value={form.outOfHoursMessage ?? ''}
                          onChange={(e) => set('outOfHoursMessage')(e.currentTarget.value)}
                          disabled={saving}
                          data-testid="queue-out-of-hours"
                        />
                      </FormGroup>
                    </>
                  }
                />
              )}
              {pluginTabs.map((fill) => (
                <Tab
                  key={fill.plugin}
                  id={`plugin:${fill.plugin}`}
                  title={fill.fill.titleKey ? t(fill.fill.titleKey) : fill.plugin}
                  data-testid={`queue-tab-${fill.plugin}`}
                  panel={
                    <SlotQueueContext.Provider value={queue}>
                      <PluginFillView {...fill} />
                    </SlotQueueContext.Provider>
                  }
                />
              ))}
            </Tabs>
          )}
        </DialogBody>
        <ConfirmFooter
          text={t('common.save')}
          busy={saving || !loaded}
          onCancel={onClose}
          onConfirm={() => void handleSubmit()}
          testId="queue-save"
        />
      </form>
    </Dialog>
  );
}
