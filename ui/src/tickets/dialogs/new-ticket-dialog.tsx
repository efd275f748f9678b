import type { ConnectionDto, ContactDto } from '@balcao/sdk';
import { Dialog, DialogBody, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmFooter } from '../../forms/confirm-footer';
import { toastError } from '../../notify/toaster';
import { requireUser, userAtom } from '../../session/session-store';
import { selectableQueues } from '../shared/ticket-store';
import { fetchConnections } from '../shared/tickets-api';
import { useOpenTicket } from '../shared/use-open-ticket';
import { useCompanyQueues } from '../shared/use-queues';
import { ContactPicker } from './contact-picker';
import { QueueField } from './queue-field';

/** New ticket (spec part 1 §5): find a contact, choose a queue (required unless admin) and a connection. */
export function NewTicketDialog({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const user = requireUser(useAtomValue(userAtom));
  const openTicket = useOpenTicket();
  const queues = selectableQueues(user, useCompanyQueues());
  const [contact, setContact] = useState<ContactDto | null>(null);
  const [queueId, setQueueId] = useState<number | null>(null);
  const [connections, setConnections] = useState<ConnectionDto[]>([]);
  const [whatsappId, setWhatsappId] = useState<number | null>(null);
  const [errors, setErrors] = useState<{ contact?: boolean; queue?: boolean }>({});
  const [busy, setBusy] = useState(false);
  const chosenQueue = queueId ?? (queues.length === 1 ? queues[0].id : null);

  useEffect(() => {
    if (!isOpen) return;
    fetchConnections().then(setConnections, toastError);
  }, [isOpen]);

  const close = () => {
    setContact(null);
    setQueueId(null);
    setErrors({});
    onClose();
  };

  const handleCreate = async () => {
    const missing = { contact: !contact, queue: chosenQueue === null && user.profile !== 'admin' };
    setErrors(missing);
    if (!contact || missing.queue) return;
    setBusy(true);
    const went = await openTicket({
      contactId: contact.id,
      queueId: chosenQueue,
      whatsappId: whatsappId ?? user.whatsappId ?? connections[0]?.id ?? null,
    });
    setBusy(false);
    if (went) close();
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={t('tickets.newTicket.title')}
      icon="add"
      className="ticket-dialog"
    >
      <DialogBody>
        <ContactPicker
          id="new-ticket-contact"
          value={contact}
          onChange={setContact}
          invalid={errors.contact}
        />
        <QueueField
          id="new-ticket-queue"
          queues={queues}
          value={chosenQueue}
          invalid={Boolean(errors.queue)}
          onChange={setQueueId}
        />
        <FormGroup label={t('tickets.fields.connection')} labelFor="new-ticket-connection">
          <HTMLSelect
            id="new-ticket-connection"
            fill
            value={whatsappId ?? user.whatsappId ?? connections[0]?.id ?? ''}
            onChange={(e) => setWhatsappId(Number(e.target.value))}
          >
            {connections.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      </DialogBody>
      <ConfirmFooter
        text={t('tickets.newTicket.submit')}
        busy={busy}
        onCancel={close}
        onConfirm={handleCreate}
        testId="new-ticket-submit"
      />
    </Dialog>
  );
}
