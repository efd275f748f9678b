import { companyChannel, type TicketDto } from '@balcao/sdk';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/api-error';
import { toastError, toastSuccess } from '../../notify/toaster';
import { realtime, useRealtimeResyncs, useSocketChannel } from '../../realtime/socket';
import { requireUser, userAtom } from '../../session/session-store';
import { type ListEvent, withContact } from '../list/list-rules';
import { parseContactChange, parseTicketEvent } from '../list/use-ticket-list';
import { fetchTicket, fetchTicketByUuid } from '../shared/tickets-api';
import { fresherTicket, isTicketUuid, ticketLoaded } from './open-ticket-rules';

/**
 * The open ticket, by uuid: loaded (a failure returns to /tickets), joined on the socket, and kept live. It listens
 * from the start: the events heard while it loads are applied after it (ticketLoaded), and it is read again once the
 * socket is ready again (a reconnect, or a first connect after the load went out). A delete event is checked with the server first: the server also sends one to viewers who can still see
 * the ticket after a transition, right before the update.
 */
export function useTicket(uuid: string) {
  const { t } = useTranslation();
  const user = requireUser(useAtomValue(userAtom));
  const navigate = useNavigate();
  const [ticket, setTicket] = useState<TicketDto | null>(null);
  /** The shown ticket, known as soon as it has loaded (before the next render). */
  const shown = useRef<{ uuid: string; id: number; contactId: number } | null>(null);
  /** The events heard since the load in flight was asked for (null: nothing in flight). */
  const heardMeanwhile = useRef<ListEvent[] | null>(null);
  /** The uuid whose load failed. */
  const failed = useRef<string | null>(null);
  const resyncs = useRealtimeResyncs();

  /** A read of the shown ticket failed: if it is gone (404), back to the list; anything else keeps it. */
  const leaveIfGone = (id: number, err: unknown) => {
    if (shown.current?.id !== id || !(err instanceof ApiError && err.status === 404)) return;
    toastSuccess(t('tickets.closedByEvent'));
    navigate('/tickets');
  };
  /** Whether the shown ticket is still there: kept (unless older than what is shown), or left if gone. */
  const recheck = (id: number) => {
    fetchTicket(id).then(
      (still) => shown.current?.id === id && setTicket((current) => current && fresherTicket(current, still)),
      (err: unknown) => leaveIfGone(id, err),
    );
  };
  const latest = useRef({ recheck, leaveIfGone, navigate });
  latest.current = { recheck, leaveIfGone, navigate };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `resyncs` reads the ticket again once the socket is ready again.
  useEffect(() => {
    // The link failed once (toasted, on the way back to the list): a socket (re)connect meanwhile does not ask again.
    if (failed.current === uuid) return;
    let alive = true;
    const heard: ListEvent[] = [];
    heardMeanwhile.current = heard;
    // Read again after a reconnect, the shown ticket stays on screen until the answer lands.
    const reloading = shown.current?.uuid === uuid ? shown.current.id : null;
    if (reloading === null) {
      shown.current = null;
      setTicket(null);
    }
    // A link that cannot name a ticket is a ticket not found, said once, without asking the server.
    const load = isTicketUuid(uuid)
      ? fetchTicketByUuid(uuid)
      : Promise.reject(
          new ApiError(404, 'ERR_NO_TICKET_FOUND', { error: 'ERR_NO_TICKET_FOUND' }, 'ERR_NO_TICKET_FOUND'),
        );
    load.then(
      (loaded) => {
        if (!alive) return;
        heardMeanwhile.current = null;
        const next = ticketLoaded(loaded, heard);
        shown.current = { uuid, id: next.ticket.id, contactId: next.ticket.contactId };
        setTicket(next.ticket);
        if (next.recheck) latest.current.recheck(next.ticket.id);
      },
      (err: unknown) => {
        if (!alive) return;
        heardMeanwhile.current = null;
        if (reloading !== null) return latest.current.leaveIfGone(reloading, err);
        failed.current = uuid;
        toastError(err);
        latest.current.navigate('/tickets', { replace: true });
      },
    );
    return () => {
      alive = false;
      if (heardMeanwhile.current === heard) heardMeanwhile.current = null;
    };
  }, [uuid, resyncs]);

  const ticketId = ticket?.id ?? null;
  useEffect(() => {
    if (ticketId === null) return;
    const frame = { type: 'joinChatBox' as const, ticketId };
    realtime.join(frame);
    return () => realtime.leave(frame);
  }, [ticketId]);

  useSocketChannel(companyChannel(user.companyId, 'ticket'), (data) => {
    const event = parseTicketEvent(data);
    if (!event) return;
    const loading = heardMeanwhile.current;
    loading?.push(event);
    if (event.action === 'update') setTicket((current) => current && fresherTicket(current, event.ticket));
    else if (!loading && event.action === 'delete' && event.ticketId === shown.current?.id)
      recheck(event.ticketId);
  });
  // The header shows the contact's name, number and picture: a save of the contact (here, in the drawer, or by
  // someone else) shows at once. A removed contact took its tickets along: the check finds this one gone.
  useSocketChannel(companyChannel(user.companyId, 'contact'), (data) => {
    const event = parseContactChange(data);
    if (!event) return;
    const loading = heardMeanwhile.current;
    loading?.push(event);
    if (event.action === 'contactUpdate')
      setTicket((current) => current && withContact(current, event.contact));
    else if (!loading && shown.current && event.contactId === shown.current.contactId)
      recheck(shown.current.id);
  });

  return { ticket, setTicket };
}
