import type { TicketDto } from '@balcao/sdk';
import { Button, Icon, Tag } from '@blueprintjs/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useChannelTraits } from '../../plugins/use-channel-traits';
import { colorChipStyle } from '../../theme/color-chip';
import { ChannelIcon } from '../shared/channel-icon';
import { ContactAvatar } from '../shared/contact-avatar';
import { CONTACT_NAME_MAX, formatTicketTime, truncate } from '../shared/format';
import { LastMessagePreview } from '../shared/last-message-preview';
import { PresenceLabel } from '../shared/presence-label';
import { rowRating } from '../shared/rating';

/** Every row has this height; the virtual list relies on it. */
export const TICKET_ROW_HEIGHT = 92;

interface Props {
  ticket: TicketDto;
  selected: boolean;
  /** Admins see who is attending each ticket. */
  showUser: boolean;
  onOpen(ticket: TicketDto): void;
  onAccept(ticket: TicketDto): void;
  onIgnore(ticket: TicketDto): void;
}

const tagStyle = (color: string | undefined) => (color ? colorChipStyle(color) : undefined);

/** One ticket of a list (spec part 1 §2 "Ticket row"). Pending rows do not open; they offer Accept and Close. */
export const TicketRow = memo(function TicketRow({
  ticket,
  selected,
  showUser,
  onOpen,
  onAccept,
  onIgnore,
}: Props) {
  const { t } = useTranslation();
  const pending = ticket.status === 'pending';
  const [firstTag, ...otherTags] = ticket.contact.tags;
  // Channels that let replies through only for a while after the customer wrote (Meta: 24 hours) say so.
  const replyWindowHours = useChannelTraits(ticket.channel).replyWindowHours;
  const rating = rowRating(ticket);
  const className = [
    'ticket-row',
    pending ? 'ticket-row--pending' : 'ticket-row--clickable',
    selected ? 'ticket-row--selected' : '',
  ].join(' ');
  const open = () => {
    if (!pending) onOpen(ticket);
  };

  return (
    <div
      className={className}
      style={{ height: TICKET_ROW_HEIGHT }}
      data-testid={`ticket-row-${ticket.id}`}
      data-status={ticket.status}
      role={pending ? undefined : 'button'}
      tabIndex={pending ? undefined : 0}
      onClick={open}
      onKeyDown={(e) => e.key === 'Enter' && open()}
      title={pending ? t('tickets.row.pendingHint') : undefined}
    >
      <span
        className="ticket-row__bar"
        style={{ background: ticket.queue?.color ?? 'transparent' }}
        aria-hidden
      />
      <ContactAvatar name={ticket.contact.name} url={ticket.contact.urlPicture} />
      <div className="ticket-row__body">
        <div className="ticket-row__line">
          <span className="ticket-row__name" data-testid="ticket-row-name">
            {truncate(ticket.contact.name, CONTACT_NAME_MAX)}
          </span>
          <ChannelIcon channel={ticket.channel} />
          {ticket.isGroup && (
            <Icon
              icon="people"
              size={12}
              title={t('tickets.row.group')}
              className="ticket-row__muted"
              data-testid="ticket-row-group"
            />
          )}
          {rating && (
            <span
              className="ticket-row__rating"
              role="img"
              aria-label={t(`tickets.rating.${rating.mood}`)}
              title={t(`tickets.rating.${rating.mood}`)}
              data-testid="ticket-row-rating"
            >
              {rating.emoji}
            </span>
          )}
          <span className="ticket-row__time">{formatTicketTime(ticket.updatedAt)}</span>
        </div>
        <div className="ticket-row__line">
          <span className="ticket-row__last" data-testid="ticket-row-last">
            <PresenceLabel ticketId={ticket.id}>
              <LastMessagePreview text={ticket.lastMessage} />
            </PresenceLabel>
          </span>
          {ticket.unreadMessages > 0 && (
            <span
              className="ticket-row__unread"
              data-testid="ticket-row-unread"
              title={t('tickets.row.unread')}
            >
              {ticket.unreadMessages}
            </span>
          )}
        </div>
        <div className="ticket-row__line ticket-row__tags">
          {/* In Show all's Pending tab: the contact has not consented yet (LGPD), nobody can accept it. */}
          {ticket.status === 'lgpd' && (
            <Tag minimal intent="warning" className="ticket-row__tag" data-testid="ticket-row-lgpd">
              {t('tickets.status.lgpd')}
            </Tag>
          )}
          {/* In the Closed tab: resolved with a rating request, the contact has not answered yet. */}
          {ticket.status === 'nps' && (
            <Tag
              minimal
              intent="primary"
              icon="star-empty"
              className="ticket-row__tag ticket-row__tag--status"
              data-testid="ticket-row-nps"
            >
              {t('tickets.status.nps')}
            </Tag>
          )}
          {ticket.whatsapp && (
            <Tag minimal className="ticket-row__tag" icon="link">
              {ticket.whatsapp.name}
            </Tag>
          )}
          <Tag minimal className="ticket-row__tag" style={tagStyle(ticket.queue?.color)}>
            {ticket.queue?.name ?? t('tickets.row.noQueue')}
          </Tag>
          {showUser && ticket.user && (
            <Tag minimal className="ticket-row__tag" icon="person">
              {ticket.user.name}
            </Tag>
          )}
          {firstTag && (
            <Tag
              className="ticket-row__tag"
              style={tagStyle(firstTag.color)}
              data-testid="ticket-row-contact-tag"
            >
              {firstTag.name}
              {otherTags.length > 0 && ` +${otherTags.length}`}
            </Tag>
          )}
          {replyWindowHours !== null && (
            <Tag
              minimal
              intent="warning"
              icon="time"
              className="ticket-row__tag"
              title={t('tickets.row.replyWindow', { hours: replyWindowHours })}
              data-testid="ticket-row-reply-window"
            >
              {t('tickets.row.replyWindowShort', { hours: replyWindowHours })}
            </Tag>
          )}
          {pending && (
            <span className="ticket-row__actions">
              <Button
                size="small"
                intent="primary"
                text={t('tickets.actions.accept')}
                data-testid="ticket-accept"
                onClick={(e) => {
                  e.stopPropagation();
                  onAccept(ticket);
                }}
              />
              <Button
                size="small"
                variant="outlined"
                text={t('tickets.actions.close')}
                data-testid="ticket-ignore"
                onClick={(e) => {
                  e.stopPropagation();
                  onIgnore(ticket);
                }}
              />
            </span>
          )}
        </div>
      </div>
    </div>
  );
});
