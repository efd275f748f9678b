import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export interface PickOption {
  id: number;
  name: string;
  color?: string;
}

interface Props {
  options: PickOption[];
  selected: number[];
  onChange(ids: number[]): void;
  /** Button text when nothing is chosen ("every …"). */
  allLabel: string;
  /** Button text with the number chosen. */
  countLabel(n: number): string;
  emptyLabel: string;
  testId: string;
}

/** A compact multi-select in a popover menu; nothing chosen means no restriction. */
export function MultiPick({ options, selected, onChange, allLabel, countLabel, emptyLabel, testId }: Props) {
  const { t } = useTranslation();
  const toggle = (id: number) =>
    onChange(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  const label =
    selected.length === 0
      ? allLabel
      : selected.length === 1
        ? (options.find((o) => o.id === selected[0])?.name ?? countLabel(1))
        : countLabel(selected.length);

  return (
    <PopoverNext
      placement="bottom-start"
      content={
        <Menu className="multi-pick__menu" data-testid={`${testId}-menu`}>
          {options.length === 0 && <MenuItem disabled text={emptyLabel} />}
          {options.map((o) => (
            <MenuItem
              key={o.id}
              roleStructure="listoption"
              selected={selected.includes(o.id)}
              shouldDismissPopover={false}
              text={o.name}
              labelElement={
                o.color ? <span className="queue-dot" style={{ background: o.color }} /> : undefined
              }
              onClick={() => toggle(o.id)}
            />
          ))}
          {selected.length > 0 && (
            <>
              <MenuDivider />
              <MenuItem icon="cross" text={t('tickets.filters.clearOne')} onClick={() => onChange([])} />
            </>
          )}
        </Menu>
      }
    >
      <Button
        className="multi-pick"
        size="small"
        variant="outlined"
        endIcon="caret-down"
        text={label}
        title={label}
        data-testid={testId}
      />
    </PopoverNext>
  );
}
