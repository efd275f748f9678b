import { type FormFieldErrors, FormFooter, useSave, useUiHost } from '@balcao/sdk/ui';
import { Dialog, DialogBody, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  INTEGRATION_TYPES,
  type IntegrationDetailDto,
  type IntegrationType,
  integrationInputSchema,
  TYPEBOT_DEFAULTS,
} from '../shared/integration';
import { firstPerField, translateMessage } from './form-errors';
import { DialogflowFields, TypebotFields, WebhookFields } from './integration-fields';

/** The dialog's values, as typed (numbers as text until saved). */
export interface IntegrationForm {
  type: IntegrationType;
  name: string;
  projectName: string;
  jsonContent: string;
  language: string;
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: string;
  typebotDelayMessage: string;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotUnknownMessage: string;
  typebotRestartMessage: string;
}

const EMPTY: IntegrationForm = {
  type: 'typebot',
  name: '',
  projectName: '',
  jsonContent: '',
  language: 'pt-BR',
  urlN8N: '',
  typebotSlug: '',
  typebotExpires: String(TYPEBOT_DEFAULTS.typebotExpires),
  typebotDelayMessage: String(TYPEBOT_DEFAULTS.typebotDelayMessage),
  typebotKeywordFinish: '',
  typebotKeywordRestart: '',
  typebotUnknownMessage: '',
  typebotRestartMessage: '',
};

const formOf = (r: IntegrationDetailDto): IntegrationForm => ({
  type: r.type,
  name: r.name,
  projectName: r.projectName ?? '',
  jsonContent: '',
  language: r.language ?? 'pt-BR',
  urlN8N: r.urlN8N ?? '',
  typebotSlug: r.typebotSlug ?? '',
  typebotExpires: String(r.typebotExpires),
  typebotDelayMessage: String(r.typebotDelayMessage),
  typebotKeywordFinish: r.typebotKeywordFinish ?? '',
  typebotKeywordRestart: r.typebotKeywordRestart ?? '',
  typebotUnknownMessage: r.typebotUnknownMessage ?? '',
  typebotRestartMessage: r.typebotRestartMessage ?? '',
});

/** What the API gets: only the type's fields (spec part 2 §5 checks them by type). */
export function bodyOf(form: IntegrationForm): Record<string, unknown> {
  const common = { type: form.type, name: form.name };
  if (form.type === 'dialogflow')
    return {
      ...common,
      projectName: form.projectName,
      language: form.language,
      jsonContent: form.jsonContent || null,
    };
  if (form.type !== 'typebot') return { ...common, urlN8N: form.urlN8N };
  const { jsonContent: _j, projectName: _p, language: _l, ...typebot } = form;
  return typebot;
}

export interface FieldProps {
  form: IntegrationForm;
  set: (field: keyof IntegrationForm) => (value: string) => void;
  error: (field: keyof IntegrationForm) => string | undefined;
}

/**
 * Add or edit a queue integration (spec part 2 §2, §5): the fields depend on the type. Checked here with the server's
 * schema before anything is sent; the server's refusals land next to their fields.
 */
export function IntegrationDialog({ recordId, onClose }: { recordId: number | null; onClose(): void }) {
  const { t } = useTranslation('queue-integrations');
  const { api, toastError, toastSuccess } = useUiHost();
  const [form, setForm] = useState<IntegrationForm>(EMPTY);
  const [record, setRecord] = useState<IntegrationDetailDto | null>(null);
  const [errors, setErrors] = useState<FormFieldErrors>({});
  const { saving, save } = useSave(setErrors);

  // Read once per record: the page re-renders around the dialog (live frames), which must not reset what is typed.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (recordId === null) return;
    api
      .get<IntegrationDetailDto>(`/queueIntegration/${recordId}`)
      .then((r) => {
        setRecord(r);
        setForm(formOf(r));
      })
      .catch((err) => {
        toastError(err);
        close.current();
      });
  }, [api, recordId, toastError]);

  const set = (field: keyof IntegrationForm) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  };
  const error = (field: keyof IntegrationForm) => translateMessage(errors[field] || undefined, t);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(form);
    const checked = integrationInputSchema.safeParse(body);
    if (!checked.success) {
      setErrors(firstPerField(checked.error.issues));
      return;
    }
    void save(async () => {
      if (recordId === null) await api.post('/queueIntegration', body);
      else await api.put(`/queueIntegration/${recordId}`, body);
      toastSuccess(t(recordId === null ? 'toasts.added' : 'toasts.edited'));
      onClose();
    });
  };

  const props: FieldProps = { form, set, error };
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t(recordId === null ? 'dialog.addTitle' : 'dialog.editTitle')}
      icon="data-connection"
    >
      <form onSubmit={submit} noValidate data-testid="queue-integration-dialog">
        <DialogBody>
          <FormGroup label={t('dialog.type')} labelFor="qi-type">
            <HTMLSelect
              id="qi-type"
              fill
              value={form.type}
              onChange={(e) => set('type')(e.currentTarget.value)}
              options={INTEGRATION_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
              data-testid="qi-type"
            />
          </FormGroup>
          <FormGroup
            label={t('dialog.name')}
            labelFor="qi-name"
            helperText={error('name')}
            intent={error('name') ? 'danger' : 'none'}
          >
            <InputGroup
              id="qi-name"
              value={form.name}
              onValueChange={set('name')}
              intent={error('name') ? 'danger' : 'none'}
              autoFocus
              data-testid="qi-name"
            />
          </FormGroup>
          {form.type === 'dialogflow' && <DialogflowFields {...props} record={record} />}
          {(form.type === 'n8n' || form.type === 'webhook') && <WebhookFields {...props} record={record} />}
          {form.type === 'typebot' && <TypebotFields {...props} />}
        </DialogBody>
        <FormFooter text={t('dialog.save')} busy={saving} onCancel={onClose} testId="qi-save" />
      </form>
    </Dialog>
  );
}
