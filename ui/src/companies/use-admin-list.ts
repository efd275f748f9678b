import { useCallback, useEffect, useState } from 'react';
import { toastError } from '../notify/toaster';

/** A short list read whole (plans, helps): its rows, and `reload`; a failed read says so (spec part 2 §8). */
export function useAdminList<T>(fetch: () => Promise<T[]>, loadErrorKey: string) {
  const [rows, setRows] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const reload = useCallback(() => {
    setLoading(true);
    fetch()
      .then(setRows, (err) => toastError(err, loadErrorKey))
      .finally(() => setLoading(false));
  }, [fetch, loadErrorKey]);
  useEffect(reload, [reload]);
  return { rows, loading, reload };
}

/** Runs a delete and reloads; the toasts of spec part 2 §8. */
export async function removeAndReload(
  remove: () => Promise<unknown>,
  reload: () => void,
  toasts: { success(): void; failure(err: unknown): void },
): Promise<void> {
  try {
    await remove();
    toasts.success();
    reload();
  } catch (err) {
    toasts.failure(err);
  }
}
