import { formatSegments, lastMessagePreview, type MessageDto, type TextSegment } from '@balcao/sdk';
import { Button, Icon, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isMaskedNumber } from '../../contacts/number-visibility';
import { toastError } from '../../notify/toaster';
import { userAtom } from '../../session/session-store';
import { formatTime, QUOTE_MAX } from '../shared/format';
import { LastMessagePreview } from '../shared/last-message-preview';
import { useTalkTo } from '../shared/use-talk-to';
import { AckIcon } from './ack-icon';
import { DeliveryFailed } from './delivery-failed';
import { bodyShownByMedia, captionOf, MessageMedia } from './message-media';
import { type ShownReaction, sameReactions } from './message-rules';
import { ReactionPicker, reactable } from './reaction-picker';

interface Props {
  message: MessageDto;
  /** Group tickets name who wrote each incoming message. */
  showAuthor: boolean;
  /** The ticket's connection: "talk to the sender" opens the private ticket on it. */
  whatsappId: number | null;
  onReply(message: MessageDto): void;
  onDelete(message: MessageDto): void;
  onForward(message: MessageDto): void;
  /** The conversation's channel carries reactions and the ticket is writable: the menu offers them. */
  canReact: boolean;
  onReact(message: MessageDto, emoji: string): void;
  /** The current reactions on this message (the account's and the contact's), shown on it; none: empty. */
  reactions?: readonly ShownReaction[];
}

const NO_REACTIONS: readonly ShownReaction[] = [];

/** The reactions on a message, as WhatsApp shows them: a small pill under the bubble, each emoji titled by who. */
function Reactions({ reactions }: { reactions: readonly ShownReaction[] }) {
  const { t } = useTranslation();
  const whoOf = (r: ShownReaction) =>
    r.fromMe
      ? t('tickets.messages.yourReaction')
      : r.participant
        ? t('tickets.messages.reactionBy', { name: r.participant })
        : t('tickets.messages.contactReaction');
  return (
    <span className="message__reactions">
      {reactions.map((r) => (
        <span
          key={r.fromMe ? 'me' : `contact:${r.participant ?? ''}`}
          data-testid="message-reacted"
          data-from={r.fromMe ? 'me' : 'contact'}
          title={whoOf(r)}
        >
          {r.emoji}
        </span>
      ))}
    </span>
  );
}

/** One segment of a body (formatSegments, shared with the web chat visitor's page): text only, never HTML. */
function Segment({ part }: { part: TextSegment }) {
  let node: ReactNode = part.text;
  if (part.href)
    node = (
      <a href={part.href} target="_blank" rel="noopener noreferrer">
        {part.text}
      </a>
    );
  if (part.strike) node = <s>{node}</s>;
  if (part.italic) node = <em>{node}</em>;
  if (part.bold) node = <strong>{node}</strong>;
  return node;
}

function Body({ body }: { body: string }) {
  return (
    <span className="message__text">
      {formatSegments(body).map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: segments of one immutable body.
        <Segment key={i} part={part} />
      ))}
    </span>
  );
}

function MessageMenu({
  message,
  showAuthor,
  whatsappId,
  onReply,
  onDelete,
  onForward,
  canReact,
  onReact,
}: Props) {
  const { t } = useTranslation();
  const me = useAtomValue(userAtom);
  const talkTo = useTalkTo();
  // Spec part 1 §2: "talk to the sender" for group messages not from me (the participant becomes a contact).
  // A sender shown masked (LGPD) is not offered: talking to the mask would make a contact with a wrong number.
  const participant = showAuthor && !message.fromMe ? message.participant : null;
  const sender = participant && !isMaskedNumber(participant) ? participant : null;
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu>
          {canReact && reactable(message) && <ReactionPicker message={message} onReact={onReact} />}
          <MenuItem
            icon="undo"
            text={t('tickets.messages.reply')}
            onClick={() => onReply(message)}
            data-testid="message-reply"
          />
          {sender && (
            <MenuItem
              icon="chat"
              text={t('tickets.messages.talkToSender')}
              onClick={() => void talkTo({ name: sender, number: sender, whatsappId }).catch(toastError)}
              data-testid="message-talk-to-sender"
            />
          )}
          {/* Private notes never leave Balcão, so they are not forwarded. */}
          {!message.isPrivate && (
            <MenuItem
              icon="share"
              text={t('tickets.messages.forward')}
              onClick={() => onForward(message)}
              data-testid="message-forward"
            />
          )}
          {/* Delete is for one's own messages only (the server refuses anyone else's). */}
          {message.userId !== null && message.userId === me?.id && (
            <MenuItem
              icon="trash"
              intent="danger"
              text={t('tickets.messages.delete')}
              onClick={() => onDelete(message)}
              data-testid="message-delete"
            />
          )}
        </Menu>
      }
    >
      <Button
        size="small"
        variant="minimal"
        icon="chevron-down"
        className="message__menu"
        aria-label={t('tickets.messages.options')}
        data-testid="message-menu"
      />
    </PopoverNext>
  );
}

/**
 * One message: text or media, private note, deleted, quoted reply, time and ack, with react / reply / forward / delete.
 */
export const MessageBubble = memo(
  function MessageBubble({
    message,
    showAuthor,
    whatsappId,
    onReply,
    onDelete,
    onForward,
    canReact,
    onReact,
    reactions = NO_REACTIONS,
  }: Props) {
    const { t } = useTranslation();
    // In a group the author is the participant who wrote, not the group (the message's contact).
    const author = showAuthor && !message.fromMe ? (message.participant ?? message.contact?.name) : null;
    const side = message.fromMe ? 'message--me' : 'message--them';
    const kind = message.isPrivate ? 'message--private' : '';
    const quoted = message.quotedMsg;

    return (
      <div
        className={`message ${side} ${kind}`}
        data-testid={`message-${message.id}`}
        data-private={message.isPrivate}
      >
        <div className={`message__bubble ${reactions.length > 0 ? 'message__bubble--reacted' : ''}`}>
          {message.isPrivate && (
            <div className="message__label">
              <Icon icon="lock" size={11} /> {t('tickets.messages.privateNote')}
            </div>
          )}
          {message.isForwarded && (
            <div className="message__label message__label--forwarded" data-testid="message-forwarded">
              <Icon icon="share" size={11} /> {t('tickets.messages.forwarded')}
            </div>
          )}
          {author && (
            <div className="message__author" data-testid="message-author">
              {author}
            </div>
          )}
          {quoted && (
            <div
              className={`message__quote ${quoted.fromMe ? 'message__quote--me' : ''}`}
              data-testid="message-quote"
            >
              <div className="message__quote-author">
                {quoted.fromMe ? t('tickets.messages.you') : t('tickets.messages.contact')}
              </div>
              <LastMessagePreview text={lastMessagePreview(quoted)} max={QUOTE_MAX} />
            </div>
          )}
          {message.isDeleted ? (
            <span className="message__deleted" data-testid="message-deleted">
              <Icon icon="disable" size={12} /> {t('tickets.messages.deleted')}
            </span>
          ) : (
            <>
              <MessageMedia message={message} whatsappId={whatsappId} />
              {!bodyShownByMedia(message) && <Body body={captionOf(message.body)} />}
            </>
          )}
          {reactions.length > 0 && <Reactions reactions={reactions} />}
          <div className="message__meta">
            {message.isEdited && <span>{t('tickets.messages.edited')}</span>}
            <time dateTime={message.createdAt}>{formatTime(new Date(message.createdAt))}</time>
            {message.fromMe && !message.isPrivate && <AckIcon ack={message.ack} />}
            {message.deliveryError && !message.isDeleted && <DeliveryFailed message={message} />}
            {/* A reaction is no message of its own on WhatsApp: nothing to reply to, forward or delete (take it off instead). */}
            {!message.isDeleted && message.mediaType !== 'reactionMessage' && (
              <MessageMenu
                message={message}
                showAuthor={showAuthor}
                whatsappId={whatsappId}
                onReply={onReply}
                onDelete={onDelete}
                onForward={onForward}
                canReact={canReact}
                onReact={onReact}
              />
            )}
          </div>
        </div>
      </div>
    );
  },
  // The reactions are a new list whenever the conversation changes: compared by what they show.
  (a, b) =>
    (Object.keys(a) as (keyof Props)[]).every((k) =>
      k === 'reactions'
        ? sameReactions(a.reactions ?? NO_REACTIONS, b.reactions ?? NO_REACTIONS)
        : a[k] === b[k],
    ) && Object.keys(a).length === Object.keys(b).length,
);
