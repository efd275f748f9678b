import type { TagDto } from '@balcao/sdk';
import { Button, Menu, MenuItem, PopoverNext, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchTags } from '../../contacts/contacts-api';
import { toastError } from '../../notify/toaster';
import { colorChipStyle } from '../../theme/color-chip';
import { syncContactTags } from '../shared/contact-actions-api';

/**
 * The contact's tags, editable in place (`POST /tags/sync` with the whole list); `onChange` hears each list saved
 * (the resolve dialog waits for a tag when requiredTag is on).
 */
export function ContactTags({
  contactId,
  tags,
  onChange,
}: {
  contactId: number;
  tags: TagDto[];
  onChange?(tags: TagDto[]): void;
}) {
  const { t } = useTranslation();
  const [all, setAll] = useState<TagDto[] | null>(null);
  const [selected, setSelected] = useState<TagDto[]>(tags);
  useEffect(() => setSelected(tags), [tags]);

  const toggle = async (tag: TagDto) => {
    const next = selected.some((s) => s.id === tag.id)
      ? selected.filter((s) => s.id !== tag.id)
      : [...selected, tag];
    const before = selected;
    setSelected(next);
    try {
      await syncContactTags(
        contactId,
        next.map((s) => s.id),
      );
      onChange?.(next);
    } catch (err) {
      setSelected(before);
      toastError(err);
    }
  };

  return (
    <div className="contact-drawer__tags">
      {selected.length === 0 && '—'}
      {selected.map((tag) => (
        <Tag key={tag.id} style={colorChipStyle(tag.color)} data-testid="contact-tag">
          {tag.name}
        </Tag>
      ))}
      <PopoverNext
        placement="bottom-start"
        onOpening={() => {
          if (!all) fetchTags().then(setAll, toastError);
        }}
        content={
          <Menu data-testid="contact-tags-menu">
            {all?.length === 0 && <MenuItem disabled text={t('tickets.contact.noTags')} />}
            {all?.map((tag) => (
              <MenuItem
                key={tag.id}
                roleStructure="listoption"
                selected={selected.some((s) => s.id === tag.id)}
                shouldDismissPopover={false}
                text={tag.name}
                labelElement={<span className="queue-dot" style={{ background: tag.color }} />}
                onClick={() => toggle(tag)}
              />
            ))}
          </Menu>
        }
      >
        <Button
          size="small"
          variant="minimal"
          icon="edit"
          aria-label={t('tickets.contact.editTags')}
          data-testid="contact-tags-edit"
        />
      </PopoverNext>
    </div>
  );
}
