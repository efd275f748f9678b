import { useUiHost } from '@balcao/sdk/ui';
import { Button, Callout, FormGroup, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DIALOGFLOW_LANGUAGES, type IntegrationDetailDto, type TestSessionDto } from '../shared/integration';
import type { FieldProps, IntegrationForm } from './integration-dialog';

/** One labelled text input of the dialog, its error under it. */
function TextField({
  field,
  label,
  optional,
  form,
  set,
  error,
  type = 'text',
}: FieldProps & { field: keyof IntegrationForm; label: string; optional?: boolean; type?: string }) {
  const { t } = useTranslation('queue-integrations');
  const id = `qi-${field}`;
  const message = error(field);
  return (
    <FormGroup
      label={label}
      labelFor={id}
      labelInfo={optional ? t('dialog.optional') : undefined}
      helperText={message}
      intent={message ? 'danger' : 'none'}
    >
      <InputGroup
        id={id}
        type={type}
        value={form[field]}
        onValueChange={set(field)}
        intent={message ? 'danger' : 'none'}
        data-testid={id}
      />
    </FormGroup>
  );
}

/** Typebot: server URL, the bot's public id, expiry, delay, keywords and messages (spec part 2 §3). */
export function TypebotFields(props: FieldProps) {
  const { t } = useTranslation('queue-integrations');
  return (
    <>
      <TextField {...props} field="urlN8N" label={t('dialog.urlTypebot')} type="url" />
      <TextField {...props} field="typebotSlug" label={t('dialog.typebotSlug')} />
      <div style={{ display: 'flex', gap: 12 }}>
        <TextField {...props} field="typebotExpires" label={t('dialog.typebotExpires')} type="number" />
        <TextField
          {...props}
          field="typebotDelayMessage"
          label={t('dialog.typebotDelayMessage')}
          type="number"
        />
      </div>
      <div style={{ display: 'flex', gap: 12 }}>
        <TextField
          {...props}
          field="typebotKeywordFinish"
          label={t('dialog.typebotKeywordFinish')}
          optional
        />
        <TextField
          {...props}
          field="typebotKeywordRestart"
          label={t('dialog.typebotKeywordRestart')}
          optional
        />
      </div>
      <TextField
        {...props}
        field="typebotUnknownMessage"
        label={t('dialog.typebotUnknownMessage')}
        optional
      />
      <TextField
        {...props}
        field="typebotRestartMessage"
        label={t('dialog.typebotRestartMessage')}
        optional
      />
    </>
  );
}

/** n8n and webhook: the URL each message is posted to, and the key the calls are signed with. */
export function WebhookFields(props: FieldProps & { record: IntegrationDetailDto | null }) {
  const { t } = useTranslation('queue-integrations');
  const secret = props.record?.type === props.form.type ? props.record.signingSecret : null;
  return (
    <>
      <TextField {...props} field="urlN8N" label={t('dialog.urlN8N')} type="url" />
      <FormGroup
        label={t('dialog.signingSecret')}
        labelFor="qi-signingSecret"
        helperText={secret ? t('dialog.signingSecretHelp') : t('dialog.signingSecretLater')}
      >
        {secret && (
          <InputGroup id="qi-signingSecret" readOnly value={secret} data-testid="qi-signingSecret" />
        )}
      </FormGroup>
    </>
  );
}

/** Dialogflow: project, language, the service-account key, and a test session showing what the agent answers. */
export function DialogflowFields(props: FieldProps & { record: IntegrationDetailDto | null }) {
  const { t } = useTranslation('queue-integrations');
  const { api, toastError, toastSuccess } = useUiHost();
  const { form, set, error, record } = props;
  const [testText, setTestText] = useState('Olá');
  const [testing, setTesting] = useState(false);
  const [answer, setAnswer] = useState<TestSessionDto | null>(null);
  const kept = record?.hasCredentials && record.type === 'dialogflow';
  const keyError = error('jsonContent');

  const test = async () => {
    setTesting(true);
    setAnswer(null);
    try {
      const result = await api.post<TestSessionDto>('/queueIntegration/testSession', {
        integrationId: kept ? record?.id : null,
        projectName: form.projectName,
        jsonContent: form.jsonContent || null,
        language: form.language,
        text: testText,
      });
      setAnswer(result);
      toastSuccess(t('toasts.tested'));
    } catch (err) {
      toastError(err);
    } finally {
      setTesting(false);
    }
  };

  return (
    <>
      <TextField {...props} field="projectName" label={t('dialog.projectName')} />
      <FormGroup label={t('dialog.language')} labelFor="qi-language" helperText={error('language')}>
        <HTMLSelect
          id="qi-language"
          fill
          value={form.language}
          onChange={(e) => set('language')(e.currentTarget.value)}
          options={DIALOGFLOW_LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
          data-testid="qi-language"
        />
      </FormGroup>
      <FormGroup
        label={t('dialog.jsonContent')}
        labelFor="qi-jsonContent"
        helperText={keyError ?? (kept ? t('dialog.jsonContentKept') : undefined)}
        intent={keyError ? 'danger' : 'none'}
      >
        <TextArea
          id="qi-jsonContent"
          fill
          rows={5}
          value={form.jsonContent}
          onChange={(e) => set('jsonContent')(e.currentTarget.value)}
          intent={keyError ? 'danger' : 'none'}
          data-testid="qi-jsonContent"
        />
      </FormGroup>
      <FormGroup label={t('dialog.testText')} labelFor="qi-test-text">
        <InputGroup
          id="qi-test-text"
          value={testText}
          onValueChange={setTestText}
          rightElement={
            <Button
              text={t('dialog.test')}
              loading={testing}
              disabled={!form.projectName.trim() || (!form.jsonContent.trim() && !kept)}
              onClick={() => void test()}
              data-testid="qi-test"
            />
          }
        />
      </FormGroup>
      {answer && (
        <Callout intent="success" data-testid="qi-test-answer">
          {answer.answer ? (
            <>
              <p>{t('dialog.testAnswer', { intent: answer.intent ?? '—' })}</p>
              <p style={{ whiteSpace: 'pre-wrap' }}>{answer.answer}</p>
            </>
          ) : (
            t('dialog.testNoAnswer')
          )}
        </Callout>
      )}
    </>
  );
}
