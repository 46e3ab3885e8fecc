import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Spinner } from '../../../../components/ui/spinner';
import { useFirstScreenShown } from '../../../../lib/first-screen';
import { t } from '../../../../lib/i18n';

/** A part of the transaction page whose code comes apart from the page's (see `later`). */
export type LaterPart<P> = ComponentType<P> & {
  /** Starts fetching the part's code, once: what the page will likely need next (see usePreloadLater). */
  prefetch: () => void;
};

/**
 * A part of the transaction page that its first screen does not show: a dialog, a form behind a button,
 * a tab other than Overview, a card only some trades have. Its code, and what only it needs (forms, zod
 * with the schemas, Radix's dialog), is fetched at once when the part is rendered, or earlier with
 * `prefetch` (usePreloadLater: once the first screen shows its data), so the page's first visit downloads
 * less before it can show (docs/performance.md, Web). While the code is on its way `fallback` is shown in
 * the part's place: nothing is lost, a dialog opened before its code arrives opens when it arrives.
 */
export function later<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): LaterPart<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  let prefetched = false;
  const fetchCode = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // Tried again the next time the part is rendered (back online).
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const lazyPart = () => lazy(async () => ({ default: await fetchCode() })) as unknown as ComponentType<P>;
  function Later(props: P) {
    // Chosen once per mount: a part rendered before its code arrived stays the same component (and keeps
    // its state) when it does. Once the code is here, the part renders without suspending. (A new lazy
    // component per mount: after a failed download, opening the part again tries again.)
    const [Part] = useState(() => loaded ?? lazyPart());
    return (
      <Suspense fallback={fallback}>
        <Part {...props} />
      </Suspense>
    );
  }
  const prefetch = () => {
    if (prefetched) return;
    prefetched = true;
    fetchCode().catch(() => undefined);
  };
  return Object.assign(Later, { prefetch });
}

/**
 * Fetches the parts the page will likely need next (the dialog of the viewer's next step, the chat, the
 * Payment tab) once its first screen shows its data (lib/first-screen.ts), so that they open at once
 * when asked for without competing with what the first screen still downloads.
 */
export function usePreloadLater(
  parts: readonly (Pick<LaterPart<object>, 'prefetch'> | false | null)[],
): void {
  const shown = useFirstScreenShown();
  useEffect(() => {
    if (!shown) return;
    for (const part of parts) if (part) part.prefetch();
  });
}

/** Where a dialog will be while its code is still on its way, said after a moment (not for a fast one). */
export function OpeningDialog() {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), 150);
    return () => clearTimeout(timer);
  }, []);
  if (!slow) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-6 z-50 flex justify-center">
      <span className="rounded-full bg-white px-4 py-2 text-sm shadow-lg ring-1 ring-slate-200">
        <Spinner label={t('Opening...')} />
      </span>
    </div>
  );
}
