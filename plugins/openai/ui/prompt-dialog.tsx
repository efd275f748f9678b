import type { QueueDto } from '@balcao/sdk/rest';
import { type FormFieldErrors, FormFooter, useSave, useUiHost } from '@balcao/sdk/ui';
import {
  Dialog,
  DialogBody,
  FormGroup,
  HTMLSelect,
  InputGroup,
  NumericInput,
  TextArea,
} from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROMPT_DEFAULTS, PROMPT_VOICES, type PromptDto, promptInputSchema } from '../shared/prompt';

interface Form {
  name: string;
  prompt: string;
  voice: string;
  voiceKey: string;
  voiceRegion: string;
  maxTokens: number;
  temperature: number;
  maxMessages: number;
  apiKey: string;
  baseUrl: string;
  model: string;
  queueId: number | null;
}

const initial = (p: PromptDto | null): Form => ({
  name: p?.name ?? '',
  prompt: p?.prompt ?? '',
  voice: p?.voice ?? PROMPT_DEFAULTS.voice,
  voiceKey: '',
  voiceRegion: p?.voiceRegion ?? '',
  maxTokens: p?.maxTokens ?? PROMPT_DEFAULTS.maxTokens,
  temperature: p?.temperature ?? PROMPT_DEFAULTS.temperature,
  maxMessages: p?.maxMessages ?? PROMPT_DEFAULTS.maxMessages,
  apiKey: '',
  baseUrl: p?.baseUrl ?? '',
  model: p?.model ?? PROMPT_DEFAULTS.model,
  queueId: p?.queueId ?? null,
});

/** The prompt dialog (spec part 2 "AI prompts"): without a queue, 'Informe o setor' and nothing is saved. */
export function PromptDialog({
  prompt,
  queues,
  onClose,
  onSaved,
}: {
  prompt: PromptDto | null;
  queues: QueueDto[];
  onClose(): void;
  onSaved(p: PromptDto): void;
}) {
  const { t } = useTranslation('openai');
  const { api, toastSuccess } = useUiHost();
  const [form, setForm] = useState<Form>(() => initial(prompt));
  const [errors, setErrors] = useState<FormFieldErrors>({});
  const { saving, save } = useSave(setErrors);
  const set =
    <K extends keyof Form>(key: K) =>
    (value: Form[K]) => {
      setForm((f) => ({ ...f, [key]: value }));
      setErrors(({ [key]: _gone, ...rest }) => rest);
    };
  const err = (field: keyof Form) => {
    const message = errors[field];
    return message ? t(`validation.${message}`, { defaultValue: message }) : undefined;
  };
  const intent = (field: keyof Form) => (errors[field] ? 'danger' : 'none');

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.queueId === null) {
      setErrors({ queueId: 'queueRequired' });
      return;
    }
    const body = { ...form, queueId: form.queueId };
    const parsed = promptInputSchema.safeParse(body);
    if (!parsed.success) {
      const found: FormFieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    await save(async () => {
      const saved = prompt
        ? await api.put<PromptDto>(`/prompt/${prompt.id}`, body)
        : await api.post<PromptDto>('/prompt', body);
      toastSuccess(t('saved'));
      onSaved(saved);
    });
  };

  const queueError = errors.queueId === 'queueRequired' ? t('queueRequired') : err('queueId');
  return (
    <Dialog isOpen onClose={onClose} title={t(prompt ? 'editTitle' : 'addTitle')} icon="predictive-analysis">
      <form onSubmit={(e) => void handleSubmit(e)} noValidate>
        <DialogBody>
          <FormGroup
            label={t('fields.name')}
            labelFor="prompt-name"
            helperText={err('name')}
            intent={intent('name')}
          >
            <InputGroup
              id="prompt-name"
              value={form.name}
              onValueChange={set('name')}
              intent={intent('name')}
              autoFocus
              data-testid="prompt-name"
            />
          </FormGroup>
          <FormGroup
            label={t('fields.prompt')}
            labelFor="prompt-prompt"
            helperText={err('prompt') ?? t('fields.promptHint')}
            intent={intent('prompt')}
          >
            <TextArea
              id="prompt-prompt"
              value={form.prompt}
              onChange={(e) => set('prompt')(e.currentTarget.value)}
              intent={intent('prompt')}
              rows={5}
              fill
              data-testid="prompt-prompt"
            />
          </FormGroup>
          <FormGroup
            label={t('fields.queue')}
            labelFor="prompt-queue"
            helperText={queueError ?? t('fields.queueHint')}
            intent={intent('queueId')}
          >
            <HTMLSelect
              id="prompt-queue"
              fill
              value={form.queueId === null ? '' : String(form.queueId)}
              onChange={(e) => set('queueId')(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
              options={[
                { value: '', label: t('fields.chooseQueue') },
                ...queues.map((q) => ({ value: String(q.id), label: q.name })),
              ]}
              data-testid="prompt-queue"
            />
          </FormGroup>
          <FormGroup
            label={t('fields.apiKey')}
            labelFor="prompt-api-key"
            helperText={err('apiKey') ?? (prompt?.hasApiKey ? t('fields.apiKeyStored') : undefined)}
            intent={intent('apiKey')}
          >
            <InputGroup
              id="prompt-api-key"
              type="password"
              autoComplete="off"
              value={form.apiKey}
              onValueChange={set('apiKey')}
              data-testid="prompt-api-key"
            />
          </FormGroup>
          <div className="openai-prompt-dialog__row">
            <FormGroup
              label={t('fields.baseUrl')}
              labelFor="prompt-base-url"
              helperText={err('baseUrl') ?? t('fields.baseUrlHint')}
              intent={intent('baseUrl')}
            >
              <InputGroup
                id="prompt-base-url"
                value={form.baseUrl}
                onValueChange={set('baseUrl')}
                placeholder="https://api.openai.com/v1"
                data-testid="prompt-base-url"
              />
            </FormGroup>
            <FormGroup label={t('fields.model')} labelFor="prompt-model" helperText={err('model')}>
              <InputGroup
                id="prompt-model"
                value={form.model}
                onValueChange={set('model')}
                data-testid="prompt-model"
              />
            </FormGroup>
          </div>
          <div className="openai-prompt-dialog__row">
            <FormGroup
              label={t('fields.maxTokens')}
              labelFor="prompt-max-tokens"
              helperText={err('maxTokens')}
              intent={intent('maxTokens')}
            >
              <NumericInput
                id="prompt-max-tokens"
                value={form.maxTokens}
                min={1}
                onValueChange={(n) => set('maxTokens')(Number.isFinite(n) ? n : 0)}
                data-testid="prompt-max-tokens"
              />
            </FormGroup>
            <FormGroup
              label={t('fields.temperature')}
              labelFor="prompt-temperature"
              helperText={err('temperature')}
              intent={intent('temperature')}
            >
              <NumericInput
                id="prompt-temperature"
                value={form.temperature}
                min={0}
                max={2}
                stepSize={0.1}
                minorStepSize={0.1}
                onValueChange={(n) => set('temperature')(Number.isFinite(n) ? n : 0)}
                data-testid="prompt-temperature"
              />
            </FormGroup>
            <FormGroup
              label={t('fields.maxMessages')}
              labelFor="prompt-max-messages"
              helperText={err('maxMessages')}
              intent={intent('maxMessages')}
            >
              <NumericInput
                id="prompt-max-messages"
                value={form.maxMessages}
                min={1}
                onValueChange={(n) => set('maxMessages')(Number.isFinite(n) ? n : 0)}
                data-testid="prompt-max-messages"
              />
            </FormGroup>
          </div>
          <FormGroup
            label={t('fields.voice')}
            labelFor="prompt-voice"
            helperText={err('voice') ?? t('fields.voiceHint')}
          >
            <HTMLSelect
              id="prompt-voice"
              fill
              value={form.voice}
              onChange={(e) => set('voice')(e.currentTarget.value)}
              options={PROMPT_VOICES.map((v) => ({ value: v, label: voiceLabel(v, t) }))}
              data-testid="prompt-voice"
            />
          </FormGroup>
          {form.voice !== 'texto' && (
            <div className="openai-prompt-dialog__row">
              <FormGroup
                label={t('fields.voiceKey')}
                labelFor="prompt-voice-key"
                helperText={err('voiceKey') ?? (prompt?.hasVoiceKey ? t('fields.apiKeyStored') : undefined)}
              >
                <InputGroup
                  id="prompt-voice-key"
                  type="password"
                  autoComplete="off"
                  value={form.voiceKey}
                  onValueChange={set('voiceKey')}
                  data-testid="prompt-voice-key"
                />
              </FormGroup>
              <FormGroup
                label={t('fields.voiceRegion')}
                labelFor="prompt-voice-region"
                helperText={err('voiceRegion')}
              >
                <InputGroup
                  id="prompt-voice-region"
                  value={form.voiceRegion}
                  onValueChange={set('voiceRegion')}
                  data-testid="prompt-voice-region"
                />
              </FormGroup>
            </div>
          )}
        </DialogBody>
        <FormFooter text={t('save')} busy={saving} onCancel={onClose} testId="prompt-save" />
      </form>
    </Dialog>
  );
}

/** 'texto' in the user's language; a neural voice by its person's name (pt-BR-FranciscaNeural → Francisca). */
function voiceLabel(voice: string, t: (key: string) => string): string {
  if (voice === 'texto') return t('voices.texto');
  return voice.replace(/^pt-BR-/, '').replace(/Neural$/, '');
}
