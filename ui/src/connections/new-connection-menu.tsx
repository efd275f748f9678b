import { Button, Menu, MenuItem, PopoverNext, Tooltip } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { channelKindsAtom, loadedPluginsAtom } from '../plugins/plugin-store';
import { requireUser, userAtom } from '../session/session-store';
import { ChannelIcon } from '../tickets/shared/channel-icon';
import { channelBlock, type NewConnectionEntry, newConnectionEntries } from './connection-rules';

/**
 * Spec part 1 "Connections screen": the new-connection menu, from the channels' UI contributions (and the shell's
 * defaults for channels no plugin provides yet). A channel is enabled when the plan has it and one of the tenant's
 * plugins contributes it; otherwise it is disabled, with a tooltip saying why.
 */
export function NewConnectionMenu({ onPick }: { onPick(entry: NewConnectionEntry): void }) {
  const { t } = useTranslation();
  const plan = requireUser(useAtomValue(userAtom)).company.plan;
  const available = useAtomValue(channelKindsAtom);
  const plugins = useAtomValue(loadedPluginsAtom);
  const entries = useMemo(() => newConnectionEntries(plugins), [plugins]);
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu className="new-connection-menu" data-testid="new-connection-menu">
          {entries.map((item) => {
            const { entry } = item;
            const channel = t(`tickets.channels.${entry.channel}`);
            const block = channelBlock(entry, plan, available);
            const reason =
              block === 'plan'
                ? t('connections.new.planLacks', { channel })
                : t('connections.new.unavailable', { channel });
            return (
              <Tooltip key={entry.channel} content={reason} disabled={block === null} placement="left">
                <MenuItem
                  icon={<ChannelIcon channel={entry.channel} size={16} />}
                  text={channel}
                  disabled={block !== null}
                  onClick={() => onPick(item)}
                  data-testid={`new-connection-${entry.channel}`}
                  data-block={block ?? undefined}
                />
              </Tooltip>
            );
          })}
        </Menu>
      }
    >
      <Button
        intent="primary"
        icon="add"
        endIcon="caret-down"
        text={t('connections.new.menu')}
        data-testid="new-connection"
      />
    </PopoverNext>
  );
}
