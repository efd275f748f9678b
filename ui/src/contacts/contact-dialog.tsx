import { type ContactDto, contactSchema, type TagDto } from '@balcao/sdk';
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, H6, InputGroup } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';
import { toFieldErrors } from '../forms/field-errors';
import { useZodForm } from '../forms/use-zod-form';
import { toastError, toastSuccess } from '../notify/toaster';
import { channelTraitsAtom, traitsOf } from '../plugins/plugin-store';
import { userAtom } from '../session/session-store';
import { syncContactTags } from '../tickets/shared/contact-actions-api';
import { ContactTagsField } from './contact-tags-field';
import { createContact, updateContact } from './contacts-api';
import { numberHiddenFrom } from './number-visibility';

/** The form of a viewer who sees the number masked: it is shown read-only and never sent (the server keeps it). */
const withoutNumberSchema = contactSchema.omit({ number: true });

/** Spec part 1 §9: the contact form submits 400 ms after the click. */
export const CONTACT_SUBMIT_DELAY_MS = 400;

interface ExtraRow {
  name: string;
  value: string;
}

interface FormValues extends Record<string, unknown> {
  name: string;
  number: string;
  email: string;
  extraInfo: ExtraRow[];
}

const valuesOf = (c: ContactDto | null): FormValues => ({
  name: c?.name ?? '',
  number: c?.number ?? '',
  email: c?.email ?? '',
  extraInfo: c?.extraInfo.map(({ name, value }) => ({ name, value })) ?? [],
});

interface Props {
  /** The contact to edit; null adds a new one. */
  contact: ContactDto | null;
  isOpen: boolean;
  onClose(): void;
  onSaved?(contact: ContactDto): void;
}

/** Contact add/edit (spec part 1 §2 dialogs, §5 validation): name, number, email, tags and extra info fields. */
export function ContactDialog({ contact, isOpen, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      className="contact-dialog"
      icon="person"
      title={contact ? t('contacts.dialog.editTitle') : t('contacts.dialog.addTitle')}
    >
      {/* Remounted per contact so the form starts from its values. */}
      {isOpen && (
        <ContactForm key={contact?.id ?? 'new'} contact={contact} onClose={onClose} onSaved={onSaved} />
      )}
    </Dialog>
  );
}

function ContactForm({ contact, onClose, onSaved }: Omit<Props, 'isOpen'>) {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  // LGPD (spec part 1 §6): a number shown masked is read-only; saving the mask would corrupt it.
  const numberHidden = contact !== null && numberHiddenFrom(user, contact.number);
  // A visitor's "number" is the id their browser keeps: changing it would cut them off their conversation.
  const declared = useAtomValue(channelTraitsAtom);
  const visitor = contact !== null && traitsOf(declared, contact.channel).contactAddress === 'visitor';
  const { form, set, setForm, setErrors, validate, error, intent } = useZodForm(
    numberHidden ? withoutNumberSchema : contactSchema,
    valuesOf(contact),
  );
  const [tags, setTags] = useState<TagDto[]>(contact?.tags ?? []);
  const [saving, setSaving] = useState(false);

  const setExtra = (index: number, patch: Partial<ExtraRow>) =>
    setForm((f) => ({
      ...f,
      extraInfo: f.extraInfo.map((row, i) => (i === index ? { ...row, ...patch } : row)),
    }));
  const addExtra = () => setForm((f) => ({ ...f, extraInfo: [...f.extraInfo, { name: '', value: '' }] }));
  const removeExtra = (index: number) =>
    setForm((f) => ({ ...f, extraInfo: f.extraInfo.filter((_, i) => i !== index) }));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const { number: _shown, ...rest } = form;
    const input = validate(numberHidden ? rest : form);
    if (!input) return;
    setSaving(true);
    await new Promise((resolve) => setTimeout(resolve, CONTACT_SUBMIT_DELAY_MS));
    try {
      const saved = contact
        ? await updateContact(contact.id, input)
        : await createContact({ ...input, number: form.number });
      const tagIds = tags.map((tag) => tag.id);
      const before = (contact?.tags ?? []).map((tag) => tag.id);
      if (tagIds.join() !== before.join()) await syncContactTags(saved.id, tagIds);
      toastSuccess(t('contacts.toasts.saved'));
      onSaved?.({ ...saved, tags });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.fields.length) setErrors(toFieldErrors(err.fields));
      else toastError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="contact-form">
      <DialogBody>
        <FormGroup
          label={t('contacts.fields.name')}
          labelFor="contact-name"
          helperText={error('name')}
          intent={intent('name')}
        >
          <InputGroup
            id="contact-name"
            value={form.name}
            onValueChange={set('name')}
            intent={intent('name')}
            autoFocus
            data-testid="contact-name"
          />
        </FormGroup>
        <FormGroup
          label={t(visitor ? 'contacts.fields.visitorId' : 'contacts.fields.number')}
          labelFor="contact-number"
          helperText={
            error('number') ??
            (numberHidden
              ? t('contacts.dialog.numberHidden')
              : visitor
                ? t('contacts.dialog.visitorIdHint')
                : t('contacts.dialog.numberHint'))
          }
          intent={intent('number')}
        >
          <InputGroup
            id="contact-number"
            value={form.number}
            onValueChange={set('number')}
            intent={intent('number')}
            inputMode={visitor ? 'text' : 'tel'}
            readOnly={numberHidden || visitor}
            leftIcon={numberHidden || visitor ? 'lock' : undefined}
            data-testid="contact-number"
          />
        </FormGroup>
        <FormGroup
          label={t('contacts.fields.email')}
          labelFor="contact-email"
          labelInfo={t('common.optional')}
          helperText={error('email')}
          intent={intent('email')}
        >
          <InputGroup
            id="contact-email"
            type="email"
            value={form.email}
            onValueChange={set('email')}
            intent={intent('email')}
            data-testid="contact-email"
          />
        </FormGroup>
        <ContactTagsField value={tags} onChange={setTags} disabled={saving} />
        <H6 className="contact-dialog__section">{t('contacts.dialog.extraInfo')}</H6>
        {form.extraInfo.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; order is the identity.
          <div className="contact-dialog__extra" key={index} data-testid="contact-extra-row">
            <InputGroup
              placeholder={t('contacts.dialog.extraName')}
              aria-label={t('contacts.dialog.extraName')}
              value={row.name}
              onValueChange={(name) => setExtra(index, { name })}
              intent={error('extraInfo') && !row.name.trim() ? 'danger' : 'none'}
            />
            <InputGroup
              placeholder={t('contacts.dialog.extraValue')}
              aria-label={t('contacts.dialog.extraValue')}
              value={row.value}
              onValueChange={(value) => setExtra(index, { value })}
            />
            <Button
              variant="minimal"
              icon="trash"
              intent="danger"
              aria-label={t('contacts.dialog.removeExtra')}
              onClick={() => removeExtra(index)}
            />
          </div>
        ))}
        {error('extraInfo') && <p className="contact-dialog__error">{error('extraInfo')}</p>}
        <Button icon="add" variant="outlined" text={t('contacts.dialog.addExtra')} onClick={addExtra} />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.cancel')} onClick={onClose} disabled={saving} />
            <Button
              type="submit"
              intent="primary"
              text={t('common.save')}
              loading={saving}
              data-testid="contact-save"
            />
          </>
        }
      />
    </form>
  );
}
