import { useUiHost } from '@balcao/sdk/ui';
import { useEffect, useState } from 'react';
import type { GreetingDto, GreetingPageDto } from '../shared/greeting';

/** The newest greetings (first page of `GET /api/hello`), null while loading. */
export function useLatestGreetings(limit: number): GreetingDto[] | null {
  const { api, toastError } = useUiHost();
  const [greetings, setGreetings] = useState<GreetingDto[] | null>(null);
  useEffect(() => {
    let alive = true;
    api.get<GreetingPageDto>('/hello', { pageNumber: 1 }).then(
      (page) => alive && setGreetings(page.greetings.slice(0, limit)),
      (error) => {
        if (alive) setGreetings([]);
        toastError(error);
      },
    );
    return () => {
      alive = false;
    };
  }, [api, toastError, limit]);
  return greetings;
}
