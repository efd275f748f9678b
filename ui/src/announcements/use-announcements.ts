import { ANNOUNCEMENT_CHANNEL, type AnnouncementDto } from '@balcao/sdk';
import { useCallback, useEffect, useState } from 'react';
import { useReloadOnResync, useSocketChannel } from '../realtime/socket';
import { fetchAnnouncementPage, fetchAnnouncementsSeen, markAnnouncementsSeen } from './announcements-api';
import { applyAnnouncementFrame, unreadCount } from './announcements-live';

/**
 * The active announcements for the top-bar popover: the newest page, then kept live by `company-announcement` frames
 * and read again after a reconnect. `unread` counts those newer than the user's last look (kept on the server, so
 * every device agrees); `markSeen` records a look.
 */
export function useAnnouncements(): {
  items: AnnouncementDto[];
  loading: boolean;
  unread: number;
  markSeen(): void;
} {
  const [items, setItems] = useState<AnnouncementDto[]>([]);
  const [loading, setLoading] = useState(true);
  // Unknown until read: no badge meanwhile.
  const [seenAt, setSeenAt] = useState<string | null | undefined>(undefined);

  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      const [page, seen] = await Promise.all([
        fetchAnnouncementPage('', 1, signal),
        fetchAnnouncementsSeen(signal),
      ]);
      setItems(page.items.filter((a) => a.status));
      setSeenAt(seen.seenAt);
    } catch {
      // The popover stays as it was; the next frame or reconnect brings it up to date.
    } finally {
      if (!signal?.aborted) setLoading(false);
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);
  useReloadOnResync(() => void load());
  useSocketChannel(ANNOUNCEMENT_CHANNEL, (data) => setItems((shown) => applyAnnouncementFrame(shown, data)));

  const markSeen = useCallback(() => {
    markAnnouncementsSeen().then(
      (seen) => setSeenAt(seen.seenAt),
      () => undefined, // The badge stays; the next look tries again.
    );
  }, []);

  return { items, loading, unread: seenAt === undefined ? 0 : unreadCount(items, seenAt), markSeen };
}
