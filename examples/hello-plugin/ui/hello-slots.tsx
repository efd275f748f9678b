import { ContactAvatar, ListPage, useSlotContact, useSlotTicket, useUiHost } from '@balcao/sdk/ui';
import { Button, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GreetingDto } from '../shared/greeting';
import { useLatestGreetings } from './use-latest-greetings';

/** `ticket.header.actions`: records a greeting for the ticket's contact. */
export function HelloTicketAction() {
  const { t } = useTranslation('hello');
  const ticket = useSlotTicket();
  const { api, toastError, toastSuccess } = useUiHost();
  const [busy, setBusy] = useState(false);
  const handleClick = async () => {
    setBusy(true);
    try {
      await api.post<GreetingDto>('/hello', { message: t('greetContact', { name: ticket.contact.name }) });
      toastSuccess(t('greeted'));
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="minimal"
      icon="hand"
      loading={busy}
      aria-label={t('greetAction')}
      title={t('greetAction')}
      data-testid="hello-ticket-action"
      onClick={handleClick}
    />
  );
}

/** `contact.drawer.sections`: a line about the contact, with the shell's avatar. */
export function HelloContactSection() {
  const { t } = useTranslation('hello');
  const contact = useSlotContact();
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8 }} data-testid="hello-contact-section">
      <ContactAvatar name={contact.name} url={contact.urlPicture} size={24} />
      <span>{t('contactHint', { name: contact.name })}</span>
    </div>
  );
}

function GreetingList({ greetings }: { greetings: GreetingDto[] }) {
  return (
    <ul style={{ margin: 0, paddingLeft: 18 }}>
      {greetings.map((g) => (
        <li key={g.id}>{g.message}</li>
      ))}
    </ul>
  );
}

/** `settings.tabs` (admins): the plugin's settings, here its latest greetings in the shell's list page. */
export function HelloSettingsTab() {
  const { t } = useTranslation('hello');
  const greetings = useLatestGreetings(5);
  if (!greetings) return <Spinner size={20} />;
  return (
    <ListPage
      title={t('settingsTitle')}
      count={greetings.length}
      empty={greetings.length ? null : t('empty')}
      testId="hello-settings"
    >
      <GreetingList greetings={greetings} />
    </ListPage>
  );
}

/** `topbar.popovers`: the three newest greetings. */
export function HelloPopover() {
  const { t } = useTranslation('hello');
  const greetings = useLatestGreetings(3);
  if (!greetings) return <Spinner size={20} />;
  return (
    <div data-testid="hello-popover">
      {greetings.length ? <GreetingList greetings={greetings} /> : <p>{t('empty')}</p>}
    </div>
  );
}
