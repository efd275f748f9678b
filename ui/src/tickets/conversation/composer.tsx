import type { MessageDto, TicketDto } from '@balcao/sdk';
import { Button, Icon, TextArea, Tooltip } from '@blueprintjs/core';
import { useAtom } from 'jotai';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../notify/toaster';
import { Slot } from '../../plugins/slot';
import { previewText, truncate } from '../shared/format';
import { signMessageAtom } from '../shared/ticket-store';
import { sendMessage } from '../shared/tickets-api';

interface Props {
  ticket: TicketDto;
  replyTo: MessageDto | null;
  onCancelReply(): void;
  onSent(message: MessageDto): void;
}

/** Spec part 1 §4: sending is possible only while the ticket is open or a group. */
export const canSend = (ticket: Pick<TicketDto, 'status'>): boolean =>
  ticket.status === 'open' || ticket.status === 'group';

/**
 * The composer (spec part 1 §2, §5): up to 5 rows, Enter sends and Shift+Enter breaks the line, blank text is never
 * sent, private-note and signature toggles (the signature remembered locally), and a reply preview.
 */
export function Composer({ ticket, replyTo, onCancelReply, onSent }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const [sign, setSign] = useAtom(signMessageAtom);
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const enabled = canSend(ticket);

  const send = async () => {
    const body = text.trim();
    if (!enabled || sending || body === '') return;
    setSending(true);
    try {
      const message = await sendMessage(ticket.id, {
        body,
        isPrivate,
        signMessage: sign && !isPrivate,
        quotedMsg: replyTo ? { id: replyTo.id } : null,
      });
      setText('');
      onCancelReply();
      onSent(message);
    } catch (err) {
      toastError(err);
    } finally {
      setSending(false);
      input.current?.focus();
    }
  };

  const handleKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    void send();
  };

  if (!enabled) {
    return (
      <div className="composer composer--disabled" data-testid="composer-disabled">
        <Icon icon="info-sign" />
        <span>
          {t(ticket.status === 'closed' ? 'tickets.composer.closedHint' : 'tickets.composer.pendingHint')}
        </span>
      </div>
    );
  }

  return (
    <div className={`composer ${isPrivate ? 'composer--private' : ''}`} data-testid="composer">
      {replyTo && (
        <div className="composer__reply" data-testid="composer-reply">
          <div className="composer__reply-body">
            <strong>
              {replyTo.fromMe
                ? t('tickets.messages.you')
                : (replyTo.contact?.name ?? t('tickets.messages.contact'))}
            </strong>
            <span>{truncate(previewText(replyTo.body), 120)}</span>
          </div>
          <Button
            variant="minimal"
            icon="cross"
            aria-label={t('tickets.composer.cancelReply')}
            onClick={onCancelReply}
            data-testid="composer-cancel-reply"
          />
        </div>
      )}
      <div className="composer__row">
        <Tooltip
          content={t(isPrivate ? 'tickets.composer.privateOn' : 'tickets.composer.privateOff')}
          placement="top"
        >
          <Button
            variant="minimal"
            icon="lock"
            active={isPrivate}
            intent={isPrivate ? 'warning' : 'none'}
            aria-pressed={isPrivate}
            aria-label={t('tickets.composer.private')}
            onClick={() => setPrivate((p) => !p)}
            data-testid="composer-private"
          />
        </Tooltip>
        <Tooltip content={t(sign ? 'tickets.composer.signOn' : 'tickets.composer.signOff')} placement="top">
          <Button
            variant="minimal"
            icon="draw"
            active={sign}
            aria-pressed={sign}
            aria-label={t('tickets.composer.sign')}
            disabled={isPrivate}
            onClick={() => setSign(!sign)}
            data-testid="composer-sign"
          />
        </Tooltip>
        {/* Render site for plugin actions, off until SDK SLOT_IDS lists it (the slot guard test rejects unknown ids): */}
        <Slot id="ticket.composer.actions" />
        <TextArea
          inputRef={input}
          className="composer__input"
          autoResize
          rows={1}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={handleKeyDown}
          placeholder={t(isPrivate ? 'tickets.composer.privatePlaceholder' : 'tickets.composer.placeholder')}
          aria-label={t('tickets.composer.placeholder')}
          data-testid="composer-input"
        />
        <Button
          intent="primary"
          icon="send-message"
          aria-label={t('tickets.composer.send')}
          title={t('tickets.composer.send')}
          loading={sending}
          disabled={text.trim() === ''}
          onClick={() => void send()}
          data-testid="composer-send"
        />
      </div>
    </div>
  );
}
