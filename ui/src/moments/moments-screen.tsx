import type { TicketDto } from '@balcao/sdk';
import { Card, H3, H5, Icon, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { requireUser, userAtom } from '../session/session-store';
import { ContactAvatar } from '../tickets/shared/contact-avatar';
import { CONTACT_NAME_MAX, formatDateTime, truncate } from '../tickets/shared/format';
import { elapsedParts, groupMoments } from './moments-rules';
import { useMoments, useNow } from './use-moments';
import './moments.css';

function Elapsed({ iso, now }: { iso: string; now: Date }) {
  const { t } = useTranslation();
  const { days, clock } = elapsedParts(iso, now);
  const text = days > 0 ? t('moments.elapsedDays', { days, clock }) : clock;
  return (
    <span className="moments-row__time" title={formatDateTime(iso)}>
      <Icon icon="time" size={12} /> {text}
    </span>
  );
}

function TicketLine({ ticket, now }: { ticket: TicketDto; now: Date }) {
  const { t } = useTranslation();
  return (
    <li className="moments-row" data-testid={`moments-ticket-${ticket.id}`}>
      <ContactAvatar name={ticket.contact.name} url={ticket.contact.urlPicture} size={28} />
      <span className="moments-row__main">
        <Link to={`/tickets/${ticket.uuid}`} className="moments-row__contact" title={ticket.contact.name}>
          {truncate(ticket.contact.name, CONTACT_NAME_MAX)}
        </Link>
        <span className="moments-row__queue">
          {ticket.queue && (
            <span className="queue-dot" style={{ background: ticket.queue.color }} aria-hidden />
          )}
          {ticket.queue?.name ?? t('moments.noQueue')}
        </span>
      </span>
      <Elapsed iso={ticket.updatedAt} now={now} />
    </li>
  );
}

function MomentsCard({
  title,
  tickets,
  now,
  testId,
  pending = false,
}: {
  title: string;
  tickets: TicketDto[];
  now: Date;
  testId: string;
  pending?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card className={`moments-card ${pending ? 'moments-card--pending' : ''}`} data-testid={testId}>
      <div className="moments-card__head">
        <Icon icon={pending ? 'time' : 'person'} />
        <H5 className="moments-card__title">{title}</H5>
        <Tag round intent={pending ? 'warning' : 'success'} data-testid={`${testId}-count`}>
          {tickets.length}
        </Tag>
      </div>
      <div className="moments-card__caption">{pending ? t('moments.waiting') : t('moments.attending')}</div>
      {tickets.length === 0 ? (
        <div className="moments-card__empty">{t('moments.none')}</div>
      ) : (
        <ul className="moments-card__list">
          {tickets.map((ticket) => (
            <TicketLine key={ticket.id} ticket={ticket} now={now} />
          ))}
        </ul>
      )}
    </Card>
  );
}

/** /moments, "Tempo Real" (spec part 1 "Real-time panel"): a Pendentes card and one card per attending user. */
export function MomentsScreen() {
  const { t } = useTranslation();
  const user = requireUser(useAtomValue(userAtom));
  const { tickets, loading, failed } = useMoments(user.companyId);
  const now = useNow();
  const board = groupMoments(tickets);
  return (
    <div className="moments-screen" data-testid="moments-screen">
      <header className="moments-screen__header">
        <H3 className="moments-screen__title">{t('moments.title')}</H3>
        <span className="moments-screen__hint">{t('moments.window')}</span>
      </header>
      {loading && tickets.length === 0 ? (
        <Spinner size={32} />
      ) : failed && tickets.length === 0 ? (
        <NonIdealState icon="error" description={t('moments.loadFailed')} />
      ) : (
        <div className="moments-grid">
          <MomentsCard
            title={t('moments.pending')}
            tickets={board.pending}
            now={now}
            testId="moments-pending"
            pending
          />
          {board.users.map((card) => (
            <MomentsCard
              key={card.user.id}
              title={card.user.name}
              tickets={card.tickets}
              now={now}
              testId={`moments-user-${card.user.id}`}
            />
          ))}
          {board.users.length === 0 && (
            <NonIdealState icon="people" description={t('moments.noUsers')} className="moments-grid__empty" />
          )}
        </div>
      )}
    </div>
  );
}
