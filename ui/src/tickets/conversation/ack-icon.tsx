import { Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ackState } from './message-rules';

/** Two check marks; Blueprint has a single one only. */
function DoubleTick() {
  return (
    <svg width="16" height="12" viewBox="0 0 16 12" aria-hidden focusable="false">
      <path
        d="M1 6.5l3 3L10.5 3M6 9.5l1 0.5L14.5 3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Delivery state of a message I sent: clock, sent, delivered, read. */
export function AckIcon({ ack }: { ack: number }) {
  const { t } = useTranslation();
  const state = ackState(ack);
  const label = t(`tickets.messages.ack.${state}`);
  return (
    <span
      className={`ack ack--${state}`}
      role="img"
      title={label}
      aria-label={label}
      data-testid="message-ack"
      data-ack={state}
    >
      {state === 'pending' && <Icon icon="time" size={11} />}
      {state === 'sent' && <Icon icon="tick" size={11} />}
      {(state === 'delivered' || state === 'read') && <DoubleTick />}
    </span>
  );
}
