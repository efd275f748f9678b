import type { TicketDto } from '@balcao/sdk';
import { useCompanyChannel, useUiHost } from '@balcao/sdk/ui';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type BoardDto,
  DEFAULT_LANE,
  groupByLane,
  KANBAN_TOPIC,
  type KanbanCard,
  type LaneDto,
  type LanesDto,
  lanesOf,
  toCard,
} from '../shared/board';
import { applyTicketFrame, upsertCard } from './board-rules';

/** What the board screen shows and does. */
export interface BoardState {
  loading: boolean;
  hasMore: boolean;
  lanes: LaneDto[];
  /** Cards per lane key (DEFAULT_LANE and every lane id). */
  cards: Map<number, KanbanCard[]>;
  move(card: KanbanCard, toLane: number): Promise<void>;
  reorder(tagIds: number[]): Promise<void>;
}

/**
 * The board's data: lanes (kanban tags in the admin's order) and the user's tickets in progress, kept live by the
 * ticket frames core sends this user (only tickets they may see, numbers masked as for them), the tag frames and the
 * plugin's own `lanes` frame.
 */
export function useBoard(): BoardState {
  const { t } = useTranslation('kanban');
  const { api, toastError, toastSuccess, user } = useUiHost();
  // Spec part 2 §6: the board loads the tickets of the user's queues (a user with none: whatever they may see).
  const queueIds = useMemo(() => {
    const mine = user.queues ?? [];
    return mine.length ? mine.map((q) => q.id) : undefined;
  }, [user.queues]);
  const [lanes, setLanes] = useState<LaneDto[]>([]);
  const [tickets, setTickets] = useState<KanbanCard[]>([]);
  const [loading, setLoading] = useState(true);
  const [hasMore, setHasMore] = useState(false);

  const loadLanes = useCallback(async () => {
    try {
      setLanes((await api.get<LanesDto>('/kanban/lanes')).lanes);
    } catch (err) {
      toastError(err);
    }
  }, [api, toastError]);

  useEffect(() => {
    let live = true;
    const query = queueIds ? { queueIds: JSON.stringify(queueIds) } : undefined;
    Promise.all([api.get<LanesDto>('/kanban/lanes'), api.get<BoardDto>('/ticket/kanban', query)])
      .then(([l, b]) => {
        if (!live) return;
        setLanes(l.lanes);
        setTickets(b.tickets);
        setHasMore(b.hasMore);
      })
      .catch(toastError)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [api, toastError, queueIds]);

  useCompanyChannel('ticket', (data) => setTickets((shown) => applyTicketFrame(shown, data, queueIds)));
  useCompanyChannel('tag', () => void loadLanes());
  useCompanyChannel(KANBAN_TOPIC, () => void loadLanes());

  const cards = useMemo(
    () =>
      groupByLane(
        tickets,
        lanes.map((l) => l.id),
      ),
    [tickets, lanes],
  );

  const put = useCallback(
    (ticket: TicketDto) => setTickets((shown) => upsertCard(shown, toCard(ticket), queueIds)),
    [queueIds],
  );

  const move = useCallback(
    async (card: KanbanCard, toLane: number) => {
      const from = lanesOf(card, new Set(lanes.map((l) => l.id)));
      if (from.length === 1 && from[0] === toLane) return;
      try {
        // Spec part 2 §4: the old lane's tag goes, then the target lane's is added; the plugin's call does both in
        // one change (behind the plan's useKanban), and the spec's two toasts tell each part.
        const laneTagId = toLane === DEFAULT_LANE ? null : toLane;
        put(await api.put<TicketDto>(`/ticket/kanban/${card.id}`, { laneTagId }));
        toastSuccess(t('toasts.removed'));
        if (laneTagId !== null) toastSuccess(t('toasts.added'));
      } catch (err) {
        toastError(err);
      }
    },
    [api, lanes, put, t, toastError, toastSuccess],
  );

  const reorder = useCallback(
    async (tagIds: number[]) => {
      try {
        setLanes((await api.put<LanesDto>('/kanban/lanes/order', { tagIds })).lanes);
        toastSuccess(t('board.orderSaved'));
      } catch (err) {
        toastError(err);
      }
    },
    [api, t, toastError, toastSuccess],
  );

  return { loading, hasMore, lanes, cards, move, reorder };
}
