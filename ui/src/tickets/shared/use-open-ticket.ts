import type { ConnectionDto, TicketDto } from '@balcao/sdk';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, isRecord } from '../../api/api-error';
import { toastError } from '../../notify/toaster';
import { requireUser, userAtom } from '../../session/session-store';
import { otherUserDialogAtom } from './ticket-store';
import { createTicket } from './tickets-api';

/** The ticket an ERR_OTHER_OPEN_TICKET answer carries, if that is what `err` is. */
export function existingTicketOf(err: unknown): TicketDto | undefined {
  if (!(err instanceof ApiError) || err.code !== 'ERR_OTHER_OPEN_TICKET' || !isRecord(err.body))
    return undefined;
  return isRecord(err.body.ticket) ? (err.body.ticket as unknown as TicketDto) : undefined;
}

/** The connection a new ticket for a contact of `channel` goes out on: same channel, then the user's, then default. */
export function connectionFor(
  channel: string,
  connections: ConnectionDto[],
  userWhatsappId: number | null | undefined,
): number | null {
  const sameChannel = connections.filter((c) => c.channel === channel);
  const pool = sameChannel.length ? sameChannel : connections;
  return (
    pool.find((c) => c.id === userWhatsappId)?.id ?? pool.find((c) => c.isDefault)?.id ?? pool[0]?.id ?? null
  );
}

/**
 * Opens a ticket for a contact (`POST /tickets`) and goes to it. When the contact already has one, the user goes to
 * it if it is theirs, sees who has it if another user's (the other-user dialog), else the error. Answers whether it went on.
 */
export function useOpenTicket() {
  const user = requireUser(useAtomValue(userAtom));
  const navigate = useNavigate();
  const showOtherUser = useSetAtom(otherUserDialogAtom);

  return useCallback(
    async (input: { contactId: number; queueId: number | null; whatsappId: number | null }) => {
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
        // Unassigned (pending): the error says so; the ticket is in the Pending list to accept.
        toastError(err);
        return false;
      }
    },
    [navigate, showOtherUser, user.id],
  );
}
