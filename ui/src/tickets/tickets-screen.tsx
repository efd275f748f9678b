import { Icon, Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useIsNarrow } from '../layout/use-media-query';
import { Slot } from '../plugins/slot';
import { TicketConversation } from './conversation/ticket-conversation';
import { AcceptDialog } from './dialogs/accept-dialog';
import { NewTicketDialog } from './dialogs/new-ticket-dialog';
import { OtherUserDialog } from './dialogs/other-user-dialog';
import { TicketListPanel } from './list/ticket-list-panel';
import './tickets.css';

type NarrowTab = 'ticket' | 'list';

/** The welcome placeholder shown while no ticket is chosen. */
export function WelcomePanel() {
  const { t } = useTranslation();
  return (
    <section className="welcome-panel" data-testid="welcome-panel">
      <span className="welcome-panel__tile" aria-hidden>
        <Icon icon="chat" size={32} />
      </span>
      <h2 className="welcome-panel__title">{t('tickets.welcomeTitle')}</h2>
      <p className="welcome-panel__text">{t('tickets.welcomeText')}</p>
      <div className="welcome-panel__slot">
        <Slot id="tickets.welcome" />
      </div>
    </section>
  );
}

/**
 * The ticket screen (spec part 1 §2): list 4/12 and conversation 8/12 on wide screens; under 600 px two tabs,
 * Ticket and Atendimentos, the list kept mounted so it stays live.
 */
export function TicketsScreen() {
  const { t } = useTranslation();
  const { ticketId: uuid } = useParams();
  const narrow = useIsNarrow();
  const [tab, setTab] = useState<NarrowTab>(uuid ? 'ticket' : 'list');
  const [shownUuid, setShownUuid] = useState(uuid);
  // Choosing a ticket shows it; leaving it (close, transfer, delete) shows the list again.
  if (uuid !== shownUuid) {
    setShownUuid(uuid);
    setTab(uuid ? 'ticket' : 'list');
  }

  const conversation = uuid ? <TicketConversation key={uuid} uuid={uuid} /> : <WelcomePanel />;
  return (
    <div className={`tickets-screen ${narrow ? 'tickets-screen--narrow' : ''}`} data-testid="tickets-screen">
      {narrow && (
        <Tabs
          id="tickets-narrow-tabs"
          selectedTabId={tab}
          onChange={(id) => setTab(id as NarrowTab)}
          className="tickets-screen__tabs"
        >
          <Tab id="ticket" icon="chat" title={t('tickets.narrow.ticket')} data-testid="narrow-tab-ticket" />
          <Tab id="list" icon="list" title={t('tickets.narrow.list')} data-testid="narrow-tab-list" />
        </Tabs>
      )}
      <div className="tickets-screen__panes">
        <div className="tickets-screen__list" hidden={narrow && tab !== 'list'}>
          <TicketListPanel />
        </div>
        <div className="tickets-screen__conversation" hidden={narrow && tab !== 'ticket'}>
          {conversation}
        </div>
      </div>
      <AcceptDialog />
      <NewTicketDialog />
      <OtherUserDialog />
    </div>
  );
}
