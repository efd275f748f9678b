import { type FormFieldErrors, useCompanyChannel, useSave, useUiHost } from '@balcao/sdk/ui';
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FileInput,
  HTMLTable,
  ProgressBar,
} from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ITEM_TOPIC, type UploadProgressFrame, type UploadSummaryDto } from '../shared/contact-lists';
import { translateMessage } from './messages';

const ACCEPT =
  '.xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel';

/**
 * Imports a spreadsheet into the list: the server reads it and reports its progress on the company channel (the bar),
 * then answers what went in and every refused row with its reason.
 */
export function UploadDialog({ contactListId, onClose }: { contactListId: number; onClose(): void }) {
  const { t } = useTranslation('contact-lists');
  const { api } = useUiHost();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [summary, setSummary] = useState<UploadSummaryDto | null>(null);
  // The server's refusal of the file itself (not a spreadsheet, unreadable, too large) comes as a field error on `file`:
  // without showing it, the user would read only the toast's generic "some fields are invalid".
  const [errors, setErrors] = useState<FormFieldErrors>({});
  const { save } = useSave(setErrors);

  useCompanyChannel(ITEM_TOPIC, (data) => {
    const frame = data as Partial<UploadProgressFrame>;
    if (busy && frame.action === 'progress' && frame.contactListId === contactListId && frame.total)
      setProgress((frame.done ?? 0) / frame.total);
  });

  const send = async () => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file);
    setBusy(true);
    setProgress(null);
    setSummary(null);
    setErrors({});
    await save(async () => {
      setSummary(await api.post<UploadSummaryDto>(`/contact-lists/${contactListId}/upload`, form));
      setProgress(1);
    });
    setBusy(false);
  };

  return (
    <Dialog isOpen onClose={onClose} title={t('upload.title')} style={{ width: 640, maxWidth: '95vw' }}>
      <DialogBody>
        <p className="bp6-text-muted">{t('upload.hint')}</p>
        <FileInput
          fill
          text={file?.name ?? t('upload.choose')}
          buttonText={t('upload.browse')}
          inputProps={{ accept: ACCEPT, 'aria-label': t('upload.choose') } as never}
          onInputChange={(e) => {
            setFile((e.target as HTMLInputElement).files?.[0] ?? null);
            setErrors({});
          }}
          data-testid="contact-list-upload-file"
        />
        {errors.file && <FileRefusal message={errors.file} />}
        {(busy || summary) && (
          <div style={{ marginTop: 12 }} data-testid="contact-list-upload-progress">
            <ProgressBar
              value={progress ?? undefined}
              intent={summary ? 'success' : 'primary'}
              stripes={busy}
            />
          </div>
        )}
        {summary && <UploadResults summary={summary} />}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('upload.close')} onClick={onClose} data-testid="contact-list-upload-close" />
            <Button
              intent="primary"
              text={t('upload.send')}
              loading={busy}
              disabled={!file}
              onClick={() => void send()}
              data-testid="contact-list-upload-send"
            />
          </>
        }
      />
    </Dialog>
  );
}

/** Why the server refused the file itself, in the user's language. */
export function FileRefusal({ message }: { message: string }) {
  const { t } = useTranslation('contact-lists');
  return (
    <Callout intent="danger" compact style={{ marginTop: 8 }} data-testid="contact-list-upload-file-error">
      {translateMessage(t, message)}
    </Callout>
  );
}

function UploadResults({ summary }: { summary: UploadSummaryDto }) {
  const { t } = useTranslation('contact-lists');
  return (
    <div style={{ marginTop: 12 }} data-testid="contact-list-upload-results">
      <Callout intent={summary.refused ? 'warning' : 'success'} compact>
        {t('upload.summary', { imported: summary.imported, refused: summary.refused })}
      </Callout>
      {summary.errors.length > 0 && (
        <div style={{ maxHeight: 260, overflow: 'auto', marginTop: 8 }}>
          <HTMLTable compact striped style={{ width: '100%' }}>
            <thead>
              <tr>
                <th>{t('upload.row')}</th>
                <th>{t('items.name')}</th>
                <th>{t('items.number')}</th>
                <th>{t('upload.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {summary.errors.map((e) => (
                <tr key={`${e.row}-${e.field}`} data-testid="contact-list-upload-refused">
                  <td>{e.row}</td>
                  <td>{e.values.name}</td>
                  <td>{e.values.number}</td>
                  <td>
                    {t(`items.${e.field}`)}: {translateMessage(t, e.message)}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      {summary.omittedErrors ? (
        <p className="bp6-text-muted">{t('upload.omitted', { count: summary.omittedErrors })}</p>
      ) : null}
    </div>
  );
}
