import type { TagDto } from '@balcao/sdk';
import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

interface Props {
  tags: TagDto[];
  selected: number[];
  onChange(ids: number[]): void;
}

/** The contacts' tag filter (multi-select): contacts with any chosen tag; nothing chosen means every contact. */
export function TagFilter({ tags, selected, onChange }: Props) {
  const { t } = useTranslation();
  const toggle = (id: number) =>
    onChange(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  const label =
    selected.length === 0
      ? t('contacts.tagFilter.all')
      : t('contacts.tagFilter.count', { count: selected.length });
  return (
    <PopoverNext
      placement="bottom-start"
      content={
        <Menu className="tag-filter__menu" data-testid="tag-filter-menu">
          {tags.length === 0 && <MenuItem disabled text={t('contacts.tagFilter.none')} />}
          {tags.map((tag) => (
            <MenuItem
              key={tag.id}
              roleStructure="listoption"
              selected={selected.includes(tag.id)}
              shouldDismissPopover={false}
              text={tag.name}
              labelElement={<span className="queue-dot" style={{ background: tag.color }} />}
              onClick={() => toggle(tag.id)}
            />
          ))}
          {selected.length > 0 && (
            <>
              <MenuDivider />
              <MenuItem icon="cross" text={t('contacts.tagFilter.clear')} onClick={() => onChange([])} />
            </>
          )}
        </Menu>
      }
    >
      <Button
        variant="outlined"
        icon="tag"
        endIcon="caret-down"
        text={label}
        title={label}
        data-testid="tag-filter"
      />
    </PopoverNext>
  );
}
