import { Dialog, DialogBody } from '@blueprintjs/core';
import { useAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmFooter } from '../../forms/confirm-footer';
import { acceptDialogAtom } from '../shared/ticket-store';
import { useTicketActions } from '../shared/use-ticket-actions';
import { QueueField } from './queue-field';

/** Accept (or reopen) a ticket without a queue: choose one first (spec "accept ticket (choose queue)"). */
export function AcceptDialog() {
  const { t } = useTranslation();
  const [ticket, setTicket] = useAtom(acceptDialogAtom);
  const { acceptWith, queues } = useTicketActions();
  const [queueId, setQueueId] = useState<number | null>(null);
  const [error, setError] = useState(false);
  const [busy, setBusy] = useState(false);
  // A user with exactly one queue has it preselected (spec part 1 §5).
  const chosen = queueId ?? (queues.length === 1 ? queues[0].id : null);

  const close = () => {
    setTicket(null);
    setQueueId(null);
    setError(false);
  };
  const handleAccept = async () => {
    if (!ticket) return;
    if (chosen === null) {
      setError(true);
      return;
    }
    setBusy(true);
    const ok = await acceptWith(ticket, chosen);
    setBusy(false);
    if (ok) close();
  };

  return (
    <Dialog
      isOpen={ticket !== null}
      onClose={close}
      title={t('tickets.accept.title')}
      icon="inbox"
      className="ticket-dialog"
    >
      <DialogBody>
        <QueueField
          id="accept-queue"
          queues={queues}
          value={chosen}
          invalid={error}
          onChange={(id) => {
            setQueueId(id);
            setError(false);
          }}
        />
      </DialogBody>
      <ConfirmFooter
        text={t('tickets.actions.accept')}
        busy={busy}
        onCancel={close}
        onConfirm={handleAccept}
        testId="accept-confirm"
      />
    </Dialog>
  );
}
