import { useEffect, useState } from 'react';

/** The time now (epoch ms), again every `everyMs`: for what a screen shows by age (a position's « il y a 3 min »). */
export function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
