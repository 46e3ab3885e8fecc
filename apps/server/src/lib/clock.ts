import type { Clock } from '@escrow/shared/domain/clock';

/**
 * The one source of "now" for the server. Every write and every timer reads the injected clock, so
 * tests can move time (`clock.now = () => later`) and time-based jobs are tested without waiting.
 * Lint forbids `new Date()` and `Date.now()` in server code and `packages/shared`; this file is the exception.
 */
export type { Clock };

export function systemClock(): Clock {
  return { now: () => new Date() };
}
