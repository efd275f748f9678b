import {
  ANNOUNCEMENT_DEFAULT_PRIORITY,
  ANNOUNCEMENT_IMAGE_ACCEPT,
  ANNOUNCEMENT_PRIORITIES,
  type AnnouncementDto,
  announcementSchema,
} from '@balcao/sdk';
import {
  Button,
  Dialog,
  DialogBody,
  FileInput,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Switch,
  TextArea,
} from '@blueprintjs/core';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmFooter } from '../forms/confirm-footer';
import { useSave } from '../forms/use-save';
import { useZodForm } from '../forms/use-zod-form';
import { toastSuccess } from '../notify/toaster';
import {
  createAnnouncement,
  removeAnnouncementImage,
  updateAnnouncement,
  uploadAnnouncementImage,
} from './announcements-api';

/** Spec part 2 §5: the image picker takes png, jpg and jpeg (the server checks the content too). */
export const isAcceptedImage = (file: File): boolean =>
  /\.(png|jpe?g)$/i.test(file.name) && ['image/png', 'image/jpeg', ''].includes(file.type);

/** What happens to the image on save: kept, replaced by a picked file, or removed. */
type ImageChange = { kind: 'keep' } | { kind: 'replace'; file: File } | { kind: 'remove' };

/** Add or edit an announcement (spec part 2 §2): title, text, priority, status and an optional image. */
export function AnnouncementDialog({ record, onClose }: { record: AnnouncementDto | null; onClose(): void }) {
  const { t } = useTranslation();
  const { form, set, setErrors, validate, error, intent } = useZodForm(announcementSchema, {
    title: record?.title ?? '',
    text: record?.text ?? '',
    priority: record?.priority ?? ANNOUNCEMENT_DEFAULT_PRIORITY,
    status: record?.status ?? true,
  });
  const { saving, save } = useSave(setErrors);
  const [image, setImage] = useState<ImageChange>({ kind: 'keep' });
  const [imageError, setImageError] = useState<string | undefined>();
  const imageName =
    image.kind === 'replace' ? image.file.name : image.kind === 'keep' ? record?.mediaName : null;

  const handlePick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    if (!isAcceptedImage(file)) {
      setImageError(t('errors.ERR_ANNOUNCEMENT_IMAGE_TYPE'));
      return;
    }
    setImageError(undefined);
    setImage({ kind: 'replace', file });
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = validate();
    if (!input) return;
    await save(async () => {
      const saved = record ? await updateAnnouncement(record.id, input) : await createAnnouncement(input);
      if (image.kind === 'replace') await uploadAnnouncementImage(saved.id, image.file);
      if (image.kind === 'remove' && record?.mediaPath) await removeAnnouncementImage(saved.id);
      toastSuccess(t('announcementsPage.saved'));
      onClose();
    });
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t(record ? 'announcementsPage.editTitle' : 'announcementsPage.addTitle')}
      icon="info-sign"
      className="announcement-dialog"
    >
      <form onSubmit={(e) => void handleSubmit(e)} noValidate>
        <DialogBody>
          <FormGroup
            label={t('announcementsPage.titleField')}
            labelFor="announcement-title"
            helperText={error('title')}
            intent={intent('title')}
          >
            <InputGroup
              id="announcement-title"
              value={form.title}
              onValueChange={set('title')}
              intent={intent('title')}
              autoFocus
              data-testid="announcement-title"
            />
          </FormGroup>
          <FormGroup
            label={t('announcementsPage.text')}
            labelFor="announcement-text"
            helperText={error('text')}
            intent={intent('text')}
          >
            <TextArea
              id="announcement-text"
              fill
              rows={5}
              value={form.text}
              onChange={(e) => set('text')(e.currentTarget.value)}
              intent={intent('text')}
              data-testid="announcement-text"
            />
          </FormGroup>
          <div className="announcement-dialog__row">
            <FormGroup label={t('announcementsPage.priority')} labelFor="announcement-priority">
              <HTMLSelect
                id="announcement-priority"
                fill
                value={form.priority}
                onChange={(e) => set('priority')(Number(e.currentTarget.value) as typeof form.priority)}
                options={ANNOUNCEMENT_PRIORITIES.map((p) => ({
                  value: p,
                  label: t(`announcementsPage.priorities.${p}`),
                }))}
                data-testid="announcement-priority"
              />
            </FormGroup>
            <FormGroup label={t('announcementsPage.status')}>
              <Switch
                checked={form.status}
                label={t(form.status ? 'announcementsPage.active' : 'announcementsPage.inactive')}
                onChange={(e) => set('status')(e.currentTarget.checked)}
                data-testid="announcement-status"
              />
            </FormGroup>
          </div>
          <FormGroup
            label={t('announcementsPage.image')}
            labelInfo={t('common.optional')}
            helperText={imageError ?? t('announcementsPage.imageHelp')}
            intent={imageError ? 'danger' : 'none'}
          >
            <div className="announcement-dialog__image">
              <FileInput
                fill
                text={imageName ?? t('announcementsPage.chooseImage')}
                buttonText={t('announcementsPage.browse')}
                hasSelection={Boolean(imageName)}
                inputProps={{ accept: ANNOUNCEMENT_IMAGE_ACCEPT, 'aria-label': t('announcementsPage.image') }}
                onInputChange={handlePick}
                data-testid="announcement-image-input"
              />
              {imageName && (
                <Button
                  variant="minimal"
                  intent="danger"
                  icon="cross"
                  aria-label={t('announcementsPage.removeImage')}
                  title={t('announcementsPage.removeImage')}
                  onClick={() => setImage({ kind: 'remove' })}
                  data-testid="announcement-image-remove"
                />
              )}
            </div>
          </FormGroup>
        </DialogBody>
        <ConfirmFooter text={t('common.save')} busy={saving} onCancel={onClose} testId="announcement-save" />
      </form>
    </Dialog>
  );
}
