import { useEffect, useState } from 'react';

/**
 * An index that steps through `length` items every `intervalMs`, for decorative rotation. It stays
 * at 0 when `paused` (reduced motion) and while the tab is hidden, so nothing runs unseen.
 */
export function useCycle(length: number, intervalMs: number, paused: boolean): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (paused || length < 2) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') setIndex((i) => (i + 1) % length);
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [length, intervalMs, paused]);
  return paused ? 0 : index;
}
