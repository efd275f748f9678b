import type { TagDto } from '@balcao/sdk';
import { Button, FormGroup, InputGroup, Menu, MenuItem, Tag } from '@blueprintjs/core';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../notify/toaster';
import { colorChipStyle } from '../theme/color-chip';
import { createTag, fetchTags } from './contacts-api';

/** Spec part 1 §5: a tag made in the contact modal needs at least 3 characters ('Tag muito curta!'). */
export const MIN_TAG_NAME = 3;

/** A random colour for a new tag (spec part 1 §5: "default colour random"), as #rrggbb. */
export const randomTagColor = (): string =>
  `#${Math.floor(Math.random() * 0x1000000)
    .toString(16)
    .padStart(6, '0')}`;

interface Props {
  value: TagDto[];
  onChange(tags: TagDto[]): void;
  disabled?: boolean;
}

/**
 * The contact modal's tags: the chosen ones (removable), the company's other tags matching what is typed, and a
 * new tag made from the typed name (Enter or the create item). Saved with the contact through `POST /tags/sync`.
 */
export function ContactTagsField({ value, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const [all, setAll] = useState<TagDto[]>([]);
  const [text, setText] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    fetchTags().then(setAll, toastError);
  }, []);

  const name = text.trim();
  const chosen = new Set(value.map((tag) => tag.id));
  const matches = all.filter(
    (tag) => !chosen.has(tag.id) && tag.name.toLowerCase().includes(name.toLowerCase()),
  );
  const exact = all.find((tag) => tag.name.toLowerCase() === name.toLowerCase());

  const add = (tag: TagDto) => {
    if (!chosen.has(tag.id)) onChange([...value, tag]);
    setText('');
    setTooShort(false);
  };

  const create = async () => {
    if (exact) return add(exact);
    if (name.length < MIN_TAG_NAME) return setTooShort(true);
    setCreating(true);
    try {
      const tag = await createTag({ name, color: randomTagColor() });
      setAll((list) => [...list, tag]);
      add(tag);
    } catch (err) {
      toastError(err);
    } finally {
      setCreating(false);
    }
  };

  const handleKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    // Enter makes the tag; it must not submit the contact form.
    e.preventDefault();
    if (name) void create();
  };

  return (
    <FormGroup
      label={t('contacts.dialog.tags')}
      labelFor="contact-tag-input"
      helperText={tooShort ? t('contacts.dialog.tagTooShort') : undefined}
      intent={tooShort ? 'danger' : 'none'}
      className="contact-tags-field"
    >
      <div className="contact-tags-field__chosen" data-testid="contact-dialog-tags">
        {value.map((tag) => (
          <Tag
            key={tag.id}
            style={colorChipStyle(tag.color)}
            onRemove={disabled ? undefined : () => onChange(value.filter((v) => v.id !== tag.id))}
            data-testid="contact-dialog-tag"
          >
            {tag.name}
          </Tag>
        ))}
      </div>
      <InputGroup
        id="contact-tag-input"
        leftIcon="tag"
        placeholder={t('contacts.dialog.tagsPlaceholder')}
        value={text}
        disabled={disabled || creating}
        intent={tooShort ? 'danger' : 'none'}
        onValueChange={(next) => {
          setText(next);
          setTooShort(false);
        }}
        onKeyDown={handleKeyDown}
        rightElement={
          name ? (
            <Button
              variant="minimal"
              icon="add"
              loading={creating}
              aria-label={t('contacts.dialog.createTag', { name })}
              onClick={() => void create()}
              data-testid="contact-tag-create"
            />
          ) : undefined
        }
        data-testid="contact-tag-input"
      />
      {(matches.length > 0 || (name && !exact)) && (
        <Menu className="contact-tags-field__menu" data-testid="contact-tag-options">
          {matches.slice(0, 8).map((tag) => (
            <MenuItem
              key={tag.id}
              text={tag.name}
              labelElement={<span className="queue-dot" style={{ background: tag.color }} />}
              onClick={() => add(tag)}
            />
          ))}
          {name && !exact && (
            <MenuItem
              icon="add"
              text={t('contacts.dialog.createTag', { name })}
              onClick={() => void create()}
            />
          )}
        </Menu>
      )}
      {all.length === 0 && !name && (
        <div className="contact-tags-field__empty">{t('contacts.dialog.noTags')}</div>
      )}
    </FormGroup>
  );
}
