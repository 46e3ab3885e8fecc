import { useEffect, useState } from 'react';

/**
 * An index that advances every `intervalMs` through `count` items while not paused. The timer restarts
 * whenever the index changes, so a slide chosen by hand also gets its full time on screen.
 */
export function useRotatingIndex(count: number, intervalMs: number, paused: boolean) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setTimeout(() => setIndex((index + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [count, intervalMs, paused, index]);
  return [index, setIndex] as const;
}
