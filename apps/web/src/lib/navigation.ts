/**
 * In-app navigation that works with or without react-router loaded. The landing page (`/`) is shown
 * without the router, so its first load carries none of it (docs/performance.md, Web); its links go
 * through `navigate`, which the app layer points at whatever is on the page: on the landing, a handover
 * that loads the router and moves to the target; once the router runs, `router.navigate`.
 */
export type Navigator = {
  navigate: (to: string) => void;
  /** A hint that a navigation may follow soon (a link is pointed at or focused): fetch what it needs. */
  prepare?: () => void;
};

let current: Navigator | null = null;

export function setNavigator(navigator: Navigator): void {
  current = navigator;
}

/** Goes to `to` inside the app; before the app layer has said how, with a full page load. */
export function navigate(to: string): void {
  if (current) current.navigate(to);
  else window.location.assign(to);
}

export function prepareNavigation(): void {
  current?.prepare?.();
}
