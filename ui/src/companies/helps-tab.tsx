import { type HelpDto, helpCreateSchema, helpUpdateSchema } from '@balcao/sdk';
import { Button, Dialog, DialogBody, FormGroup, HTMLTable, InputGroup, TextArea } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';
import { ConfirmFooter } from '../forms/confirm-footer';
import { DeleteAlert } from '../forms/delete-alert';
import { toFieldErrors } from '../forms/field-errors';
import { useZodForm } from '../forms/use-zod-form';
import { toastError, toastSuccess } from '../notify/toaster';
import { createHelp, deleteHelp, fetchHelps, submitDelay, updateHelp } from './admin-api';
import { removeAndReload, useAdminList } from './use-admin-list';
import './companies.css';

/** Settings › Helps (super users): the help videos; add, edit, delete. */
export function HelpsTab() {
  const { t } = useTranslation();
  const { rows, reload } = useAdminList(fetchHelps, 'companies.loadError');
  const [editing, setEditing] = useState<HelpDto | 'new' | null>(null);
  const [doomed, setDoomed] = useState<HelpDto | null>(null);

  const handleDelete = () => {
    const help = doomed;
    setDoomed(null);
    if (help)
      void removeAndReload(() => deleteHelp(help.id), reload, {
        success: () => toastSuccess(t('companies.success')),
        failure: (err) => toastError(err, 'companies.deleteError'),
      });
  };

  return (
    <div className="companies" data-testid="helps-tab">
      <div className="admin-tab__tools">
        <Button
          intent="primary"
          icon="add"
          text={t('helps.add')}
          onClick={() => setEditing('new')}
          data-testid="helps-add"
        />
      </div>
      <HTMLTable compact striped className="list-screen__table" data-testid="helps-table">
        <thead>
          <tr>
            <th>{t('helps.titleField')}</th>
            <th>{t('helps.description')}</th>
            <th>{t('helps.video')}</th>
            <th>{t('companies.columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((h) => (
            <tr key={h.id} data-testid={`help-row-${h.id}`}>
              <td>{h.title}</td>
              <td>{h.description}</td>
              <td>{h.video}</td>
              <td className="list-screen__actions">
                <Button
                  variant="minimal"
                  icon="edit"
                  aria-label={t('companies.edit')}
                  onClick={() => setEditing(h)}
                />
                <Button
                  variant="minimal"
                  intent="danger"
                  icon="trash"
                  aria-label={t('companies.delete.action')}
                  onClick={() => setDoomed(h)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {editing && (
        <HelpDialog
          help={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={reload}
        />
      )}
      <DeleteAlert
        ns="companies"
        doomed={doomed && { name: doomed.title }}
        onCancel={() => setDoomed(null)}
        onConfirm={handleDelete}
      />
    </div>
  );
}

/** Add or edit a help video: title, description and the YouTube video (its id or a link to it). */
function HelpDialog({ help, onClose, onSaved }: { help: HelpDto | null; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const { form, set, setErrors, validate, error, intent } = useZodForm(
    help ? helpUpdateSchema : helpCreateSchema,
    {
      title: help?.title ?? '',
      description: help?.description ?? '',
      video: help?.video ?? '',
    },
  );

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = validate();
    if (!input) return;
    setSaving(true);
    try {
      await submitDelay();
      if (help) await updateHelp(help.id, input);
      else await createHelp(input as Parameters<typeof createHelp>[0]);
      toastSuccess(t('companies.success'));
      onSaved();
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.fields.length > 0) setErrors(toFieldErrors(err.fields));
      toastError(null, 'helps.saveError');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog isOpen onClose={onClose} title={t(help ? 'helps.editTitle' : 'helps.addTitle')} icon="video">
      <form onSubmit={(e) => void handleSubmit(e)} noValidate>
        <DialogBody>
          <FormGroup
            label={t('helps.titleField')}
            labelFor="help-title"
            helperText={error('title')}
            intent={intent('title')}
          >
            <InputGroup
              id="help-title"
              value={form.title}
              onValueChange={set('title')}
              intent={intent('title')}
              data-testid="help-title"
            />
          </FormGroup>
          <FormGroup
            label={t('helps.video')}
            labelFor="help-video"
            helperText={error('video') ?? t('helps.videoHelp')}
            intent={intent('video')}
          >
            <InputGroup
              id="help-video"
              value={form.video}
              onValueChange={set('video')}
              intent={intent('video')}
              data-testid="help-video"
            />
          </FormGroup>
          <FormGroup
            label={t('helps.description')}
            labelFor="help-description"
            helperText={error('description')}
            intent={intent('description')}
          >
            <TextArea
              id="help-description"
              fill
              rows={3}
              value={form.description}
              onChange={(e) => set('description')(e.currentTarget.value)}
              data-testid="help-description"
            />
          </FormGroup>
        </DialogBody>
        <ConfirmFooter text={t('common.save')} busy={saving} onCancel={onClose} testId="help-save" />
      </form>
    </Dialog>
  );
}
