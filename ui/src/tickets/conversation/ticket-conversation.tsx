import type { MessageDto } from '@balcao/sdk';
import { Alert, Spinner } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../notify/toaster';
import { useChannelTraits } from '../../plugins/use-channel-traits';
import { requireUser, userAtom } from '../../session/session-store';
import { ForwardDialog } from '../dialogs/forward-dialog';
import { listQueueIds, messageQueueIds } from '../shared/queue-selection';
import { selectedQueueIdsAtom } from '../shared/ticket-store';
import { deleteMessage, reactToMessage } from '../shared/tickets-api';
import { Composer } from './composer';
import { ContactDrawer } from './contact-drawer';
import { ConversationHeader } from './conversation-header';
import { MessageList } from './message-list';
import { useContactMerges } from './use-contact-merges';
import { useMessages } from './use-messages';
import { useTicket } from './use-ticket';

/** /tickets/:uuid — header, messages, composer and the contact drawer of one ticket. */
export function TicketConversation({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const user = requireUser(useAtomValue(userAtom));
  const { ticket } = useTicket(uuid);
  const listQueues = listQueueIds(user, useAtomValue(selectedQueueIdsAtom));
  // A merge of the ticket's contact moves messages and details: the list and the drawer read them again.
  const merges = useContactMerges(user.companyId, ticket?.contactId ?? null);
  const messages = useMessages(
    user.companyId,
    ticket?.id ?? null,
    messageQueueIds(listQueues, ticket?.queueId ?? null),
    merges,
  );
  const [replyTo, setReplyTo] = useState<MessageDto | null>(null);
  const [toDelete, setToDelete] = useState<MessageDto | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [toForward, setToForward] = useState<MessageDto | null>(null);

  const handleReply = useCallback((m: MessageDto) => setReplyTo(m), []);
  const handleDelete = useCallback((m: MessageDto) => setToDelete(m), []);
  const handleForward = useCallback((m: MessageDto) => setToForward(m), []);
  const { upsert } = messages;
  const handleReact = useCallback(
    (m: MessageDto, emoji: string) => void reactToMessage(m.id, emoji).then(upsert).catch(toastError),
    [upsert],
  );
  const reactions = useChannelTraits(ticket?.channel ?? '').reactions;
  const confirmDelete = async () => {
    const message = toDelete;
    setToDelete(null);
    if (!message) return;
    try {
      await deleteMessage(message.id);
      messages.upsert({ ...message, isDeleted: true });
    } catch (err) {
      toastError(err);
    }
  };

  if (!ticket || ticket.uuid !== uuid) {
    return (
      <div className="conversation conversation--loading">
        <Spinner size={32} />
      </div>
    );
  }

  return (
    <div className="conversation" data-testid="conversation" data-ticket-id={ticket.id}>
      <div className="conversation__main">
        <ConversationHeader
          ticket={ticket}
          drawerOpen={drawerOpen}
          onToggleDrawer={() => setDrawerOpen((o) => !o)}
        />
        <MessageList
          messages={messages.messages}
          hasMore={messages.hasMore}
          loading={messages.loading}
          last={messages.last}
          isGroup={ticket.isGroup}
          whatsappId={ticket.whatsappId}
          loadOlder={messages.loadOlder}
          onReply={handleReply}
          onDelete={handleDelete}
          onForward={handleForward}
          canReact={reactions && (ticket.status === 'open' || ticket.status === 'group')}
          onReact={handleReact}
        />
        <Composer
          ticket={ticket}
          replyTo={replyTo}
          onCancelReply={() => setReplyTo(null)}
          onSent={messages.upsert}
        />
        <ForwardDialog message={toForward} messages={messages.messages} onClose={() => setToForward(null)} />
      </div>
      {drawerOpen && <ContactDrawer key={merges} ticket={ticket} onClose={() => setDrawerOpen(false)} />}
      <Alert
        isOpen={toDelete !== null}
        icon="trash"
        intent="danger"
        cancelButtonText={t('common.cancel')}
        confirmButtonText={t('tickets.messages.delete')}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        <p>{t('tickets.confirmDelete')}</p>
      </Alert>
    </div>
  );
}
