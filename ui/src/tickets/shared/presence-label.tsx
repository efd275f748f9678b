import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useTicketPresence } from './presence';

/** "typing…" / "recording audio…" while the ticket's contact does so; otherwise what it wraps. */
export function PresenceLabel({ ticketId, children }: { ticketId: number; children: ReactNode }) {
  const { t } = useTranslation();
  const presence = useTicketPresence(ticketId);
  if (!presence) return children;
  return (
    <span className="presence-label" data-testid="contact-presence">
      {t(`tickets.presence.${presence}`)}
    </span>
  );
}
