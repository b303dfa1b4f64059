import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec §9: the dashboard and the analytics refresh every 30 seconds. */
export const AUTO_REFRESH_MS = 30_000;

/**
 * Loads `fetcher` now, again every 30 s and on `refresh()`; a failure is logged only (spec §8) and keeps the
 * last figures. A new `fetcher` (e.g. another period) reloads at once.
 */
export function useRefreshing<T>(fetcher: () => Promise<T>): { data: T | null; loading: boolean; refresh: () => void } {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const latest = useRef(fetcher);
  latest.current = fetcher;

  const refresh = useCallback(() => {
    const current = latest.current;
    setLoading(true);
    current()
      .then((answer) => {
        if (latest.current === current) setData(answer);
      })
      .catch((error: unknown) => console.error(error))
      .finally(() => setLoading(false));
  }, []);

  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, AUTO_REFRESH_MS);
    return () => clearInterval(timer);
  }, [fetcher, refresh]);

  return { data, loading, refresh };
}
