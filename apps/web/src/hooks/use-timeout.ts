import { useEffect, useEffectEvent } from 'react';

/** Runs `callback` once, `delayMs` after the delay is set; `null` means no timer. */
export function useTimeout(callback: () => void, delayMs: number | null): void {
  const onTimeout = useEffectEvent(callback);
  useEffect(() => {
    if (delayMs === null) return;
    const timer = window.setTimeout(() => onTimeout(), delayMs);
    return () => window.clearTimeout(timer);
  }, [delayMs]);
}
