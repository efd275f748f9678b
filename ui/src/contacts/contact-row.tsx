import { type ContactDto, LAST_MESSAGE_STORED_MAX } from '@balcao/sdk';
import { Button, Tag, Tooltip } from '@blueprintjs/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChannelIcon } from '../tickets/shared/channel-icon';
import { ContactAvatar } from '../tickets/shared/contact-avatar';
import { CONTACT_NAME_MAX, formatDateTime, truncate } from '../tickets/shared/format';
import { lastMessageText } from '../tickets/shared/last-message';
import { LastMessagePreview } from '../tickets/shared/last-message-preview';
import { ContactAddress } from './contact-address';

/** Every row has this height; the virtual list relies on it. */
export const CONTACT_ROW_HEIGHT = 56;

export interface ContactRowActions {
  onOpenTicket(contact: ContactDto): void;
  onEdit(contact: ContactDto): void;
  onToggleBlock(contact: ContactDto): void;
  /** Absent for who may not delete (contacts-page:deleteContact is admin only). */
  onDelete?(contact: ContactDto): void;
}

/**
 * One contact (spec part 1 "Contacts screen" columns): avatar, name, number, email, last message (with when its
 * ticket was last updated, spec §3 Contact `tickets (updatedAt)`), status, actions.
 */
export const ContactRow = memo(function ContactRow({
  contact,
  actions,
}: {
  contact: ContactDto;
  actions: ContactRowActions;
}) {
  const { t } = useTranslation();
  const blocked = !contact.active;
  const channel = t(`tickets.channels.${contact.channel}`);
  return (
    <div
      className="contacts-grid contact-row"
      style={{ height: CONTACT_ROW_HEIGHT }}
      data-testid={`contact-row-${contact.id}`}
      data-name={contact.name}
      data-active={contact.active}
    >
      <span className="contact-row__avatar">
        <ContactAvatar name={contact.name} url={contact.urlPicture} size={32} />
      </span>
      <span className="contact-row__name" title={contact.name}>
        {truncate(contact.name, CONTACT_NAME_MAX)}
        {/* Shown under the name only on phones, where the number column is dropped. */}
        <span className="contact-row__sub">
          <ContactAddress contact={contact} />
        </span>
      </span>
      <span className="contact-row__number" data-testid="contact-number-cell">
        <ChannelIcon channel={contact.channel} /> <ContactAddress contact={contact} />
      </span>
      <span className="contact-row__email contacts-grid__wide">{contact.email || '—'}</span>
      <span
        className="contact-row__last contacts-grid__wide"
        title={lastMessageText(contact.lastMessage, LAST_MESSAGE_STORED_MAX, t) || undefined}
      >
        <span className="contact-row__last-text">
          <LastMessagePreview text={contact.lastMessage} empty="—" />
        </span>
        {contact.lastTicketUpdatedAt && (
          <time
            className="contact-row__last-time"
            dateTime={contact.lastTicketUpdatedAt}
            data-testid="contact-last-time"
          >
            {formatDateTime(contact.lastTicketUpdatedAt)}
          </time>
        )}
      </span>
      <span>
        <Tag minimal round intent={blocked ? 'danger' : 'success'} data-testid="contact-status">
          {blocked ? t('contacts.status.blocked') : t('contacts.status.active')}
        </Tag>
      </span>
      <span className="contact-row__actions">
        <Tooltip content={t('contacts.actions.openTicket', { channel })} placement="top">
          <Button
            variant="minimal"
            icon="chat"
            aria-label={t('contacts.actions.openTicket', { channel })}
            disabled={blocked}
            onClick={() => actions.onOpenTicket(contact)}
            data-testid="contact-open-ticket"
          />
        </Tooltip>
        <Button
          variant="minimal"
          icon="edit"
          aria-label={t('contacts.actions.edit')}
          title={t('contacts.actions.edit')}
          onClick={() => actions.onEdit(contact)}
          data-testid="contact-edit"
        />
        <Button
          variant="minimal"
          icon={blocked ? 'unlock' : 'disable'}
          aria-label={blocked ? t('contacts.actions.unblock') : t('contacts.actions.block')}
          title={blocked ? t('contacts.actions.unblock') : t('contacts.actions.block')}
          onClick={() => actions.onToggleBlock(contact)}
          data-testid="contact-block"
        />
        {actions.onDelete && (
          <Button
            variant="minimal"
            icon="trash"
            intent="danger"
            aria-label={t('contacts.actions.delete')}
            title={t('contacts.actions.delete')}
            onClick={() => actions.onDelete?.(contact)}
            data-testid="contact-delete"
          />
        )}
      </span>
    </div>
  );
});
