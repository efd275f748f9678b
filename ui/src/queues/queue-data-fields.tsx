import { ROTATION_TIMES, type RotationTime } from '@balcao/sdk';
import type { Intent } from '@blueprintjs/core';
import { FormGroup, HTMLSelect, InputGroup, NumericInput, Switch, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { BotEngineSelect } from '../forms/bot-engine-select';
import { SourceSelect } from '../forms/source-select';
import { QUEUE_PALETTE } from './queues-api';

/** The queue dialog's own fields (its first tab). */
export type QueueFormValues = {
  name: string;
  color: string;
  orderQueue: number | null;
  greetingMessage: string | null;
  outOfHoursMessage: string | null;
  ativarRoteador: boolean;
  tempoRoteador: RotationTime;
  closeTicket: boolean;
  integrationId: number | null;
  fileListId: number | null;
  promptId: number | null;
  /** The bot engine (`plugin:engine`) answering the queue's conversations; null: none. */
  botEngine: string | null;
};

interface Props {
  form: QueueFormValues;
  set: <K extends keyof QueueFormValues & string>(field: K) => (value: QueueFormValues[K]) => void;
  error(field: string): string | undefined;
  intent(field: string): Intent;
  usedColors: string[];
  disabled?: boolean;
}

/**
 * Name, colour from the palette (or typed), order, greeting, rotation (switch and time, spec part 2 §9), closing the
 * ticket after the bot, the bot engine answering the queue, and the integration, file list and prompt pickers: those
 * entities come in later pages, so the pickers stay disabled with a hint until some exist.
 */
export function QueueDataFields({ form, set, error, intent, usedColors, disabled }: Props) {
  const { t } = useTranslation();
  return (
    <>
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
          disabled={disabled}
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
                disabled={taken || disabled}
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
          disabled={disabled}
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
          disabled={disabled}
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
          disabled={disabled}
          data-testid="queue-greeting"
        />
      </FormGroup>
      <div className="queue-dialog__row">
        <FormGroup label={t('queues.rotation')} helperText={t('queues.rotationHelp')}>
          <Switch
            checked={form.ativarRoteador}
            onChange={(e) => set('ativarRoteador')(e.currentTarget.checked)}
            disabled={disabled}
            data-testid="queue-rotation"
          />
        </FormGroup>
        <FormGroup label={t('queues.rotationTime')} labelFor="queue-rotation-time">
          <HTMLSelect
            id="queue-rotation-time"
            value={form.tempoRoteador}
            onChange={(e) => set('tempoRoteador')(Number(e.currentTarget.value) as RotationTime)}
            disabled={disabled || !form.ativarRoteador}
            data-testid="queue-rotation-time"
            options={ROTATION_TIMES.map((n) => ({
              value: n,
              label: n === 0 ? t('queues.rotationUnset') : t('queues.minutes', { count: n }),
            }))}
          />
        </FormGroup>
      </div>
      <Switch
        label={t('queues.closeTicket')}
        checked={form.closeTicket}
        onChange={(e) => set('closeTicket')(e.currentTarget.checked)}
        disabled={disabled}
        data-testid="queue-close-ticket"
      />
      <BotEngineSelect
        id="queue-botEngine"
        value={form.botEngine}
        onChange={set('botEngine')}
        helpKey="botEngines.queueHelp"
        error={error('botEngine')}
        intent={intent('botEngine')}
        disabled={disabled}
      />
      <div className="queue-dialog__row">
        <SourceSelect
          kind="integration"
          id="queue-integrationId"
          value={form.integrationId}
          onChange={set('integrationId')}
          disabled={disabled}
        />
        <SourceSelect
          kind="fileList"
          id="queue-fileListId"
          value={form.fileListId}
          onChange={set('fileListId')}
          disabled={disabled}
        />
        <SourceSelect
          kind="prompt"
          id="queue-promptId"
          value={form.promptId}
          onChange={set('promptId')}
          disabled={disabled}
        />
      </div>
    </>
  );
}
