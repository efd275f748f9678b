import { Button, H6, Icon, type IconName, PopoverNext } from '@blueprintjs/core';
import { Icons } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { PluginFillView, useSlotFills } from '../plugins/slot';

const iconOf = (name: string | undefined): IconName =>
  name && Icons.isValidIconName(name) ? name : 'application';

/** The `topbar.popovers` slot: one top-bar button per fill, opening a popover with the plugin's content. */
export function PluginPopovers() {
  const { t } = useTranslation();
  const fills = useSlotFills('topbar.popovers');
  return fills.map(({ plugin, key, fill }) => {
    const title = fill.titleKey ? t(fill.titleKey) : plugin;
    return (
      <PopoverNext
        key={key}
        placement="bottom-end"
        content={
          <div className="top-bar-popover" data-testid={`popover-${key}`}>
            <H6 className="top-bar-popover__title">
              <Icon icon={iconOf(fill.icon)} /> {title}
            </H6>
            <PluginFillView plugin={plugin} fill={fill} />
          </div>
        }
      >
        <Button
          variant="minimal"
          icon={iconOf(fill.icon)}
          aria-label={title}
          title={title}
          data-testid={`popover-button-${key}`}
        />
      </PopoverNext>
    );
  });
}
