import { type MessageDto, parseVCard } from '@balcao/sdk';
import { Button, Card, Dialog, DialogBody, Icon } from '@blueprintjs/core';
import { useAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isMaskedNumber } from '../../contacts/number-visibility';
import { toastError } from '../../notify/toaster';
import { audioRateAtom, nextAudioRate } from '../shared/ticket-store';
import { useTalkTo } from '../shared/use-talk-to';
import './media.css';

/** Invisible markers (private-media joiner, automatic-text mark) are not captions. */
export const captionOf = (body: string): string => body.replace(/[\u200d\u200e]/g, '').trim();

function ImageMedia({ url, caption }: { url: string; caption: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="message-media__image" onClick={() => setOpen(true)}>
        <img src={url} alt={caption || t('tickets.media.image')} loading="lazy" data-testid="message-image" />
      </button>
      <Dialog
        isOpen={open}
        onClose={() => setOpen(false)}
        title={caption || t('tickets.media.image')}
        className="message-media__lightbox"
      >
        <DialogBody>
          <img src={url} alt={caption} data-testid="message-image-large" />
        </DialogBody>
      </Dialog>
    </>
  );
}

function AudioMedia({ url }: { url: string }) {
  const { t } = useTranslation();
  const [rate, setRate] = useAtom(audioRateAtom);
  const audio = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    if (audio.current) audio.current.playbackRate = rate;
  }, [rate]);
  return (
    <div className="message-media__audio">
      {/* biome-ignore lint/a11y/useMediaCaption: voice notes have no captions. */}
      <audio ref={audio} src={url} controls preload="metadata" data-testid="message-audio" />
      <Button
        size="small"
        variant="outlined"
        text={`${rate}x`}
        aria-label={t('tickets.media.playbackRate')}
        title={t('tickets.media.playbackRate')}
        onClick={() => setRate(nextAudioRate(rate))}
        data-testid="audio-rate"
      />
    </div>
  );
}

/**
 * "Talk to": the card's number as a contact (found or created) with an open ticket of mine, on the connection of the
 * conversation the card is in.
 */
function ContactCard({ body, whatsappId }: { body: string; whatsappId: number | null }) {
  const { t } = useTranslation();
  const talkTo = useTalkTo();
  const card = parseVCard(body);
  const [busy, setBusy] = useState(false);
  if (!card) return <span className="message__text">{body}</span>;
  const talk = async () => {
    setBusy(true);
    try {
      await talkTo({ ...card, whatsappId });
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card className="message-media__contact" data-testid="message-contact-card">
      <Icon icon="person" size={24} />
      <div>
        <strong>{card.name}</strong>
        <div className="message-media__number">+{card.number}</div>
      </div>
      {/* A masked number (LGPD) is not one to talk to: it would make a contact with a wrong number. */}
      {!isMaskedNumber(card.number) && (
        <Button
          size="small"
          intent="primary"
          text={t('tickets.media.talkTo')}
          loading={busy}
          onClick={talk}
        />
      )}
    </Card>
  );
}

/** Peers store a location as "thumbnail|maps link|description"; a bare link or "lat,lng" also works. */
function Location({ body }: { body: string }) {
  const { t } = useTranslation();
  const parts = body.split('|');
  const link =
    parts.find((p) => /^https:\/\//.test(p)) ??
    (/^-?\d+(\.\d+)?,\s*-?\d+(\.\d+)?$/.test(body.trim())
      ? `https://maps.google.com/maps?q=${encodeURIComponent(body.trim())}`
      : null);
  const description = parts.length > 2 ? parts.slice(2).join('|') : '';
  return (
    <div className="message-media__location">
      <Icon icon="map-marker" />
      {link ? (
        <a href={link} target="_blank" rel="noreferrer">
          {description || t('tickets.media.openMap')}
        </a>
      ) : (
        <span>{description || body}</span>
      )}
    </div>
  );
}

/**
 * What a message carries beyond text (spec part 1 §2): image (click to enlarge), video, audio with a playback rate,
 * document link, location, contact card, reaction and call log. Returns null for plain text.
 */
export function MessageMedia({
  message,
  whatsappId = null,
}: {
  message: Pick<MessageDto, 'mediaType' | 'mediaUrl' | 'body'>;
  /** The conversation's connection: a card's "Talk to" opens the ticket there. */
  whatsappId?: number | null;
}) {
  const { t } = useTranslation();
  const { mediaType, mediaUrl: url, body } = message;
  const caption = captionOf(body);
  switch (mediaType) {
    case 'contactMessage':
      return <ContactCard body={body} whatsappId={whatsappId} />;
    case 'locationMessage':
      return <Location body={body} />;
    case 'reactionMessage':
      return (
        <span
          className={`message-media__reaction ${body ? '' : 'message-media__reaction--removed'}`}
          data-testid="message-reaction"
        >
          {/* A reaction taken off (the attendant's or the contact's) is kept in the conversation, in order. */}
          {body || t('tickets.messages.reactionRemoved')}
        </span>
      );
    case 'call_log':
      return (
        <span className="message-media__call">
          <Icon icon="phone" /> {t(body === 'video' ? 'tickets.media.videoCall' : 'tickets.media.call')}
        </span>
      );
  }
  if (!url)
    return missingMedia(message) ? (
      <span className="message-media__missing" data-testid="message-media-missing">
        <Icon icon="warning-sign" /> {t('errors.ERR_WAPP_DOWNLOAD_MEDIA')}
      </span>
    ) : null;
  if (mediaType === 'image') return <ImageMedia url={url} caption={caption} />;
  if (mediaType === 'video')
    return (
      // biome-ignore lint/a11y/useMediaCaption: videos from chats have no caption tracks.
      <video
        className="message-media__video"
        src={url}
        controls
        preload="metadata"
        data-testid="message-video"
      />
    );
  if (mediaType === 'audio') return <AudioMedia url={url} />;
  return (
    <a
      className="message-media__document"
      href={url}
      target="_blank"
      rel="noreferrer"
      download={caption || true}
    >
      <Icon icon="document" /> {caption || t('tickets.media.document')}
    </a>
  );
}

/**
 * A file the channel could not bring (its download failed: ERR_WAPP_DOWNLOAD_MEDIA): a photo, video, audio or document
 * without an address. The message is kept with its caption; this says the file is missing instead of showing nothing.
 */
export const missingMedia = (m: Pick<MessageDto, 'mediaType' | 'mediaUrl'>): boolean =>
  !m.mediaUrl && ['image', 'video', 'audio', 'application'].includes(m.mediaType);

/** Whether the body is already shown by the media (cards, reactions, a document's name) and needs no text line. */
export function bodyShownByMedia(m: Pick<MessageDto, 'mediaType' | 'mediaUrl' | 'body'>): boolean {
  if (['contactMessage', 'locationMessage', 'reactionMessage', 'call_log'].includes(m.mediaType)) return true;
  if (!m.mediaUrl) return false;
  return m.mediaType === 'application' || captionOf(m.body) === '';
}
