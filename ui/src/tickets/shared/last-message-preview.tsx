import { Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { LAST_MESSAGE_MAX } from './format';
import { lastMessageView } from './last-message';
import './last-message-preview.css';

/**
 * A ticket's or contact's last message in a list (ticket rows, the bell, contacts): text, or an uncaptioned media's
 * icon and translated label. `empty` stands in when there is none.
 */
export function LastMessagePreview({
  text,
  empty = '\u00a0',
  max = LAST_MESSAGE_MAX,
}: {
  text: string | null | undefined;
  empty?: string;
  max?: number;
}) {
  const { t } = useTranslation();
  const view = lastMessageView(text, max);
  if (view.kind === 'text') return <>{view.text || empty}</>;
  return (
    <span className="last-message-media" data-testid="last-message-media" data-media={view.media}>
      <Icon icon={view.icon} size={12} className="last-message-media__icon" />
      {t(view.labelKey)}
    </span>
  );
}
