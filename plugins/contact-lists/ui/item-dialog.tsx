import { type FormFieldErrors, FormFooter, useSave, useUiHost } from '@balcao/sdk/ui';
import { Dialog, DialogBody, FormGroup, InputGroup } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ContactListItemDto, itemFieldsSchema } from '../shared/contact-lists';
import { translateMessage } from './messages';

const FIELDS = ['name', 'number', 'email'] as const;
type Field = (typeof FIELDS)[number];

/** Adds a number to the list (`item` null) or edits one; fields checked as the server checks them. */
export function ItemDialog({
  contactListId,
  item,
  onClose,
}: {
  contactListId: number;
  item: ContactListItemDto | null;
  onClose(): void;
}) {
  const { t } = useTranslation('contact-lists');
  const { api, toastSuccess } = useUiHost();
  const [values, setValues] = useState<Record<Field, string>>({
    name: item?.name ?? '',
    number: item?.number ?? '',
    email: item?.email ?? '',
  });
  const [errors, setErrors] = useState<FormFieldErrors>({});
  const { saving, save } = useSave(setErrors);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = itemFieldsSchema.safeParse(values);
    if (!parsed.success) {
      const found: FormFieldErrors = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    void save(async () => {
      if (item) await api.put(`/contact-list-items/${item.id}`, parsed.data);
      else await api.post('/contact-list-items', { ...parsed.data, contactListId });
      toastSuccess(t('saved'));
      onClose();
    });
  };

  return (
    <Dialog isOpen onClose={onClose} title={t(item ? 'items.editTitle' : 'items.addTitle')}>
      <form onSubmit={submit} noValidate>
        <DialogBody>
          {FIELDS.map((field, i) => (
            <FormGroup
              key={field}
              label={t(`items.${field}`)}
              labelFor={`contact-list-item-${field}`}
              helperText={translateMessage(t, errors[field])}
              intent={errors[field] ? 'danger' : 'none'}
            >
              <InputGroup
                id={`contact-list-item-${field}`}
                autoFocus={i === 0}
                type={field === 'email' ? 'email' : field === 'number' ? 'tel' : 'text'}
                value={values[field]}
                onValueChange={(v) => {
                  setValues((shown) => ({ ...shown, [field]: v }));
                  setErrors(({ [field]: _gone, ...rest }) => rest);
                }}
                intent={errors[field] ? 'danger' : 'none'}
                data-testid={`contact-list-item-${field}`}
              />
            </FormGroup>
          ))}
        </DialogBody>
        <FormFooter text={t('save')} busy={saving} onCancel={onClose} testId="contact-list-item-save" />
      </form>
    </Dialog>
  );
}
