import type { DashboardDto, DashboardPeriod, TicketsDayDto, TicketsUsersDto } from '@balcao/sdk';
import { useEffect, useState } from 'react';
import { api } from '../api/http';
import { toastError } from '../notify/toaster';

export interface DashboardData {
  figures: DashboardDto;
  perDay: TicketsDayDto;
  perUser: TicketsUsersDto;
}

/** The dashboard's three calls for a period (spec part 1 §7), fetched together and again when the period changes. */
export function useDashboard(period: DashboardPeriod): { data: DashboardData | null; loading: boolean } {
  const [data, setData] = useState<DashboardData | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const chart = { initialDate: period.from, finalDate: period.to };
    setLoading(true);
    Promise.all([
      api.get<DashboardDto>('/dashboard', { query: { date_from: period.from, date_to: period.to }, signal }),
      api.get<TicketsDayDto>('/dashboard/ticketsDay', { query: chart, signal }),
      api.get<TicketsUsersDto>('/dashboard/ticketsUsers', { query: chart, signal }),
    ])
      .then(([figures, perDay, perUser]) => setData({ figures, perDay, perUser }))
      .catch((err: unknown) => {
        if (!signal.aborted) toastError(err);
      })
      .finally(() => {
        if (!signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [period.from, period.to]);

  return { data, loading };
}
