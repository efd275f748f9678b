import type { Channel } from '@balcao/sdk';
import { Icon, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

const ICONS: Record<Channel, { icon: IconName; color: string }> = {
  whatsapp: { icon: 'mobile-phone', color: '#25d366' },
  whatsappapi: { icon: 'mobile-phone', color: '#128c7e' },
  facebook: { icon: 'chat', color: '#1877f2' },
  instagram: { icon: 'camera', color: '#e1306c' },
  webchat: { icon: 'globe-network', color: '#2d72d2' },
  echo: { icon: 'refresh', color: '#738091' },
};

/** The channel a ticket came through, with its name as the tooltip. */
export function ChannelIcon({ channel, size = 12 }: { channel: Channel; size?: number }) {
  const { t } = useTranslation();
  const { icon, color } = ICONS[channel] ?? ICONS.webchat;
  // A kind a channel plugin declared, unknown to the shell's texts, reads as its own name.
  const label = t(`tickets.channels.${channel}`, { defaultValue: channel });
  return (
    <Icon icon={icon} size={size} color={color} title={label} aria-label={label} className="channel-icon" />
  );
}
