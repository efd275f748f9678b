import { type FormFieldErrors, FormFooter, useSave, useUiHost } from '@balcao/sdk/ui';
import { Dialog, DialogBody, FormGroup, InputGroup } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ContactListDto, contactListSchema } from '../shared/contact-lists';
import { translateMessage } from './messages';

/** Adds a list (`list` null) or renames one; the name is checked as the server checks it before it is sent. */
export function ListDialog({ list, onClose }: { list: ContactListDto | null; onClose(): void }) {
  const { t } = useTranslation('contact-lists');
  const { api, toastSuccess } = useUiHost();
  const [name, setName] = useState(list?.name ?? '');
  const [errors, setErrors] = useState<FormFieldErrors>({});
  const { saving, save } = useSave(setErrors);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = contactListSchema.safeParse({ name });
    if (!parsed.success) {
      setErrors({ name: parsed.error.issues[0]?.message ?? '' });
      return;
    }
    void save(async () => {
      if (list) await api.put(`/contact-lists/${list.id}`, parsed.data);
      else await api.post('/contact-lists', parsed.data);
      toastSuccess(t('saved'));
      onClose();
    });
  };

  return (
    <Dialog isOpen onClose={onClose} title={t(list ? 'lists.editTitle' : 'lists.addTitle')}>
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <FormGroup
            label={t('lists.name')}
            labelFor="contact-list-name"
            helperText={translateMessage(t, errors.name)}
            intent={errors.name ? 'danger' : 'none'}
          >
            <InputGroup
              id="contact-list-name"
              autoFocus
              value={name}
              onValueChange={(v) => {
                setName(v);
                setErrors({});
              }}
              intent={errors.name ? 'danger' : 'none'}
              data-testid="contact-list-name"
            />
          </FormGroup>
        </DialogBody>
        <FormFooter text={t('save')} busy={saving} onCancel={onClose} testId="contact-list-save" />
      </form>
    </Dialog>
  );
}
