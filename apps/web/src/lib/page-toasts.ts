import { toast } from 'sonner';

type Location = { pathname: string };
/** The part of React Router's data router used here (and faked in tests). */
export type NavigationSource = {
  state: { location: Location };
  subscribe: (listener: (state: { location: Location }) => void) => () => void;
};

/**
 * Toasts belong to the page that raised them: when the path changes, the toasts
 * that were already on screen when the user last pressed a key or pointer are dismissed. A toast raised
 * by the action that navigates ('Account created… Please login') comes after that press, so it
 * announces the next page as intended.
 */
export function dismissPageToastsOnNavigation(router: NavigationSource, target: Document = document) {
  let onScreen = new Set<string | number>();
  const snapshot = () => {
    onScreen = new Set(toast.getToasts().map((t) => t.id));
  };
  const events = ['pointerdown', 'keydown'] as const;
  events.forEach((name) => target.addEventListener(name, snapshot, true));
  let pathname = router.state.location.pathname;
  const unsubscribe = router.subscribe((state) => {
    if (state.location.pathname === pathname) return;
    pathname = state.location.pathname;
    onScreen.forEach((id) => toast.dismiss(id));
    onScreen = new Set();
  });
  return () => {
    events.forEach((name) => target.removeEventListener(name, snapshot, true));
    unsubscribe();
  };
}
