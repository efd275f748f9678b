import { type FormFieldErrors, FormFooter, useSave, useUiHost } from '@balcao/sdk/ui';
import {
  Button,
  Dialog,
  DialogBody,
  FileInput,
  FormGroup,
  InputGroup,
  ProgressBar,
  TextArea,
} from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILE_LIST_MAX_OPTIONS, type FileListDto, fileListInputSchema } from '../shared/file-list';

interface Row {
  key: number;
  id?: number;
  name: string;
  /** The stored file's URL, when uploaded. */
  path: string;
  file: File | null;
  /** Share uploaded (0–1) while saving. */
  progress: number | null;
}

let nextKey = 1;
const rowsOf = (list: FileListDto | null): Row[] =>
  (list?.options ?? []).map((o) => ({
    key: nextKey++,
    id: o.id,
    name: o.name,
    path: o.path,
    file: null,
    progress: null,
  }));

/**
 * Add or edit a file list (spec part 2 "File lists"): a name, a message and repeatable attachments, each with a name,
 * a file picker and a remove button. Saving stores the list, then uploads each picked file with its progress.
 */
export function FileListDialog({
  list,
  onClose,
  onSaved,
}: {
  list: FileListDto | null;
  onClose(): void;
  onSaved(list: FileListDto): void;
}) {
  const { t } = useTranslation('file-lists');
  const { api, toastSuccess } = useUiHost();
  const [name, setName] = useState(list?.name ?? '');
  const [message, setMessage] = useState(list?.message ?? '');
  const [rows, setRows] = useState<Row[]>(() => rowsOf(list));
  const [errors, setErrors] = useState<FormFieldErrors>({});
  const { saving, save } = useSave(setErrors);
  const patch = (key: number, change: Partial<Row>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const shown = (field: string) => {
    const m = errors[field];
    if (!m) return undefined;
    if (field === 'name' && m === 'Too Short!') return t('nameTooShort');
    if (m === 'Required') return t('required');
    return t(`validation.${m}`, { defaultValue: m });
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name,
      message,
      options: rows.map((r) => ({ ...(r.id ? { id: r.id } : {}), name: r.name })),
    };
    const parsed = fileListInputSchema.safeParse(body);
    if (!parsed.success) {
      const found: FormFieldErrors = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      return;
    }
    await save(async () => {
      let saved = list
        ? await api.put<FileListDto>(`/files/${list.id}`, body)
        : await api.post<FileListDto>('/files', body);
      // The answer lists the attachments in the dialog's order: each picked file goes to its option.
      for (const [i, row] of rows.entries()) {
        const option = saved.options[i];
        if (!row.file || !option) continue;
        patch(row.key, { progress: 0 });
        saved = await api.upload<FileListDto>(`/files/${saved.id}/options/${option.id}/file`, row.file, {
          query: { fileName: row.file.name, mimeType: row.file.type || 'application/octet-stream' },
          onProgress: (share) => patch(row.key, { progress: share }),
        });
      }
      toastSuccess(t('saved'));
      onSaved(saved);
    });
  };

  return (
    <Dialog isOpen onClose={onClose} title={t(list ? 'editTitle' : 'addTitle')} icon="folder-open">
      <form onSubmit={(e) => void handleSubmit(e)} noValidate>
        <DialogBody>
          <FormGroup
            label={t('fields.name')}
            labelFor="file-list-name"
            helperText={shown('name')}
            intent={errors.name ? 'danger' : 'none'}
          >
            <InputGroup
              id="file-list-name"
              value={name}
              onValueChange={setName}
              autoFocus
              data-testid="file-list-name"
            />
          </FormGroup>
          <FormGroup
            label={t('fields.message')}
            labelFor="file-list-message"
            helperText={shown('message')}
            intent={errors.message ? 'danger' : 'none'}
          >
            <TextArea
              id="file-list-message"
              value={message}
              onChange={(e) => setMessage(e.currentTarget.value)}
              rows={3}
              fill
              data-testid="file-list-message"
            />
          </FormGroup>
          <FormGroup label={t('fields.attachments')} helperText={shown('options')}>
            {rows.map((row, i) => (
              <div
                key={row.key}
                className="file-lists-dialog__attachment"
                data-testid={`file-list-attachment-${i}`}
              >
                <InputGroup
                  aria-label={t('fields.attachmentName')}
                  placeholder={t('fields.attachmentName')}
                  value={row.name}
                  intent={errors[`options.${i}.name`] ? 'danger' : 'none'}
                  onValueChange={(v) => patch(row.key, { name: v })}
                  data-testid={`file-list-attachment-name-${i}`}
                />
                <FileInput
                  text={row.file?.name ?? (row.path ? t('fields.fileStored') : t('fields.chooseFile'))}
                  hasSelection={Boolean(row.file || row.path)}
                  inputProps={{ 'aria-label': t('fields.chooseFile'), id: `file-list-file-${i}` }}
                  onInputChange={(e) => patch(row.key, { file: e.currentTarget.files?.[0] ?? null })}
                />
                <Button
                  minimal
                  icon="trash"
                  intent="danger"
                  aria-label={t('fields.removeAttachment')}
                  title={t('fields.removeAttachment')}
                  onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
                  data-testid={`file-list-attachment-remove-${i}`}
                />
                {row.progress !== null && (
                  <ProgressBar value={row.progress} intent="primary" aria-label={t('fields.uploading')} />
                )}
              </div>
            ))}
            <Button
              icon="add"
              text={t('fields.addAttachment')}
              disabled={rows.length >= FILE_LIST_MAX_OPTIONS}
              onClick={() =>
                setRows((all) => [...all, { key: nextKey++, name: '', path: '', file: null, progress: null }])
              }
              data-testid="file-list-attachment-add"
            />
          </FormGroup>
        </DialogBody>
        <FormFooter text={t('save')} busy={saving} onCancel={onClose} testId="file-list-save" />
      </form>
    </Dialog>
  );
}
