import type { QueueDto } from '@balcao/sdk';
import { useEffect, useState } from 'react';
import { toastError } from '../../notify/toaster';
import { fetchQueues } from './tickets-api';

let cache: Promise<QueueDto[]> | null = null;

/** The company's queues, loaded once per page view (a missing `/api/queue` counts as none). */
export function useCompanyQueues(): QueueDto[] {
  const [queues, setQueues] = useState<QueueDto[]>([]);
  useEffect(() => {
    let alive = true;
    cache ??= fetchQueues().catch((err: unknown) => {
      cache = null;
      toastError(err);
      return [];
    });
    void cache.then((q) => alive && setQueues(q));
    return () => {
      alive = false;
    };
  }, []);
  return queues;
}
