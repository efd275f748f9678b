import { companyChannel, lastMessagePreview, type SessionUserDto, type TicketDto } from '@balcao/sdk';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch, useNavigate } from 'react-router-dom';
import { api } from '../api/http';
import { useRealtimeResyncs, useSocketChannel } from '../realtime/socket';
import { volumeAtom } from '../theme/theme-atoms';
import { parseTicketEvent } from '../tickets/list/use-ticket-list';
import { LAST_MESSAGE_MAX } from '../tickets/shared/format';
import { lastMessageText } from '../tickets/shared/last-message';
import { requestNotificationPermission, showDesktopNotification } from './desktop-notification';
import {
  applyNotificationEvent,
  type NotificationEvent,
  notificationsLoaded,
  notifyViewerOf,
  parseMessageCreated,
  shouldAlert,
  shouldNotify,
  titleWithCount,
} from './notification-rules';
import { playNotificationSound, unlockSound } from './notification-sound';

/**
 * The bell's tickets (spec part 1 §4 "Live updates"): loaded from the unread list (again once the socket is ready, if it was not yet), then
 * kept by the rules on live message and ticket events; events heard while the list loads are applied again once it
 * lands (notificationsLoaded). Alerts with a desktop notification and the chime; the tab title shows "(n)".
 */
export function useNotifications(user: SessionUserDto): {
  tickets: TicketDto[];
  loading: boolean;
  open(uuid: string): void;
} {
  const [tickets, setTickets] = useState<TicketDto[]>([]);
  const [loading, setLoading] = useState(true);
  const navigate = useNavigate();
  const { t } = useTranslation();
  const viewing = useMatch('/tickets/:ticketId')?.params.ticketId ?? null;
  const volume = useAtomValue(volumeAtom);
  const viewer = useMemo(() => notifyViewerOf(user), [user]);
  const latest = useRef({ viewing, volume, viewer });
  latest.current = { viewing, volume, viewer };
  /** The events heard since the load in flight was asked for (null: nothing in flight). */
  const heardMeanwhile = useRef<NotificationEvent[] | null>(null);
  const resyncs = useRealtimeResyncs();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `resyncs` reloads the list once the socket is ready again.
  useEffect(() => {
    const controller = new AbortController();
    const heard: NotificationEvent[] = [];
    heardMeanwhile.current = heard;
    setLoading(true);
    api
      .get<{ tickets: TicketDto[] }>('/tickets', {
        signal: controller.signal,
        query: { withUnreadMessages: 'true', pageNumber: 1 },
      })
      .then((r) => {
        if (heardMeanwhile.current === heard) setTickets(notificationsLoaded(r.tickets, viewer, heard));
      })
      // The bell is a convenience: a failed load leaves it to live events, without an error toast.
      .catch(() => undefined)
      .finally(() => {
        if (heardMeanwhile.current !== heard) return;
        heardMeanwhile.current = null;
        setLoading(false);
      });
    return () => controller.abort();
  }, [viewer, resyncs]);

  const apply = (event: NotificationEvent) => {
    heardMeanwhile.current?.push(event);
    setTickets((list) => applyNotificationEvent(list, event));
  };

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
    apply({ action: 'add', ticket: event.ticket });
    const looking = document.visibilityState === 'visible' ? uuid : null;
    if (!shouldAlert(event.ticket, who, looking)) return;
    showDesktopNotification({
      title: event.ticket.contact.name,
      // What the ticket row shows for this message (a voice note's label, a card's name), with more room.
      body: lastMessageText(lastMessagePreview(event.message), LAST_MESSAGE_MAX * 3, t),
      tag: `ticket-${event.ticket.id}`,
      icon: event.ticket.contact.urlPicture ?? undefined,
      onClick: () => open(event.ticket.uuid),
    });
    playNotificationSound(level);
  });

  useSocketChannel(companyChannel(user.companyId, 'ticket'), (data) => {
    const event = parseTicketEvent(data);
    if (event && event.action !== 'update') apply({ action: 'remove', ticketId: event.ticketId });
  });

  useEffect(() => {
    const base = document.title.replace(/^\(\d+\) /, '');
    document.title = titleWithCount(base, tickets.length);
    return () => {
      document.title = base;
    };
  }, [tickets.length]);

  return { tickets, loading, open };
}
