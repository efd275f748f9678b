import { companyChannel } from '@balcao/sdk';
import { useState } from 'react';
import { useSocketChannel } from '../../realtime/socket';
import { mergeConcerns } from './open-ticket-rules';

/**
 * How many times the open ticket's contact was merged with another while shown (`contact.merged`, heard as the
 * `merged` frame of `company-{id}-contact`): the conversation reads its messages again and the contact drawer is read
 * afresh each time it changes, so messages moved in show without reopening the ticket.
 */
export function useContactMerges(companyId: number, contactId: number | null): number {
  const [merges, setMerges] = useState(0);
  useSocketChannel(contactId === null ? null : companyChannel(companyId, 'contact'), (data) => {
    if (mergeConcerns(data, contactId)) setMerges((n) => n + 1);
  });
  return merges;
}
