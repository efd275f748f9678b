import { type QueueDto, queueSchema } from '@balcao/sdk';
import { Dialog, DialogBody, FormGroup, InputGroup, NumericInput, TextArea } from '@blueprintjs/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmFooter } from '../forms/confirm-footer';
import { useSave } from '../forms/use-save';
import { useZodForm } from '../forms/use-zod-form';
import { toastSuccess } from '../notify/toaster';
import { refreshCompanyQueues } from '../tickets/shared/use-queues';
import { createQueue, defaultQueueColor, QUEUE_PALETTE, updateQueue } from './queues-api';

interface Props {
  /** The queue to edit; none to add one. */
  queue: QueueDto | null;
  /** Colours other queues of the company use (a colour is unique per company). */
  usedColors: string[];
  onClose(): void;
}

/**
 * Add or edit a queue (spec part 2 §2 Queues, §5 queue form): name, colour from the palette (or typed), order and
 * greeting. Service hours and chatbot options belong to the administration area and come with it.
 */
export function QueueDialog({ queue, usedColors, onClose }: Props) {
  const { t } = useTranslation();
  const { form, set, setErrors, validate, error, intent } = useZodForm(queueSchema, {
    name: queue?.name ?? '',
    color: queue?.color ?? defaultQueueColor(usedColors),
    orderQueue: queue?.orderQueue ?? null,
    greetingMessage: queue?.greetingMessage ?? '',
  });
  const { saving, save } = useSave(setErrors);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = validate({ ...form, greetingMessage: form.greetingMessage || null });
    if (!input) return;
    await save(async () => {
      if (queue) await updateQueue(queue.id, { ...input, outOfHoursMessage: queue.outOfHoursMessage });
      else await createQueue(input);
      refreshCompanyQueues();
      toastSuccess(t(queue ? 'queues.saved' : 'queues.created'));
      onClose();
    });
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t(queue ? 'queues.editTitle' : 'queues.addTitle')}
      icon="flows"
      className="queue-dialog"
    >
      <form onSubmit={(e) => void handleSubmit(e)} noValidate>
        <DialogBody>
          <FormGroup
            label={t('queues.name')}
            labelFor="queue-name"
            helperText={error('name')}
            intent={intent('name')}
          >
            <InputGroup
              id="queue-name"
              value={form.name}
              onValueChange={set('name')}
              intent={intent('name')}
              autoFocus
              data-testid="queue-name"
            />
          </FormGroup>
          <FormGroup
            label={t('queues.color')}
            labelFor="queue-color"
            helperText={error('color')}
            intent={intent('color')}
          >
            <div className="queue-dialog__palette">
              {QUEUE_PALETTE.map((c) => {
                const taken = usedColors.includes(c.toLowerCase());
                return (
                  <button
                    key={c}
                    type="button"
                    aria-pressed={form.color.toLowerCase() === c}
                    aria-label={c}
                    title={taken ? t('queues.colorTaken') : c}
                    disabled={taken}
                    className="queue-dialog__swatch"
                    style={{ background: c }}
                    onClick={() => set('color')(c)}
                    data-testid={`queue-color-${c.slice(1)}`}
                  />
                );
              })}
            </div>
            <InputGroup
              id="queue-color"
              className="queue-dialog__hex"
              leftElement={<span className="queue-dialog__current" style={{ background: form.color }} />}
              value={form.color}
              onValueChange={set('color')}
              intent={intent('color')}
              data-testid="queue-color"
            />
          </FormGroup>
          <FormGroup label={t('queues.order')} labelInfo={t('common.optional')} labelFor="queue-order">
            <NumericInput
              id="queue-order"
              min={0}
              allowNumericCharactersOnly
              value={form.orderQueue ?? ''}
              onValueChange={(n) => set('orderQueue')(Number.isFinite(n) ? n : null)}
              data-testid="queue-order"
            />
          </FormGroup>
          <FormGroup label={t('queues.greeting')} labelInfo={t('common.optional')} labelFor="queue-greeting">
            <TextArea
              id="queue-greeting"
              fill
              rows={3}
              value={form.greetingMessage ?? ''}
              onChange={(e) => set('greetingMessage')(e.currentTarget.value)}
              data-testid="queue-greeting"
            />
          </FormGroup>
        </DialogBody>
        <ConfirmFooter text={t('common.save')} busy={saving} onCancel={onClose} testId="queue-save" />
      </form>
    </Dialog>
  );
}
