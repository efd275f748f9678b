import { Button, Tag } from '@blueprintjs/core';
import { type DragEvent, type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KanbanCard as Card } from '../shared/board';
import { CARD_SLOT, chipStyle, visibleRange } from './board-rules';
import { DRAG_TYPE, KanbanCard } from './kanban-card';

export interface LaneView {
  /** DEFAULT_LANE or the kanban tag's id. */
  id: number;
  name: string;
  color: string;
}

interface Props {
  lane: LaneView;
  cards: Card[];
  /** The keyboard move aims here. */
  target: boolean;
  pickedId: number | null;
  onDrop(ticketId: number, fromLane: number, toLane: number): void;
  onPick(card: Card, laneId: number): void;
  onKeys(event: KeyboardEvent): void;
  /** Admins reorder kanban lanes; absent for the default lane and for others. */
  onShift?: (by: -1 | 1) => void;
}

/** One lane: its chip and count, then its cards, only those in view rendered (fixed-height slots). */
export function KanbanLane({ lane, cards, target, pickedId, onDrop, onPick, onKeys, onShift }: Props) {
  const { t } = useTranslation('kanban');
  const body = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState({ top: 0, height: 0 });
  const [over, setOver] = useState(false);

  useLayoutEffect(() => {
    const el = body.current;
    if (!el) return;
    const measure = () => setScroll({ top: el.scrollTop, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const { start, end } = visibleRange(scroll.top, scroll.height, cards.length);

  const handleDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setOver(true);
  };

  const handleDrop = (event: DragEvent) => {
    setOver(false);
    const raw = event.dataTransfer.getData(DRAG_TYPE);
    if (!raw) return;
    event.preventDefault();
    const { ticketId, laneId } = JSON.parse(raw) as { ticketId: number; laneId: number };
    onDrop(ticketId, laneId, lane.id);
  };

  return (
    <section
      className={`kanban-lane${over || target ? ' kanban-lane--target' : ''}`}
      aria-label={lane.name}
      onDragOver={handleDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={handleDrop}
      data-testid={`kanban-lane-${lane.id}`}
    >
      <header className="kanban-lane__header">
        {onShift && (
          <Button
            variant="minimal"
            size="small"
            icon="chevron-left"
            aria-label={t('board.moveLeft')}
            title={t('board.moveLeft')}
            onClick={() => onShift(-1)}
            data-testid="kanban-lane-left"
          />
        )}
        <Tag round className="kanban-lane__chip" style={chipStyle(lane.color)}>
          {lane.name}
        </Tag>
        <Tag
          minimal
          round
          aria-label={t('board.count', { count: cards.length })}
          data-testid="kanban-lane-count"
        >
          {cards.length}
        </Tag>
        {onShift && (
          <Button
            variant="minimal"
            size="small"
            icon="chevron-right"
            aria-label={t('board.moveRight')}
            title={t('board.moveRight')}
            onClick={() => onShift(1)}
            data-testid="kanban-lane-right"
          />
        )}
      </header>
      <div
        className="kanban-lane__body"
        ref={body}
        onScroll={(e) => setScroll({ top: e.currentTarget.scrollTop, height: e.currentTarget.clientHeight })}
      >
        {cards.length === 0 ? (
          <p className="bp6-text-muted kanban-lane__empty">{t('board.empty')}</p>
        ) : (
          <div className="kanban-lane__slots" style={{ height: cards.length * CARD_SLOT }}>
            {cards.slice(start, end).map((card, i) => (
              <KanbanCard
                key={card.id}
                card={card}
                laneId={lane.id}
                top={(start + i) * CARD_SLOT}
                picked={pickedId === card.id}
                onPick={onPick}
                onKeys={onKeys}
              />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
