import { type TagDto, tagSchema } from '@balcao/sdk';
import { Dialog, DialogBody, FormGroup, InputGroup } from '@blueprintjs/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmFooter } from '../forms/confirm-footer';
import { useSave } from '../forms/use-save';
import { useZodForm } from '../forms/use-zod-form';
import { toastSuccess } from '../notify/toaster';
import { QUEUE_PALETTE } from '../queues/queues-api';
import { createTag, updateTag } from './tags-api';

/** A new tag's first colour: one of the palette's, at random (the server picks one too when none is sent). */
const randomPaletteColor = () => QUEUE_PALETTE[Math.floor(Math.random() * QUEUE_PALETTE.length)];

/** Add or edit a tag (spec part 2 §2): its name (required, at least 3 characters) and a colour picker. */
export function TagDialog({ tag, onClose }: { tag: TagDto | null; onClose(): void }) {
  const { t } = useTranslation();
  const { form, set, setErrors, validate, error, intent } = useZodForm(tagSchema, {
    name: tag?.name ?? '',
    color: tag?.color ?? randomPaletteColor(),
    kanban: 0,
  });
  const { saving, save } = useSave(setErrors);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = validate();
    if (!input) return;
    await save(async () => {
      if (tag) await updateTag(tag.id, { ...input, kanban: tag.kanban });
      else await createTag(input);
      toastSuccess(t('tagsPage.saved'));
      onClose();
    });
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t(tag ? 'tagsPage.editTitle' : 'tagsPage.addTitle')}
      icon="tag"
      className="tag-dialog"
    >
      <form onSubmit={(e) => void handleSubmit(e)} noValidate>
        <DialogBody>
          <FormGroup
            label={t('tagsPage.name')}
            labelFor="tag-name"
            helperText={error('name')}
            intent={intent('name')}
          >
            <InputGroup
              id="tag-name"
              value={form.name}
              onValueChange={set('name')}
              intent={intent('name')}
              autoFocus
              data-testid="tag-name"
            />
          </FormGroup>
          <FormGroup label={t('tagsPage.color')} labelFor="tag-color" helperText={error('color')}>
            <div className="tag-dialog__palette">
              {QUEUE_PALETTE.map((c) => (
                <button
                  key={c}
                  type="button"
                  aria-pressed={form.color?.toLowerCase() === c}
                  aria-label={c}
                  title={c}
                  className="tag-dialog__swatch"
                  style={{ background: c }}
                  onClick={() => set('color')(c)}
                  data-testid={`tag-color-${c.slice(1)}`}
                />
              ))}
            </div>
            <div className="tag-dialog__custom">
              <input
                id="tag-color"
                type="color"
                aria-label={t('tagsPage.customColor')}
                title={t('tagsPage.customColor')}
                value={/^#[0-9a-f]{6}$/i.test(form.color ?? '') ? form.color : '#000000'}
                onChange={(e) => set('color')(e.currentTarget.value)}
                data-testid="tag-color"
              />
              <code>{form.color}</code>
            </div>
          </FormGroup>
        </DialogBody>
        <ConfirmFooter text={t('common.save')} busy={saving} onCancel={onClose} testId="tag-save" />
      </form>
    </Dialog>
  );
}
