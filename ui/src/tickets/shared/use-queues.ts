import type { QueueDto } from '@balcao/sdk';
import { useEffect, useState } from 'react';
import { toastError } from '../../notify/toaster';
import { fetchQueues } from './tickets-api';

let cache: Promise<QueueDto[]> | null = null;

/**
 * The company's queues, loaded once per page view (a failed `/api/queue` counts as none, and is asked again next
 * time). For decisions that must not be taken on a list still on its way, e.g. whether accepting asks for a queue.
 */
export function loadCompanyQueues(): Promise<QueueDto[]> {
  cache ??= fetchQueues().catch((err: unknown) => {
    cache = null;
    toastError(err);
    return [];
  });
  return cache;
}

/** The company's queues for rendering: empty until loaded (loadCompanyQueues). */
export function useCompanyQueues(): QueueDto[] {
  const [queues, setQueues] = useState<QueueDto[]>([]);
  useEffect(() => {
    let alive = true;
    void loadCompanyQueues().then((q) => alive && setQueues(q));
    return () => {
      alive = false;
    };
  }, []);
  return queues;
}
