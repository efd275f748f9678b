import type { ContactDto } from '@balcao/sdk';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { api } from '../../api/http';
import { requireUser, userAtom } from '../../session/session-store';
import { directQueue } from './new-ticket-rules';
import { newTicketDialogAtom } from './ticket-store';
import { searchContacts } from './tickets-api';
import { useOpenTicket } from './use-open-ticket';

/**
 * "Talk to" someone known only by name and number (a contact card, a group message's sender): the contact with that
 * number, created if new, then a ticket of mine for them (or the one they already have), on the given connection
 * (a group's sender is reached where the group is) or else the user's. An attendant who must choose a queue gets the
 * new-ticket dialog with that contact and connection (directQueue). Answers whether it went on.
 */
export function useTalkTo() {
  const user = requireUser(useAtomValue(userAtom));
  const openTicket = useOpenTicket();
  const askNewTicket = useSetAtom(newTicketDialogAtom);
  return useCallback(
    async (who: { name: string; number: string; whatsappId?: number | null }) => {
      const number = who.number.replace(/\D/g, '') || who.number;
      const found = (await searchContacts(number)).find((c) => c.number === number);
      const contact =
        found ?? (await api.post<ContactDto>('/contacts', { name: who.name || number, number }));
      const whatsappId = who.whatsappId ?? user.whatsappId ?? null;
      const queue = directQueue(user);
      if (queue === 'ask') {
        askNewTicket({ contact, whatsappId });
        return true;
      }
      return openTicket({ contactId: contact.id, queueId: queue.queueId, whatsappId });
    },
    [openTicket, askNewTicket, user],
  );
}
