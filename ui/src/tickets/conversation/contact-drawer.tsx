import { type ContactDto, companyChannel, type TicketDto } from '@balcao/sdk';
import { SlotContactContext } from '@balcao/sdk/ui';
import { Button, H5, H6, Switch } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactAddress } from '../../contacts/contact-address';
import { ContactDialog } from '../../contacts/contact-dialog';
import { setContactActive } from '../../contacts/contacts-api';
import { toastError, toastSuccess } from '../../notify/toaster';
import { Slot } from '../../plugins/slot';
import { useReloadOnResync, useSocketChannel } from '../../realtime/socket';
import { userAtom } from '../../session/session-store';
import { ContactNotes } from '../contact/contact-notes';
import { ContactTags } from '../contact/contact-tags';
import { toggleAcceptAudio, toggleDisableBot } from '../shared/contact-actions-api';
import { ContactAvatar } from '../shared/contact-avatar';
import { fetchContact } from '../shared/tickets-api';

interface Props {
  ticket: TicketDto;
  onClose(): void;
}

/**
 * The contact beside the conversation (spec part 1 §2): chatbot-disable and accept-audio switches, name and number,
 * edit, block/unblock, tags, ticket notes and extra info. Live: contact events of the company refresh it.
 */
export function ContactDrawer({ ticket, onClose }: Props) {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const [contact, setContact] = useState<ContactDto | null>(null);
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    let alive = true;
    setContact(null);
    fetchContact(ticket.contactId).then((c) => alive && setContact(c), toastError);
    return () => {
      alive = false;
    };
  }, [ticket.contactId]);
  // Contact events missed while the socket was away (or before it first connected): read it again.
  useReloadOnResync(() => {
    fetchContact(ticket.contactId).then(setContact, toastError);
  });

  useSocketChannel(user ? companyChannel(user.companyId, 'contact') : null, (data) => {
    const event = data as { action?: string; contact?: ContactDto };
    if (event.action === 'update' && event.contact?.id === ticket.contactId) setContact(event.contact);
  });

  const handleToggle = async (kind: 'bot' | 'audio') => {
    if (!contact) return;
    try {
      if (kind === 'bot') {
        const { disableBot } = await toggleDisableBot(contact.id);
        setContact({ ...contact, disableBot });
      } else {
        const { acceptAudioMessage } = await toggleAcceptAudio(contact.id);
        setContact({ ...contact, acceptAudioMessage });
      }
    } catch (err) {
      toastError(err);
    }
  };

  const handleBlock = async () => {
    if (!contact) return;
    try {
      const next = await setContactActive(contact.id, !contact.active);
      setContact(next);
      toastSuccess(next.active ? t('contacts.toasts.unblocked') : t('contacts.toasts.blocked'));
    } catch (err) {
      toastError(err);
    }
  };

  const shown = contact ?? ticket.contact;
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
        <ContactAvatar name={shown.name} url={shown.urlPicture} size={72} />
        <div className="contact-drawer__name">{shown.name}</div>
        <div className="contact-drawer__muted" data-testid="contact-drawer-address">
          <ContactAddress contact={{ channel: ticket.channel, number: shown.number }} />
        </div>
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
              intent={contact.active ? 'danger' : 'success'}
              variant="outlined"
              icon={contact.active ? 'disable' : 'unlock'}
              text={contact.active ? t('contacts.actions.block') : t('contacts.actions.unblock')}
              onClick={handleBlock}
              data-testid="contact-drawer-block"
            />
          </div>
        )}
      </div>
      {contact && (
        <div className="contact-drawer__switches">
          <Switch
            checked={contact.disableBot}
            label={t('tickets.contact.disableBot')}
            onChange={() => handleToggle('bot')}
            data-testid="contact-disable-bot"
          />
          <Switch
            checked={contact.acceptAudioMessage}
            label={t('tickets.contact.acceptAudio')}
            onChange={() => handleToggle('audio')}
            data-testid="contact-accept-audio"
          />
        </div>
      )}
      <dl className="contact-drawer__fields">
        <Field label={t('tickets.contact.email')}>{contact?.email || '—'}</Field>
        <Field label={t('tickets.contact.tags')}>
          {contact ? <ContactTags contactId={contact.id} tags={contact.tags} /> : '—'}
        </Field>
      </dl>
      <H6 className="contact-drawer__section">{t('tickets.contact.extraInfo')}</H6>
      {contact && contact.extraInfo.length > 0 ? (
        <dl className="contact-drawer__fields" data-testid="contact-extra-info">
          {contact.extraInfo.map((info) => (
            <Field key={info.id} label={info.name}>
              {info.value}
            </Field>
          ))}
        </dl>
      ) : (
        <p className="contact-drawer__muted">{t('tickets.contact.noExtraInfo')}</p>
      )}
      <ContactNotes ticketId={ticket.id} contactId={ticket.contactId} />
      {contact && (
        <div className="contact-drawer__plugins" data-testid="contact-drawer-plugins">
          <SlotContactContext.Provider value={contact}>
            <Slot id="contact.drawer.sections" />
          </SlotContactContext.Provider>
        </div>
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

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
