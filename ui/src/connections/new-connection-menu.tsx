import type { Channel } from '@balcao/sdk';
import { Button, Menu, MenuItem, PopoverNext, Tooltip } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { channelKindsAtom } from '../plugins/plugin-store';
import { requireUser, userAtom } from '../session/session-store';
import { ChannelIcon } from '../tickets/shared/channel-icon';
import { channelBlock, NEW_CONNECTION_CHANNELS } from './connection-rules';

/**
 * Spec part 1 "Connections screen": the new-connection menu. A channel is enabled when the plan has it and one of the
 * tenant's plugins contributes it; otherwise it is disabled, with a tooltip saying why.
 */
export function NewConnectionMenu({ onPick }: { onPick(channel: Channel): void }) {
  const { t } = useTranslation();
  const plan = requireUser(useAtomValue(userAtom)).company.plan;
  const available = useAtomValue(channelKindsAtom);
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu className="new-connection-menu" data-testid="new-connection-menu">
          {NEW_CONNECTION_CHANNELS.map((entry) => {
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
                  onClick={() => onPick(entry.channel)}
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
