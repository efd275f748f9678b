import { type MessageDto, QUICK_REACTIONS } from '@balcao/sdk';
import { Button, Classes, MenuDivider, MenuItem } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** Messages a contact could see a reaction on: not notes, not deleted, not reactions or call logs themselves. */
export const reactable = (m: Pick<MessageDto, 'isPrivate' | 'isDeleted' | 'mediaType'>): boolean =>
  !m.isPrivate && !m.isDeleted && m.mediaType !== 'reactionMessage' && m.mediaType !== 'call_log';

/**
 * The message menu's reactions: a row of WhatsApp's quick emoji (a click reacts and closes the menu) and "remove my
 * reaction". Shown only where the conversation's channel carries reactions (ChannelTraits.reactions).
 */
export function ReactionPicker({
  message,
  onReact,
}: {
  message: MessageDto;
  onReact(message: MessageDto, emoji: string): void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <MenuDivider title={t('tickets.messages.react')} />
      <li className="reaction-picker" role="none" data-testid="message-react">
        {QUICK_REACTIONS.map((emoji) => (
          <Button
            key={emoji}
            variant="minimal"
            className={`reaction-picker__emoji ${Classes.POPOVER_DISMISS}`}
            aria-label={`${t('tickets.messages.react')} ${emoji}`}
            onClick={() => onReact(message, emoji)}
            data-testid="message-react-option"
            data-emoji={emoji}
          >
            {emoji}
          </Button>
        ))}
      </li>
      <MenuItem
        icon="cross"
        text={t('tickets.messages.removeReaction')}
        onClick={() => onReact(message, '')}
        data-testid="message-react-remove"
      />
      <MenuDivider />
    </>
  );
}
