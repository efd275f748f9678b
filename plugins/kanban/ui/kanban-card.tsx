import { Button, Card } from '@blueprintjs/core';
import type { DragEvent, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { KanbanCard as Card_ } from '../shared/board';

/** The drag payload's type: the card's ticket id and the lane it leaves. */
export const DRAG_TYPE = 'application/x-balcao-kanban-card';

interface Props {
  card: Card_;
  laneId: number;
  top: number;
  picked: boolean;
  onPick(card: Card_, laneId: number): void;
  onKeys(event: KeyboardEvent): void;
}

/**
 * A ticket's card (spec part 2 §2): contact name, ticket number, contact number (masked by core when LGPD hides it),
 * last message and 'Ver Ticket', which opens the ticket by uuid. Dragged with the mouse, or with the keyboard: Space
 * picks it up, the arrows choose the lane, Enter drops it.
 */
export function KanbanCard({ card, laneId, top, picked, onPick, onKeys }: Props) {
  const { t } = useTranslation('kanban');
  const navigate = useNavigate();

  const handleDragStart = (event: DragEvent) => {
    event.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ ticketId: card.id, laneId }));
    event.dataTransfer.effectAllowed = 'move';
  };

  const handleKeyDown = (event: KeyboardEvent) => {
    // Keys on the card's own button stay the button's.
    if (event.target !== event.currentTarget) return;
    if (!picked && event.key === ' ') {
      event.preventDefault();
      onPick(card, laneId);
      return;
    }
    if (picked) onKeys(event);
  };

  return (
    <Card
      className={`kanban-card${picked ? ' kanban-card--picked' : ''}`}
      style={{ top }}
      draggable
      tabIndex={0}
      aria-roledescription="card"
      aria-label={t('card.label', { id: card.id, name: card.contact.name })}
      aria-describedby="kanban-grab-hint"
      onDragStart={handleDragStart}
      onKeyDown={handleKeyDown}
      data-testid={`kanban-card-${card.id}`}
    >
      <div className="kanban-card__head">
        <strong className="kanban-card__name" data-testid="kanban-card-name">
          {card.contact.name}
        </strong>
        <span className="bp6-text-muted kanban-card__id">{t('card.ticket', { id: card.id })}</span>
      </div>
      <div className="bp6-text-muted kanban-card__number" data-testid="kanban-card-number">
        {card.contact.number}
      </div>
      <div className="kanban-card__message">{card.lastMessage || t('card.noMessage')}</div>
      <Button
        size="small"
        variant="outlined"
        intent="primary"
        text={t('card.open')}
        onClick={() => navigate(`/tickets/${card.uuid}`)}
        data-testid="kanban-card-open"
      />
    </Card>
  );
}
