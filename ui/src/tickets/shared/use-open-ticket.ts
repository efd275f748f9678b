import type { FieldError, OtherOpenTicketRef } from '@balcao/sdk';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, isRecord } from '../../api/api-error';
import { toastError } from '../../notify/toaster';
import { requireUser, userAtom } from '../../session/session-store';
import { otherUserDialogAtom } from './ticket-store';
import { createTicket } from './tickets-api';

/** The ticket an ERR_OTHER_OPEN_TICKET answer names (only when the user may see it), if that is what `err` is. */
export function existingTicketOf(err: unknown): OtherOpenTicketRef | undefined {
  if (!(err instanceof ApiError) || err.code !== 'ERR_OTHER_OPEN_TICKET' || !isRecord(err.body))
    return undefined;
  return isRecord(err.body.ticket) ? (err.body.ticket as unknown as OtherOpenTicketRef) : undefined;
}

/**
 * Opens a ticket for a contact (`POST /tickets`) and goes to it. When the contact already has one, the user goes to
 * it if it is theirs, sees who has it if another user's (the other-user dialog), else the error. Field problems go to
 * `onFields` when given (the dialog shows them by its fields), else to the toast. Answers whether it went on.
 */
export function useOpenTicket() {
  const user = requireUser(useAtomValue(userAtom));
  const navigate = useNavigate();
  const showOtherUser = useSetAtom(otherUserDialogAtom);

  return useCallback(
    async (
      input: { contactId: number; queueId: number | null; whatsappId: number | null },
      onFields?: (fields: FieldError[]) => void,
    ) => {
      try {
        const ticket = await createTicket(input);
        navigate(`/tickets/${ticket.uuid}`);
        return true;
      } catch (err) {
        const existing = existingTicketOf(err);
        if (existing?.userId && existing.userId !== user.id) {
          showOtherUser(existing);
          return true;
        }
        if (existing?.userId === user.id) {
          navigate(`/tickets/${existing.uuid}`);
          return true;
        }
        if (onFields && err instanceof ApiError && err.fields.length) {
          onFields(err.fields);
          return false;
        }
        // Unassigned (pending): the error says so; the ticket is in the Pending list to accept.
        toastError(err);
        return false;
      }
    },
    [navigate, showOtherUser, user.id],
  );
}
