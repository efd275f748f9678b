import { type ContactDto, lastMessagePreview, type MessageDto, type TicketDto } from '@balcao/sdk';
import { type ComposerApi, ComposerContext, createComposerKeys } from '@balcao/sdk/ui';
import { Button, Icon, TextArea, Tooltip } from '@blueprintjs/core';
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../notify/toaster';
import { Slot } from '../../plugins/slot';
import { QUOTE_MAX } from '../shared/format';
import { LastMessagePreview } from '../shared/last-message-preview';
import { sendContactCard, sendMedia, sendMessage } from '../shared/tickets-api';
import { useSignMessage } from '../shared/use-sign-message';
import { AttachButtons, AttachmentList } from './attachments';
import { ContactCardDialog } from './contact-card-dialog';
import { VoiceRecorder } from './voice-recorder';

interface Props {
  ticket: TicketDto;
  replyTo: MessageDto | null;
  onCancelReply(): void;
  onSent(message: MessageDto): void;
}

/** Spec part 1 §4: sending is possible only while the ticket is open or a group. */
export const canSend = (ticket: Pick<TicketDto, 'status'>): boolean =>
  ticket.status === 'open' || ticket.status === 'group';

/** Why the composer is off, by status (pending and the rest: accept it first). */
const COMPOSER_HINT: Partial<Record<TicketDto['status'], string>> = {
  closed: 'tickets.composer.closedHint',
  nps: 'tickets.composer.npsHint',
  lgpd: 'tickets.composer.lgpdHint',
};

/**
 * The composer (spec part 1 §2, §5): up to 5 rows, Enter sends and Shift+Enter breaks the line, blank text is never
 * sent, private-note and signature toggles (the signature remembered locally), a reply preview, attachments (files or
 * camera, the text as caption), a voice recorder when there is nothing typed, and send-contact.
 */
export function Composer({ ticket, replyTo, onCancelReply, onSent }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const { offered: signOffered, sign, setSign } = useSignMessage();
  const [sending, setSending] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [cardOpen, setCardOpen] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  // Slots (quick-reply suggestions) take the input's keys first: arrows and Enter pick a suggestion.
  const keys = useMemo(createComposerKeys, []);
  const enabled = canSend(ticket);

  const sendFiles = async (chosen: File[], caption: string, voiceNote = false) => {
    setSending(true);
    try {
      const sent = await sendMedia(ticket.id, chosen, {
        body: caption,
        isPrivate,
        signMessage: sign && !isPrivate,
        voiceNote,
      });
      for (const m of sent) onSent(m);
      return true;
    } catch (err) {
      toastError(err);
      return false;
    } finally {
      setSending(false);
    }
  };

  const sendCard = async (contact: ContactDto) => {
    try {
      // By id: the server writes the card from the stored number, which a masked viewer (LGPD) never has.
      onSent(await sendContactCard(ticket.id, { contactId: contact.id }));
    } catch (err) {
      toastError(err);
      throw err;
    }
  };

  const send = async () => {
    const body = text.trim();
    if (!enabled || sending) return;
    if (files.length) {
      if (await sendFiles(files, body)) {
        setFiles([]);
        setText('');
      }
      return;
    }
    if (body === '') return;
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

  // What plugin slots in the composer see (quick replies replace the text, e.g.).
  const composerApi = useMemo<ComposerApi>(
    () => ({
      ticket,
      text,
      isPrivate,
      setText: (next) => {
        setText(next);
        input.current?.focus();
      },
      attach: (added) => setFiles((f) => [...f, ...added]),
      keys,
    }),
    [ticket, text, isPrivate, keys],
  );

  const handleKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!e.nativeEvent.isComposing && keys.handle(e)) {
      e.preventDefault();
      return;
    }
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    void send();
  };

  if (!enabled) {
    return (
      <div className="composer composer--disabled" data-testid="composer-disabled">
        <Icon icon="info-sign" />
        <span>{t(COMPOSER_HINT[ticket.status] ?? 'tickets.composer.pendingHint')}</span>
      </div>
    );
  }

  return (
    <ComposerContext.Provider value={composerApi}>
      <div className={`composer ${isPrivate ? 'composer--private' : ''}`} data-testid="composer">
        {text.startsWith('/') && (
          <div className="composer__suggestions" data-testid="composer-suggestions">
            <Slot id="ticket.composer.suggestions" />
          </div>
        )}
        {replyTo && (
          <div className="composer__reply" data-testid="composer-reply">
            <div className="composer__reply-body">
              <strong>
                {replyTo.fromMe
                  ? t('tickets.messages.you')
                  : (replyTo.contact?.name ?? t('tickets.messages.contact'))}
              </strong>
              <span>
                <LastMessagePreview text={lastMessagePreview(replyTo)} max={QUOTE_MAX} />
              </span>
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
        {files.length > 0 && (
          <AttachmentList files={files} onRemove={(i) => setFiles((f) => f.filter((_, j) => j !== i))} />
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
          {signOffered && (
            <Tooltip
              content={t(sign ? 'tickets.composer.signOn' : 'tickets.composer.signOff')}
              placement="top"
            >
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
          )}
          <AttachButtons disabled={sending} onAdd={(added) => setFiles((f) => [...f, ...added])} />
          <Tooltip content={t('tickets.media.sendContact')} placement="top">
            <Button
              variant="minimal"
              icon="id-number"
              aria-label={t('tickets.media.sendContact')}
              disabled={isPrivate || sending}
              onClick={() => setCardOpen(true)}
              data-testid="composer-contact"
            />
          </Tooltip>
          <Slot id="ticket.composer.actions" />
          <TextArea
            inputRef={input}
            className="composer__input"
            autoResize
            rows={1}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={handleKeyDown}
            placeholder={t(
              isPrivate ? 'tickets.composer.privatePlaceholder' : 'tickets.composer.placeholder',
            )}
            aria-label={t('tickets.composer.placeholder')}
            data-testid="composer-input"
          />
          {text.trim() === '' && files.length === 0 ? (
            <VoiceRecorder disabled={sending} onRecorded={(file) => void sendFiles([file], '', true)} />
          ) : (
            <Button
              intent="primary"
              icon="send-message"
              aria-label={t('tickets.composer.send')}
              title={t('tickets.composer.send')}
              loading={sending}
              onClick={() => void send()}
              data-testid="composer-send"
            />
          )}
        </div>
        <ContactCardDialog isOpen={cardOpen} onClose={() => setCardOpen(false)} onPick={sendCard} />
      </div>
    </ComposerContext.Provider>
  );
}
