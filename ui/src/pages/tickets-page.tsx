import { TicketsScreen } from '../tickets/tickets-screen';
import './pages.css';

/** /tickets/:ticketId? — the ticket list and, when a ticket is chosen, its conversation. */
export function TicketsPage() {
  return <TicketsScreen />;
}
