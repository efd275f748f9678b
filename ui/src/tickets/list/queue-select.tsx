import type { QueueRef } from '@balcao/sdk';
import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

interface Props {
  queues: QueueRef[];
  selected: number[];
  onChange(ids: number[]): void;
}

/** The list's queue filter (spec: a 120 px multi-select); nothing selected means every queue. */
export function QueueSelect({ queues, selected, onChange }: Props) {
  const { t } = useTranslation();
  const toggle = (id: number) =>
    onChange(selected.includes(id) ? selected.filter((q) => q !== id) : [...selected, id]);
  const label =
    selected.length === 0 ? t('tickets.queues.all') : t('tickets.queues.count', { n: selected.length });

  return (
    <PopoverNext
      placement="bottom-start"
      content={
        <Menu className="queue-select__menu" data-testid="queue-select-menu">
          {queues.length === 0 && <MenuItem disabled text={t('tickets.queues.none')} />}
          {queues.map((q) => (
            <MenuItem
              key={q.id}
              roleStructure="listoption"
              selected={selected.includes(q.id)}
              shouldDismissPopover={false}
              text={q.name}
              labelElement={<span className="queue-dot" style={{ background: q.color }} />}
              onClick={() => toggle(q.id)}
            />
          ))}
          {selected.length > 0 && (
            <>
              <MenuDivider />
              <MenuItem icon="cross" text={t('tickets.queues.clear')} onClick={() => onChange([])} />
            </>
          )}
        </Menu>
      }
    >
      <Button
        className="queue-select"
        size="small"
        variant="outlined"
        endIcon="caret-down"
        text={label}
        title={label}
        data-testid="queue-select"
      />
    </PopoverNext>
  );
}
