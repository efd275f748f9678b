import type { ContactDto } from '@balcao/sdk';
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { api } from '../../api/http';
import { requireUser, userAtom } from '../../session/session-store';
import { chooseConnection, directQueue } from './new-ticket-rules';
import { newTicketDialogAtom } from './ticket-store';
import { fetchConnections, searchContacts } from './tickets-api';
import { useOpenTicket } from './use-open-ticket';

/**
 * "Talk to" someone known only by name and number (a contact card, a group message's sender): the contact with that
 * number, created if new, then a ticket of mine for them (or the one they already have), on a connection that can
 * reach them: the given one (a group's sender is reached where the group is), else the user's, else the first that
 * can (a card shared in a web chat is answered on a phone connection, never on the web chat). An attendant who must choose a queue gets the
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
      const whatsappId = chooseConnection(await fetchConnections(contact.id), [
        who.whatsappId,
        user.whatsappId,
      ]);
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
