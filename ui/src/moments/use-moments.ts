import { companyChannel, type TicketDto } from '@balcao/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../api/http';
import { toastError } from '../notify/toaster';
import { useReloadOnResync, useSocketChannel } from '../realtime/socket';

/** Ticket events arrive in bursts (a message updates its ticket); one refetch per quiet half second is enough. */
export const MOMENTS_REFETCH_DEBOUNCE_MS = 500;

/** `GET /api/dashboard/moments` (last 30 days), refetched after ticket events. */
export function useMoments(companyId: number): { tickets: TicketDto[]; loading: boolean; failed: boolean } {
  const [tickets, setTickets] = useState<TicketDto[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  const load = useCallback(() => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    api
      .get<TicketDto[]>('/dashboard/moments', { signal: controller.signal })
      .then((list) => {
        setTickets(list);
        setFailed(false);
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        setFailed(true);
        toastError(err);
      })
      .finally(() => {
        if (inFlight.current === controller) setLoading(false);
      });
  }, []);

  useEffect(() => {
    load();
    return () => {
      inFlight.current?.abort();
      if (timer.current) clearTimeout(timer.current);
    };
  }, [load]);

  useReloadOnResync(load);
  useSocketChannel(companyChannel(companyId, 'ticket'), () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(load, MOMENTS_REFETCH_DEBOUNCE_MS);
  });

  return { tickets, loading, failed };
}

/** The current time, ticking every `ms`, so elapsed times move on their own. */
export function useNow(ms = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}
