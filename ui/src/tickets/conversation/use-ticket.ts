import { companyChannel, type TicketDto } from '@balcao/sdk';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/api-error';
import { toastError, toastSuccess } from '../../notify/toaster';
import { realtime, useSocketChannel } from '../../realtime/socket';
import { requireUser, userAtom } from '../../session/session-store';
import { parseTicketEvent } from '../list/use-ticket-list';
import { fetchTicket, fetchTicketByUuid } from '../shared/tickets-api';

/**
 * The open ticket, by uuid: loaded (a failure returns to /tickets), joined on the socket, and kept live. A delete
 * event is checked with the server first: the server also sends one to viewers who can still see the ticket after a
 * transition, right before the update.
 */
export function useTicket(uuid: string) {
  const { t } = useTranslation();
  const user = requireUser(useAtomValue(userAtom));
  const navigate = useNavigate();
  const [ticket, setTicket] = useState<TicketDto | null>(null);
  const ticketRef = useRef(ticket);
  ticketRef.current = ticket;

  useEffect(() => {
    let alive = true;
    setTicket(null);
    fetchTicketByUuid(uuid).then(
      (loaded) => alive && setTicket(loaded),
      (err: unknown) => {
        if (!alive) return;
        toastError(err);
        navigate('/tickets', { replace: true });
      },
    );
    return () => {
      alive = false;
    };
  }, [uuid, navigate]);

  const ticketId = ticket?.id ?? null;
  useEffect(() => {
    if (ticketId === null) return;
    const frame = { type: 'joinChatBox' as const, ticketId };
    realtime.join(frame);
    return () => realtime.leave(frame);
  }, [ticketId]);

  useSocketChannel(ticketId === null ? null : companyChannel(user.companyId, 'ticket'), (data) => {
    const event = parseTicketEvent(data);
    const current = ticketRef.current;
    if (!event || !current) return;
    if (event.action === 'update' && event.ticket.id === current.id) {
      setTicket(event.ticket);
    } else if (event.action === 'delete' && event.ticketId === current.id) {
      fetchTicket(current.id).then(
        (still) => ticketRef.current?.id === still.id && setTicket(still),
        (err: unknown) => {
          if (ticketRef.current?.id !== current.id) return;
          if (!(err instanceof ApiError && err.status === 404)) return;
          toastSuccess(t('tickets.closedByEvent'));
          navigate('/tickets');
        },
      );
    }
  });

  return { ticket, setTicket };
}
