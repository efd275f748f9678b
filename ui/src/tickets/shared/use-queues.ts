import type { QueueDto } from '@balcao/sdk';
import { useEffect, useState } from 'react';
import { toastError } from '../../notify/toaster';
import { fetchQueues } from './tickets-api';

let cache: Promise<QueueDto[]> | null = null;
/** The mounted useCompanyQueues, told when a refresh lands. */
const listeners = new Set<(queues: QueueDto[]) => void>();

/**
 * The company's queues, loaded once per page view and kept current by refreshCompanyQueues (a failed `/api/queue`
 * counts as none, and is asked again next time). For decisions that must not be taken on a list still on its way,
 * e.g. whether accepting asks for a queue.
 */
export function loadCompanyQueues(): Promise<QueueDto[]> {
  cache ??= fetchQueues().catch((err: unknown) => {
    cache = null;
    toastError(err);
    return [];
  });
  return cache;
}

/**
 * A queue was created, renamed, recoloured, reordered or removed (`company-{id}-queue`), or the socket is back after
 * missing such events: the queues are read again and every screen showing them gets the new list. Nothing loaded
 * yet: the first load will read the current ones. A failed read keeps the list shown.
 */
export function refreshCompanyQueues(): void {
  const previous = cache;
  if (!previous) return;
  const next = fetchQueues().catch(() => previous);
  cache = next;
  void next.then((queues) => {
    // A later refresh went out meanwhile: its answer is the one to show.
    if (cache === next) for (const listener of listeners) listener(queues);
  });
}

/** The company's queues for rendering: empty until loaded (loadCompanyQueues), then live (refreshCompanyQueues). */
export function useCompanyQueues(): QueueDto[] {
  const [queues, setQueues] = useState<QueueDto[]>([]);
  useEffect(() => {
    let alive = true;
    listeners.add(setQueues);
    const loading = loadCompanyQueues();
    // Superseded by a refresh meanwhile: the listener brings that answer.
    void loading.then((q) => alive && (cache === loading || cache === null) && setQueues(q));
    return () => {
      alive = false;
      listeners.delete(setQueues);
    };
  }, []);
  return queues;
}
