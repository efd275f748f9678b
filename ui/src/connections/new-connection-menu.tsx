import type { Channel } from '@balcao/sdk';
import { Button, Menu, MenuItem, PopoverNext, Tooltip } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { requireUser, userAtom } from '../session/session-store';
import { ChannelIcon } from '../tickets/shared/channel-icon';
import { channelBlock, NEW_CONNECTION_CHANNELS } from './connection-rules';

/**
 * Spec part 1 "Connections screen": the new-connection menu. Web chat is always there; WhatsApp, Facebook and
 * Instagram are disabled, with a tooltip saying why (the plan lacks them, or their channel is not built yet).
 */
export function NewConnectionMenu({ onPick }: { onPick(channel: Channel): void }) {
  const { t } = useTranslation();
  const plan = requireUser(useAtomValue(userAtom)).company.plan;
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu data-testid="new-connection-menu">
          {NEW_CONNECTION_CHANNELS.map((entry) => {
            const channel = t(`tickets.channels.${entry.channel}`);
            const block = channelBlock(entry, plan);
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
