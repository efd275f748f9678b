import type { TicketDto } from '@balcao/sdk';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { toastError } from '../../notify/toaster';
import { requireUser, userAtom } from '../../session/session-store';
import { acceptDialogAtom, openSubTabAtom, otherUserDialogAtom, selectableQueues } from './ticket-store';
import { updateTicket } from './tickets-api';
import { loadCompanyQueues, useCompanyQueues } from './use-queues';

/**
 * Accept (and reopen) as spec part 1 §4 has them: without a queue the queue dialog comes first (when there are
 * queues to choose); a ticket someone else already took shows who has it; otherwise its conversation opens.
 */
export function useTicketActions() {
  const user = requireUser(useAtomValue(userAtom));
  const navigate = useNavigate();
  const showAcceptDialog = useSetAtom(acceptDialogAtom);
  const showOtherUser = useSetAtom(otherUserDialogAtom);
  const setOpenSubTab = useSetAtom(openSubTabAtom);
  const queues = selectableQueues(user, useCompanyQueues());

  const acceptWith = useCallback(
    async (ticket: TicketDto, queueId: number | null): Promise<boolean> => {
      try {
        const updated = await updateTicket(ticket.id, {
          status: 'open',
          userId: user.id,
          ...(queueId !== null ? { queueId } : {}),
        });
        if (updated.userId !== null && updated.userId !== user.id) showOtherUser(updated);
        else {
          setOpenSubTab(updated.status === 'group' ? 'group' : 'open');
          navigate(`/tickets/${updated.uuid}`);
        }
        return true;
      } catch (err) {
        toastError(err);
        return false;
      }
    },
    [user.id, navigate, showOtherUser, setOpenSubTab],
  );

  const accept = useCallback(
    async (ticket: TicketDto) => {
      if (ticket.queueId !== null) {
        await acceptWith(ticket, ticket.queueId);
        return;
      }
      // An admin chooses among the company's queues: decide on them once loaded, never on the empty list before.
      const choices = selectableQueues(user, await loadCompanyQueues());
      if (choices.length > 0) showAcceptDialog(ticket);
      else await acceptWith(ticket, null);
    },
    [user, showAcceptDialog, acceptWith],
  );

  /** Ignore a pending ticket: closed without a farewell, bot counter reset. */
  const ignore = useCallback(async (ticket: TicketDto) => {
    try {
      await updateTicket(ticket.id, { status: 'closed', amountUsedBotQueues: 0 });
    } catch (err) {
      toastError(err);
    }
  }, []);

  return { accept, acceptWith, ignore, queues };
}
