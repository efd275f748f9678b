import { H6, NonIdealState } from '@blueprintjs/core';

/** The body of a top-bar popover that has nothing to list yet. */
export function EmptyPopover({ title, text }: { title: string; text: string }) {
  return (
    <div className="top-bar-popover">
      <H6 className="top-bar-popover__title">{title}</H6>
      <NonIdealState icon="inbox" iconSize={32} description={text} className="top-bar-popover__empty" />
    </div>
  );
}
