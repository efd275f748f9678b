import type { MessageDto } from '@balcao/sdk';
import { Button, Icon, Tooltip } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../notify/toaster';
import { retryMessage } from '../shared/tickets-api';

/**
 * A message the channel could not deliver after every retry (the outbox gave up): the reason on hover and a retry
 * button, which queues it again; the ack and this mark follow live as the worker tries.
 */
export function DeliveryFailed({ message }: { message: MessageDto }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  // A channel that names its refusal with a code of the spec (ERR_SENDING_WAPP_MSG…) is read in the user's language.
  const reason = message.deliveryError ?? '';
  const readable = i18n.exists(`errors.${reason}`) ? t(`errors.${reason}`) : reason;
  const retry = async () => {
    setBusy(true);
    try {
      await retryMessage(message.id);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="delivery-failed" data-testid="message-delivery-failed">
      <Tooltip content={t('tickets.messages.deliveryFailed', { reason: readable })}>
        <span className="delivery-failed__mark" role="img" aria-label={t('tickets.messages.notDelivered')}>
          <Icon icon="error" size={12} /> {t('tickets.messages.notDelivered')}
        </span>
      </Tooltip>
      <Button
        size="small"
        variant="minimal"
        intent="danger"
        icon="refresh"
        loading={busy}
        onClick={retry}
        data-testid="message-retry"
        text={t('tickets.messages.retry')}
      />
    </span>
  );
}
