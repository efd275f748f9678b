import type { ContactDto } from '@balcao/sdk';
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { api } from '../../api/http';
import { requireUser, userAtom } from '../../session/session-store';
import { searchContacts } from './tickets-api';
import { useOpenTicket } from './use-open-ticket';

/**
 * "Talk to" someone known only by name and number (a contact card, a group message's sender): the contact with that
 * number, created if new, then a ticket of mine for them (or the one they already have), on the given connection
 * (a group's sender is reached where the group is) or else the user's. Answers whether it went on.
 */
export function useTalkTo() {
  const user = requireUser(useAtomValue(userAtom));
  const openTicket = useOpenTicket();
  return useCallback(
    async (who: { name: string; number: string; whatsappId?: number | null }) => {
      const number = who.number.replace(/\D/g, '') || who.number;
      const found = (await searchContacts(number)).find((c) => c.number === number);
      const contact =
        found ?? (await api.post<ContactDto>('/contacts', { name: who.name || number, number }));
      const whatsappId = who.whatsappId ?? user.whatsappId ?? null;
      return openTicket({ contactId: contact.id, queueId: null, whatsappId });
    },
    [openTicket, user.whatsappId],
  );
}
