import { companyChannel, type SessionUserDto, type TicketDto } from '@balcao/sdk';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useMatch, useNavigate } from 'react-router-dom';
import { api } from '../api/http';
import { useSocketChannel } from '../realtime/socket';
import { volumeAtom } from '../theme/theme-atoms';
import { parseTicketEvent } from '../tickets/list/use-ticket-list';
import { LAST_MESSAGE_MAX, previewText, truncate } from '../tickets/shared/format';
import { requestNotificationPermission, showDesktopNotification } from './desktop-notification';
import {
  addNotification,
  initialNotifications,
  notifyViewerOf,
  parseMessageCreated,
  removeNotification,
  shouldAlert,
  shouldNotify,
  titleWithCount,
} from './notification-rules';
import { playNotificationSound, unlockSound } from './notification-sound';

/**
 * The bell's tickets (spec part 1 §4 "Live updates"): loaded once from the unread list, then kept by the rules on
 * live message and ticket events; alerts with a desktop notification and the chime; the tab title shows "(n)".
 */
export function useNotifications(user: SessionUserDto): { tickets: TicketDto[]; open(uuid: string): void } {
  const [tickets, setTickets] = useState<TicketDto[]>([]);
  const navigate = useNavigate();
  const viewing = useMatch('/tickets/:ticketId')?.params.ticketId ?? null;
  const volume = useAtomValue(volumeAtom);
  const viewer = useMemo(() => notifyViewerOf(user), [user]);
  const latest = useRef({ viewing, volume, viewer });
  latest.current = { viewing, volume, viewer };

  useEffect(() => {
    const controller = new AbortController();
    api
      .get<{ tickets: TicketDto[] }>('/tickets', {
        signal: controller.signal,
        query: { withUnreadMessages: 'true', pageNumber: 1 },
      })
      .then((r) => setTickets(initialNotifications(r.tickets, viewer)))
      // The bell is a convenience: a failed first load leaves it to live events, without an error toast.
      .catch(() => undefined);
    return () => controller.abort();
  }, [viewer]);

  // Browsers only grant notification permission and start audio from a user gesture: the first click does both.
  useEffect(() => {
    const onGesture = () => {
      requestNotificationPermission();
      unlockSound();
    };
    document.addEventListener('pointerdown', onGesture, { once: true });
    return () => document.removeEventListener('pointerdown', onGesture);
  }, []);

  const open = useCallback((uuid: string) => navigate(`/tickets/${uuid}`), [navigate]);

  useSocketChannel(companyChannel(user.companyId, 'appMessage'), (data) => {
    const event = parseMessageCreated(data);
    const { viewing: uuid, volume: level, viewer: who } = latest.current;
    if (!event || !shouldNotify(event, who)) return;
    setTickets((list) => addNotification(list, event.ticket));
    const looking = document.visibilityState === 'visible' ? uuid : null;
    if (!shouldAlert(event.ticket, who, looking)) return;
    showDesktopNotification({
      title: event.ticket.contact.name,
      body: truncate(previewText(event.message.body), LAST_MESSAGE_MAX * 3),
      tag: `ticket-${event.ticket.id}`,
      icon: event.ticket.contact.urlPicture ?? undefined,
      onClick: () => open(event.ticket.uuid),
    });
    playNotificationSound(level);
  });

  useSocketChannel(companyChannel(user.companyId, 'ticket'), (data) => {
    const event = parseTicketEvent(data);
    if (event && event.action !== 'update') setTickets((list) => removeNotification(list, event.ticketId));
  });

  useEffect(() => {
    const base = document.title.replace(/^\(\d+\) /, '');
    document.title = titleWithCount(base, tickets.length);
    return () => {
      document.title = base;
    };
  }, [tickets.length]);

  return { tickets, open };
}
