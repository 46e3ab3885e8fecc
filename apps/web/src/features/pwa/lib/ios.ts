/**
 * iOS Safari has no install prompt: the visitor adds the app through Share → Add to Home Screen.
 * Other iOS browsers (Chrome, Firefox, Edge) cannot install web apps, so the hint is for Safari only.
 * iPadOS reports itself as a Mac, hence the touch check.
 */
export function isIosSafari(
  userAgent = navigator.userAgent,
  maxTouchPoints = navigator.maxTouchPoints,
): boolean {
  const ios = /iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/i.test(userAgent) && maxTouchPoints > 1);
  const otherBrowser = /CriOS|FxiOS|EdgiOS|OPiOS|GSA\//i.test(userAgent);
  return ios && !otherBrowser && /Safari/i.test(userAgent);
}
