import { useUiHost } from '@balcao/sdk/ui';
import { Callout, H3, Spinner } from '@blueprintjs/core';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOARD_MAX_CARDS, DEFAULT_LANE, type KanbanCard } from '../shared/board';
import { shiftLane, stepLane } from './board-rules';
import { KanbanLane, type LaneView } from './kanban-lane';
import { useBoard } from './use-board';
import './kanban.css';

/** The default lane's chip colour: a neutral grey that reads in both themes. */
const DEFAULT_COLOR = '#5f6b7c';

/** A card picked up with the keyboard: where it comes from and the lane it would drop on. */
interface Picked {
  card: KanbanCard;
  from: number;
  target: number;
}

/**
 * /Kanban (spec part 2 §2, §4): a default lane for tickets without a kanban tag, then one lane per kanban tag in the
 * admin's order, each with its count. A card moves by mouse (drag and drop) or keyboard (Space, arrows, Enter); the
 * move is the plugin's `PUT /api/ticket/kanban/{ticketId}`, and every board that shows the ticket follows it live.
 */
export function KanbanPage() {
  const { t } = useTranslation('kanban');
  const { user } = useUiHost();
  const board = useBoard();
  const [picked, setPicked] = useState<Picked | null>(null);
  const [announce, setAnnounce] = useState('');
  const isAdmin = user.profile === 'admin';

  const lanes: LaneView[] = [
    { id: DEFAULT_LANE, name: t('board.defaultLane'), color: DEFAULT_COLOR },
    ...board.lanes.map((l) => ({ id: l.id, name: l.name, color: l.color })),
  ];
  const laneIndex = (id: number) =>
    Math.max(
      0,
      lanes.findIndex((l) => l.id === id),
    );
  const order = board.lanes.map((l) => l.id);

  const drop = async (card: KanbanCard, toLane: number) => {
    await board.move(card, toLane);
    // The card now sits in another lane (a new element): give it the focus back for the next move.
    requestAnimationFrame(() =>
      document
        .querySelector<HTMLElement>(
          `[data-testid="kanban-lane-${toLane}"] [data-testid="kanban-card-${card.id}"]`,
        )
        ?.focus(),
    );
  };

  const handleDrop = (ticketId: number, fromLane: number, toLane: number) => {
    if (fromLane === toLane) return;
    const card = board.cards.get(fromLane)?.find((c) => c.id === ticketId);
    if (card) void board.move(card, toLane);
  };

  const handlePick = (card: KanbanCard, laneId: number) => {
    const target = laneIndex(laneId);
    setPicked({ card, from: laneId, target });
    setAnnounce(t('drag.picked', { id: card.id, lane: lanes[target].name }));
  };

  const handleKeys = (event: KeyboardEvent) => {
    if (!picked) return;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      const target = stepLane(picked.target, event.key, lanes.length);
      setPicked({ ...picked, target });
      setAnnounce(t('drag.over', { lane: lanes[target].name }));
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const to = lanes[picked.target];
      setPicked(null);
      setAnnounce(t('drag.dropped', { id: picked.card.id, lane: to.name }));
      if (to.id !== picked.from) void drop(picked.card, to.id);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setPicked(null);
      setAnnounce(t('drag.cancelled'));
    }
  };

  return (
    <div className="kanban-page" data-testid="kanban-page">
      <header className="page-header">
        <H3 className="page-header__title">{t('board.title')}</H3>
      </header>
      <p id="kanban-grab-hint" className="kanban-sr-only">
        {t('card.grabHint')}
      </p>
      <div className="kanban-sr-only" aria-live="assertive" data-testid="kanban-announce">
        {announce}
      </div>
      {board.hasMore && (
        <Callout intent="warning" compact>
          {t('board.hasMore', { count: BOARD_MAX_CARDS })}
        </Callout>
      )}
      {board.loading ? (
        <Spinner aria-label={t('board.loading')} />
      ) : (
        <div className="kanban-board" data-testid="kanban-board">
          {lanes.map((lane, i) => (
            <KanbanLane
              key={lane.id}
              lane={lane}
              cards={board.cards.get(lane.id) ?? []}
              target={picked?.target === i}
              pickedId={picked?.card.id ?? null}
              onDrop={handleDrop}
              onPick={handlePick}
              onKeys={handleKeys}
              onShift={
                isAdmin && lane.id !== DEFAULT_LANE
                  ? (by) => void board.reorder(shiftLane(order, lane.id, by))
                  : undefined
              }
            />
          ))}
        </div>
      )}
    </div>
  );
}
