import type { TagDto } from '@balcao/sdk';
import { type FormFieldErrors, FormFooter, useSave, useUiHost } from '@balcao/sdk/ui';
import { Dialog, DialogBody, FormGroup, InputGroup } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldMessageKey } from './field-messages';

/** Colours offered for a lane, dark enough for white text; any other through the colour picker. */
export const LANE_PALETTE = [
  '#c62828',
  '#ad1457',
  '#6a1b9a',
  '#4527a0',
  '#283593',
  '#1565c0',
  '#0277bd',
  '#00838f',
  '#00695c',
  '#2e7d32',
  '#558b2f',
  '#9e5d00',
  '#bf360c',
  '#4e342e',
  '#37474f',
] as const;

/**
 * Add or edit a kanban tag (spec part 2 §2): a name and a colour, saved through core's tag calls with `kanban: 1`.
 * The server checks the name (required, at least 3 characters; its messages come back translated by the shell).
 */
export function LaneTagDialog({ tag, onClose }: { tag: TagDto | null; onClose(): void }) {
  const { t } = useTranslation('kanban');
  const { api, toastSuccess } = useUiHost();
  const [name, setName] = useState(tag?.name ?? '');
  const [color, setColor] = useState(
    tag?.color ?? LANE_PALETTE[Math.floor(Math.random() * LANE_PALETTE.length)],
  );
  const [errors, setErrors] = useState<FormFieldErrors>({});
  const { saving, save } = useSave(setErrors);
  const message = (field: string) => {
    const key = fieldMessageKey(errors[field]);
    return key && t(key);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save(async () => {
      const body = { name, color, kanban: tag?.kanban || 1 };
      if (tag) await api.put(`/tags/${tag.id}`, body);
      else await api.post('/tags', body);
      toastSuccess(t('tagsPage.saved'));
      onClose();
    });
  };

  return (
    <Dialog isOpen onClose={onClose} title={t(tag ? 'tagsPage.editTitle' : 'tagsPage.addTitle')} icon="tag">
      <form onSubmit={handleSubmit} noValidate>
        <DialogBody>
          <FormGroup
            label={t('tagsPage.name')}
            labelFor="kanban-tag-name"
            helperText={message('name')}
            intent={errors.name ? 'danger' : 'none'}
          >
            <InputGroup
              id="kanban-tag-name"
              value={name}
              onValueChange={setName}
              intent={errors.name ? 'danger' : 'none'}
              autoFocus
              data-testid="kanban-tag-name"
            />
          </FormGroup>
          <FormGroup label={t('tagsPage.color')} labelFor="kanban-tag-color" helperText={message('color')}>
            <div className="kanban-palette">
              {LANE_PALETTE.map((c) => (
                <button
                  key={c}
                  type="button"
                  aria-pressed={color.toLowerCase() === c}
                  aria-label={c}
                  title={c}
                  className="kanban-palette__swatch"
                  style={{ background: c }}
                  onClick={() => setColor(c)}
                />
              ))}
              <input
                id="kanban-tag-color"
                type="color"
                aria-label={t('tagsPage.customColor')}
                title={t('tagsPage.customColor')}
                value={/^#[0-9a-f]{6}$/i.test(color) ? color : '#000000'}
                onChange={(e) => setColor(e.currentTarget.value)}
              />
            </div>
          </FormGroup>
        </DialogBody>
        <FormFooter text={t('tagsPage.save')} busy={saving} onCancel={onClose} testId="kanban-tag-save" />
      </form>
    </Dialog>
  );
}
