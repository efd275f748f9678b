import type { ContactDto, TicketDto } from '@balcao/sdk';
import { Button, Callout, H5, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactDialog } from '../../contacts/contact-dialog';
import { setContactActive } from '../../contacts/contacts-api';
import { toastError, toastSuccess } from '../../notify/toaster';
import { ContactAvatar } from '../shared/contact-avatar';
import { fetchContact } from '../shared/tickets-api';

/** The contact beside the conversation: name, number, email, tags, extra info; edit and block/unblock it. */
export function ContactDrawer({ ticket, onClose }: { ticket: TicketDto; onClose(): void }) {
  const { t } = useTranslation();
  const [contact, setContact] = useState<ContactDto | null>(null);
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    let alive = true;
    setContact(null);
    fetchContact(ticket.contactId).then(
      (c) => alive && setContact(c),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [ticket.contactId]);

  const tags = contact?.tags ?? ticket.contact.tags;
  const handleToggleBlock = async () => {
    if (!contact) return;
    try {
      setContact(await setContactActive(contact.id, !contact.active));
      toastSuccess(contact.active ? t('contacts.toasts.blocked') : t('contacts.toasts.unblocked'));
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <aside className="contact-drawer" data-testid="contact-drawer" aria-label={t('tickets.contact.title')}>
      <div className="contact-drawer__head">
        <H5>{t('tickets.contact.title')}</H5>
        <Button
          variant="minimal"
          icon="cross"
          aria-label={t('tickets.contact.close')}
          onClick={onClose}
          data-testid="contact-drawer-close"
        />
      </div>
      <div className="contact-drawer__card">
        <ContactAvatar name={ticket.contact.name} url={ticket.contact.urlPicture} size={72} />
        <div className="contact-drawer__name">{contact?.name ?? ticket.contact.name}</div>
        <div className="contact-drawer__muted">{contact?.number ?? ticket.contact.number}</div>
        {contact && (
          <div className="contact-drawer__actions">
            <Button
              size="small"
              icon="edit"
              text={t('contacts.actions.edit')}
              onClick={() => setEditing(true)}
              data-testid="contact-drawer-edit"
            />
            <Button
              size="small"
              icon={contact.active ? 'disable' : 'unlock'}
              intent={contact.active ? 'danger' : 'success'}
              variant="outlined"
              text={contact.active ? t('contacts.actions.block') : t('contacts.actions.unblock')}
              onClick={handleToggleBlock}
              data-testid="contact-drawer-block"
            />
          </div>
        )}
      </div>
      <dl className="contact-drawer__fields">
        <dt>{t('tickets.contact.email')}</dt>
        <dd>{contact?.email || '—'}</dd>
        <dt>{t('tickets.contact.tags')}</dt>
        <dd className="contact-drawer__tags">
          {tags.length === 0 && '—'}
          {tags.map((tag) => (
            <Tag key={tag.id} style={{ backgroundColor: tag.color, color: '#fff' }}>
              {tag.name}
            </Tag>
          ))}
        </dd>
      </dl>
      <H5 className="contact-drawer__section">{t('tickets.contact.extraInfo')}</H5>
      {contact && contact.extraInfo.length > 0 ? (
        <dl className="contact-drawer__fields">
          {contact.extraInfo.map((info) => (
            <div key={info.id}>
              <dt>{info.name}</dt>
              <dd>{info.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <Callout icon="info-sign" className="contact-drawer__placeholder">
          {t('tickets.contact.noExtraInfo')}
        </Callout>
      )}
      <ContactDialog
        contact={contact}
        isOpen={editing && contact !== null}
        onClose={() => setEditing(false)}
        onSaved={setContact}
      />
    </aside>
  );
}
