import { type MediaPreviewKind, mediaPreviewKind } from '@balcao/sdk';
import type { IconName } from '@blueprintjs/core';
import { previewText, truncate } from './format';

const ICONS: Record<MediaPreviewKind, IconName> = {
  audio: 'microphone',
  image: 'media',
  video: 'video',
  application: 'document',
  contactMessage: 'person',
  locationMessage: 'map-marker',
  call_log: 'phone',
};

/** A ticket's last message as the UI shows it: a media marker (`[audio]`) as icon and label, anything else as text. */
export type LastMessageView =
  | { kind: 'media'; media: MediaPreviewKind; icon: IconName; labelKey: string }
  | { kind: 'text'; text: string };

/**
 * How to show a `lastMessage` (lastMessagePreview in @balcao/sdk makes it): the marker of an uncaptioned media becomes
 * its icon and the i18n key of its label ("Voice message"); text becomes one plain line cut to `max` characters.
 */
export function lastMessageView(lastMessage: string | null | undefined, max: number): LastMessageView {
  const media = mediaPreviewKind(lastMessage);
  if (media) return { kind: 'media', media, icon: ICONS[media], labelKey: `tickets.preview.${media}` };
  return { kind: 'text', text: truncate(previewText(lastMessage), max) };
}

/** The same as plain text, for places without icons (desktop notifications, tooltips). */
export function lastMessageText(
  lastMessage: string | null | undefined,
  max: number,
  t: (key: string) => string,
): string {
  const view = lastMessageView(lastMessage, max);
  return view.kind === 'media' ? t(view.labelKey) : view.text;
}
