import { lazy, Suspense, useState, type ComponentType, type KeyboardEvent } from 'react';
import { useFirstScreenShown } from './first-screen';

/** The stand-in gets `activate`: the user reached for the part (clicked it) before its code arrived. */
export type StandInProps<P> = P & { activate: () => void };
/** The part gets `openAtOnce` when it was reached for that way: it opens as soon as it mounts. */
export type DeferredPartProps<P> = P & { openAtOnce?: boolean };

/**
 * The handlers of a stand-in for a Radix menu trigger, which opens on pointer down (and Enter, Space,
 * arrow down), as the trigger itself does: a press is not lost if the part arrives, and replaces the
 * stand-in, between the pointer going down and up. (A stand-in for a popover or dialog trigger, which
 * those open on click, takes `onClick={activate}`: the part then mounts open and gets no click.)
 */
export const menuTriggerHandlers = (activate: () => void) => ({
  onPointerDown: activate,
  onKeyDown: (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') activate();
  },
});

/**
 * A part of the signed-in shell that no screen is opened for (a menu, a sheet, a badge, the live
 * events). Its code, and the requests it makes, come once the first screen shows its data
 * (lib/first-screen.ts), or at once when the user reaches for it first; until then `StandIn`, which
 * looks the same and holds its place, is shown. So the first screen downloads and runs less before it
 * can show (Radix's menus, zod with the schemas) on a slow phone (docs/performance.md, Web).
 */
export function deferredPart<P extends object>(
  load: () => Promise<ComponentType<DeferredPartProps<P>>>,
  StandIn: ComponentType<StandInProps<P>> | null,
): ComponentType<P> {
  const Part = lazy(async () => ({ default: await load() }));
  function Deferred(props: P) {
    const ready = useFirstScreenShown();
    const [reached, setReached] = useState(false);
    const standIn = StandIn ? <StandIn {...props} activate={() => setReached(true)} /> : null;
    if (!ready && !reached) return standIn;
    return (
      <Suspense fallback={standIn}>
        <Part {...props} openAtOnce={reached} />
      </Suspense>
    );
  }
  return Deferred;
}
