import type { TicketDto } from '@balcao/sdk';
import {
  Button,
  Dialog,
  DialogBody,
  FormGroup,
  InputGroup,
  Menu,
  MenuItem,
  NonIdealState,
} from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ConfirmFooter } from '../../forms/confirm-footer';
import { toastError } from '../../notify/toaster';
import { requireUser, userAtom } from '../../session/session-store';
import { fetchUserList, updateTicket } from '../shared/tickets-api';
import { useCompanyQueues } from '../shared/use-queues';
import { QueueField } from './queue-field';

/** Spec part 1 §5: user search starts at 3 characters. */
export const USER_SEARCH_MIN = 3;
const MAX_MATCHES = 8;

/**
 * Transfer (spec part 1 §4): to a user (open, theirs) or to a queue only (pending, nobody's). A queue is required
 * (while the company has queues at all: without any there is nothing to choose).
 */
export function TransferDialog({
  ticket,
  isOpen,
  onClose,
}: {
  ticket: TicketDto;
  isOpen: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = requireUser(useAtomValue(userAtom));
  const queues = useCompanyQueues();
  const [users, setUsers] = useState<{ id: number; name: string }[]>([]);
  const [term, setTerm] = useState('');
  const [target, setTarget] = useState<{ id: number; name: string } | null>(null);
  const [queueId, setQueueId] = useState<number | null>(ticket.queueId);
  const [queueError, setQueueError] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!isOpen) return;
    setQueueId(ticket.queueId);
    // Not oneself: taking a ticket is Accept (pending) or, for an admin, a take-over the server decides on.
    fetchUserList().then((list) => setUsers(list.filter((u) => u.id !== user.id)), toastError);
  }, [isOpen, ticket.queueId, user.id]);

  const matches = useMemo(() => {
    const needle = term.trim().toLowerCase();
    if (needle.length < USER_SEARCH_MIN) return [];
    return users.filter((u) => u.name.toLowerCase().includes(needle)).slice(0, MAX_MATCHES);
  }, [term, users]);

  const close = () => {
    setTerm('');
    setTarget(null);
    setQueueError(false);
    onClose();
  };

  const handleTransfer = async () => {
    if (queueId === null && queues.length > 0) {
      setQueueError(true);
      return;
    }
    setBusy(true);
    try {
      await updateTicket(
        ticket.id,
        target
          ? { status: 'open', userId: target.id, queueId, isTransfered: true }
          : { status: 'pending', userId: null, queueId, isTransfered: true },
      );
      close();
      navigate('/tickets');
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={t('tickets.transfer.title')}
      icon="exchange"
      className="ticket-dialog"
    >
      <DialogBody>
        <FormGroup
          label={t('tickets.fields.user')}
          labelFor="transfer-user"
          helperText={t('tickets.transfer.userHint')}
        >
          <InputGroup
            id="transfer-user"
            leftIcon="person"
            value={target ? target.name : term}
            placeholder={t('tickets.transfer.userPlaceholder')}
            onValueChange={(v) => {
              setTarget(null);
              setTerm(v);
            }}
            rightElement={
              target ? <Button variant="minimal" icon="cross" onClick={() => setTarget(null)} /> : undefined
            }
            data-testid="transfer-user"
          />
        </FormGroup>
        {!target && term.trim().length >= USER_SEARCH_MIN && (
          <div className="new-ticket__results">
            {matches.length === 0 ? (
              <NonIdealState icon="person" description={t('tickets.transfer.noUsers')} />
            ) : (
              <Menu>
                {matches.map((u) => (
                  <MenuItem key={u.id} icon="person" text={u.name} onClick={() => setTarget(u)} />
                ))}
              </Menu>
            )}
          </div>
        )}
        <QueueField
          id="transfer-queue"
          queues={queues}
          value={queueId}
          invalid={queueError}
          onChange={(id) => {
            setQueueId(id);
            setQueueError(false);
          }}
        />
      </DialogBody>
      <ConfirmFooter
        text={t('tickets.transfer.submit')}
        busy={busy}
        onCancel={close}
        onConfirm={handleTransfer}
        testId="transfer-confirm"
      />
    </Dialog>
  );
}
