import { Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Slot } from '../plugins/slot';
import './pages.css';

/** /tickets/:ticketId? — for now the welcome panel; the ticket list and conversation come in a later issue. */
export function TicketsPage() {
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
