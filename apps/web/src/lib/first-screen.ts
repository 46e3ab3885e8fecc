import { startTransition, useEffect, useState } from 'react';
import { whenEarlyAnswersHandled } from './api-client';

/**
 * Calls `callback` once the browser has painted what is on screen now (the next frame, then a task), or
 * after `fallbackMs` where frames do not run (a tab in the background). Returns a cancel function.
 */
function afterNextPaint(callback: () => void, fallbackMs = 1_000): () => void {
  let done = false;
  let task: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    done = true;
    callback();
  };
  const frame = requestAnimationFrame(() => {
    task = setTimeout(run, 0);
  });
  const fallback = setTimeout(run, fallbackMs);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(task);
    clearTimeout(fallback);
  };
}

/** Calls `callback` when the page is idle (rendering done), or after `timeoutMs` at the latest. */
function whenIdle(callback: () => void, timeoutMs = 2_000): void {
  // Safari has no requestIdleCallback.
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(callback, { timeout: timeoutMs });
  else setTimeout(callback, 200);
}

let shown = false;
let shownPromise: Promise<void> | null = null;

/**
 * Resolves once the first screen of the page load shows its data: the answers the entry asked for early
 * (main.tsx, api-client's early answers) have reached the app, React has finished rendering them (the
 * page went idle) and the browser has painted. What a screen is not opened for (the shell's badges and
 * balance, the live channel) waits for this, so on a slow connection it does not compete with what the
 * screen is still fetching (docs/performance.md, Web).
 */
export function whenFirstScreenShown(): Promise<void> {
  shownPromise ??= whenEarlyAnswersHandled()
    .then(() => new Promise<void>((resolve) => afterNextPaint(resolve)))
    .then(() => new Promise<void>((resolve) => whenIdle(resolve)))
    .then(() => new Promise<void>((resolve) => afterNextPaint(resolve)))
    .then(() => {
      shown = true;
    });
  return shownPromise;
}

/**
 * False until the first screen shows its data (see whenFirstScreenShown), then true for good. The
 * switch renders in a transition: what it brings in renders in slices, not as one long task.
 */
export function useFirstScreenShown(): boolean {
  const [ready, setReady] = useState(shown);
  useEffect(() => {
    if (ready) return;
    let cancelled = false;
    void whenFirstScreenShown().then(() => {
      if (!cancelled) startTransition(() => setReady(true));
    });
    return () => {
      cancelled = true;
    };
  }, [ready]);
  return ready;
}

/**
 * False until `shown` is true and the browser has painted that render, then true for good. A page
 * renders below its first screen only then, in a transition: its first commit with data holds only what
 * the first screen shows, and the rest renders in slices after that paint (docs/performance.md, Web).
 */
export function usePaintedOnce(shown: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!shown || painted) return;
    return afterNextPaint(() => startTransition(() => setPainted(true)));
  }, [shown, painted]);
  return painted;
}
