import { useUiHost } from '@balcao/sdk/ui';
import { Button, FileInput, FormGroup, InputGroup } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEDIAS_FIELD, mediaFormSchema, SEND_PATH, textFormSchema } from '../shared/send';

type Errors = Partial<Record<'token' | 'number' | 'body' | 'file', string>>;

/** Calls the API as an outside system would: the typed token as bearer, never the user's session. */
async function callApi(token: string, body: BodyInit, json: boolean): Promise<string | null> {
  const res = await fetch(SEND_PATH, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token.trim()}`,
      ...(json ? { 'Content-Type': 'application/json' } : {}),
    },
    body,
  });
  if (res.ok) return null;
  const answer = (await res.json().catch(() => ({}))) as { error?: string };
  return answer.error ?? 'ERR_INTERNAL';
}

function Field({
  id,
  label,
  error,
  value,
  onChange,
}: {
  id: string;
  label: string;
  error?: string;
  value: string;
  onChange(v: string): void;
}) {
  return (
    <FormGroup label={label} labelFor={id} helperText={error} intent={error ? 'danger' : 'none'}>
      <InputGroup
        id={id}
        value={value}
        onValueChange={onChange}
        intent={error ? 'danger' : 'none'}
        data-testid={id}
      />
    </FormGroup>
  );
}

/**
 * The page's two test forms (spec part 2 §5): text needs token, number and body; media needs token, number and a
 * file, the body defaulting to the file's name.
 */
export function SendTestForm({ media }: { media: boolean }) {
  const { t } = useTranslation('external-api');
  const { toastError, toastSuccess } = useUiHost();
  const prefix = media ? 'api-media' : 'api-text';
  const [form, setForm] = useState({ token: '', number: '', body: '' });
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = (media ? mediaFormSchema : textFormSchema).safeParse(form);
    const found: Errors = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Errors] = t('required');
    if (media && !file) found.file = t('required');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      let failure: string | null;
      if (media && file) {
        const body = new FormData();
        body.set('number', form.number.trim());
        body.set('body', form.body.trim() || file.name);
        body.append(MEDIAS_FIELD, file, file.name);
        failure = await callApi(form.token, body, false);
      } else {
        failure = await callApi(
          form.token,
          JSON.stringify({ number: form.number.trim(), body: form.body }),
          true,
        );
      }
      if (failure) toastError(failure);
      else {
        toastSuccess(t('sent'));
        setForm((f) => ({ ...f, body: '' }));
        setFile(null);
      }
    } catch (error) {
      toastError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={(e) => void handleSubmit(e)} noValidate data-testid={`${prefix}-form`}>
      <Field
        id={`${prefix}-token`}
        label={t('token')}
        error={errors.token}
        value={form.token}
        onChange={set('token')}
      />
      <Field
        id={`${prefix}-number`}
        label={t('number')}
        error={errors.number}
        value={form.number}
        onChange={set('number')}
      />
      <Field
        id={`${prefix}-body`}
        label={t('message')}
        error={errors.body}
        value={form.body}
        onChange={set('body')}
      />
      {media && (
        <FormGroup
          label={t('file')}
          labelFor={`${prefix}-file`}
          helperText={errors.file}
          intent={errors.file ? 'danger' : 'none'}
        >
          <FileInput
            text={file?.name ?? t('chooseFile')}
            buttonText={t('chooseFile')}
            hasSelection={!!file}
            inputProps={{ id: `${prefix}-file`, 'aria-label': t('file') }}
            onInputChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
            data-testid={`${prefix}-file`}
          />
        </FormGroup>
      )}
      <Button
        type="submit"
        intent="primary"
        icon="send-message"
        text={t('send')}
        loading={sending}
        data-testid={`${prefix}-send`}
      />
    </form>
  );
}
