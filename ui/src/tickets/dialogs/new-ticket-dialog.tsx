import type { ConnectionDto, ContactDto } from '@balcao/sdk';
import { Dialog, DialogBody, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmFooter } from '../../forms/confirm-footer';
import { toastError } from '../../notify/toaster';
import { requireUser, userAtom } from '../../session/session-store';
import { preselectedConnection } from '../shared/new-ticket-rules';
import { newTicketDialogAtom, selectableQueues } from '../shared/ticket-store';
import { fetchConnections } from '../shared/tickets-api';
import { useOpenTicket } from '../shared/use-open-ticket';
import { useCompanyQueues } from '../shared/use-queues';
import { ContactPicker } from './contact-picker';
import { QueueField } from './queue-field';

/**
 * New ticket (spec part 1 §5): find a contact (or start with one, newTicketDialogAtom), choose a queue (required unless
 * admin; a single one is preselected) and a connection among those that reach the contact (preselectedConnection).
 */
export function NewTicketDialog() {
  const { t } = useTranslation();
  const user = requireUser(useAtomValue(userAtom));
  const [request, setRequest] = useAtom(newTicketDialogAtom);
  const openTicket = useOpenTicket();
  const queues = selectableQueues(user, useCompanyQueues());
  const [contact, setContact] = useState<ContactDto | null>(null);
  const [queueId, setQueueId] = useState<number | null>(null);
  const [connections, setConnections] = useState<ConnectionDto[]>([]);
  const [whatsappId, setWhatsappId] = useState<number | null>(null);
  const [errors, setErrors] = useState<{ contact?: boolean; queue?: boolean }>({});
  const [busy, setBusy] = useState(false);
  const isOpen = request !== null;
  const chosenQueue = queueId ?? (queues.length === 1 ? queues[0].id : null);
  // A connection asked for (or chosen) counts only while it is among the ones offered: those that reach the contact.
  const asked = connections.some((c) => c.id === whatsappId) ? whatsappId : null;
  const chosenConnection = asked ?? preselectedConnection(connections, user.whatsappId, contact?.channel);

  useEffect(() => {
    if (!request) return;
    setContact(request.contact);
    setWhatsappId(request.whatsappId ?? null);
  }, [request]);

  // Only the connections that reach the chosen contact are offered (a phone number is not reached by a web chat).
  const contactId = contact?.id;
  useEffect(() => {
    if (!isOpen) return;
    let live = true;
    fetchConnections(contactId).then((list) => live && setConnections(list), toastError);
    return () => {
      live = false;
    };
  }, [isOpen, contactId]);

  const close = () => {
    setContact(null);
    setQueueId(null);
    setWhatsappId(null);
    setErrors({});
    setRequest(null);
  };

  const handleCreate = async () => {
    const missing = { contact: !contact, queue: chosenQueue === null && user.profile !== 'admin' };
    setErrors(missing);
    if (!contact || missing.queue) return;
    setBusy(true);
    const went = await openTicket(
      { contactId: contact.id, queueId: chosenQueue, whatsappId: chosenConnection },
      // The server's word on the same rules (an attendant without a queue): shown by the field, as the dialog's own.
      (fields) =>
        setErrors({
          contact: fields.some((f) => f.path === 'contactId'),
          queue: fields.some((f) => f.path === 'queueId'),
        }),
    );
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
          onChange={(c) => {
            setContact(c);
            // The choices follow the contact: what was chosen may not reach the new one.
            setWhatsappId(null);
          }}
          invalid={errors.contact}
        />
        <QueueField
          id="new-ticket-queue"
          queues={queues}
          value={chosenQueue}
          invalid={Boolean(errors.queue)}
          onChange={(id) => {
            setQueueId(id);
            setErrors((e) => ({ ...e, queue: false }));
          }}
        />
        <FormGroup label={t('tickets.fields.connection')} labelFor="new-ticket-connection">
          <HTMLSelect
            id="new-ticket-connection"
            data-testid="new-ticket-connection"
            fill
            value={chosenConnection ?? ''}
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
