import { ANNOUNCEMENT_CHANNEL, type AnnouncementDto } from '@balcao/sdk';
import { useCallback, useEffect, useState } from 'react';
import { useReloadOnResync, useSocketChannel } from '../realtime/socket';
import { fetchAnnouncementPage } from './announcements-api';
import { applyAnnouncementFrame } from './announcements-live';

/**
 * The active announcements for the top-bar popover: the newest page, then kept live by `company-announcement` frames
 * and read again after a reconnect.
 */
export function useAnnouncements(): { items: AnnouncementDto[]; loading: boolean } {
  const [items, setItems] = useState<AnnouncementDto[]>([]);
  const [loading, setLoading] = useState(true);

  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      const page = await fetchAnnouncementPage('', 1, signal);
      setItems(page.items.filter((a) => a.status));
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

  return { items, loading };
}
