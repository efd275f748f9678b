import { Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRealtimeStatus } from '../realtime/socket';

/** Grace before warning: a reconnect after a blip should not flash a warning. */
const OFFLINE_GRACE_MS = 3000;

/**
 * Tells the attendant when live updates are off (the socket is down and reconnecting), so a quiet list is not
 * mistaken for a quiet day. `data-realtime` on the tag's wrapper exposes the status to browser tests.
 */
export function RealtimeIndicator() {
  const { t } = useTranslation();
  const status = useRealtimeStatus();
  const [warn, setWarn] = useState(false);

  useEffect(() => {
    if (status === 'ready') {
      setWarn(false);
      return;
    }
    const timer = setTimeout(() => setWarn(true), OFFLINE_GRACE_MS);
    return () => clearTimeout(timer);
  }, [status]);

  return (
    <span className="realtime-indicator" data-realtime={status} data-testid="realtime-status">
      {warn && (
        <Tag intent="warning" icon="offline" minimal round title={t('topbar.reconnectingHint')}>
          {t('topbar.reconnecting')}
        </Tag>
      )}
    </span>
  );
}
