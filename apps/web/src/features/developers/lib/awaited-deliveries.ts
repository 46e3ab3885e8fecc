import type { WebhookAttempt } from '@escrow/shared/schemas/webhooks';
import type { AttemptPage } from '../api/deliveries';

/**
 * A delivery the user just queued (a test ping or a retry), awaited in the log until its next attempt
 * shows up: an attempt numbered above `afterAttempt`. The scheduler sends within seconds; after
 * `until` the log stops asking (the server may be busy or its scheduler off).
 */
export type AwaitedDelivery = { deliveryId: string; afterAttempt: number; until: number };

/** How long the log keeps asking for a queued delivery's attempt. */
export const AWAIT_DELIVERY_MS = 60_000;
/** A scheduled retry this close (or this recently due) keeps the log asking too. */
const SOON_MS = 30_000;

export const arrived = (awaited: AwaitedDelivery, attempts: WebhookAttempt[]) =>
  attempts.some((a) => a.deliveryId === awaited.deliveryId && a.attempt > awaited.afterAttempt);

/** The awaited deliveries whose attempt is not in the log yet. */
export const stillAwaited = (awaited: AwaitedDelivery[], answer: AttemptPage | undefined) =>
  awaited.filter((entry) => !arrived(entry, answer?.attempts ?? []));

/** Whether the log should ask again: something queued, or an automatic retry due about now. */
export function shouldPoll(awaited: AwaitedDelivery[], answer: AttemptPage | undefined, now: number) {
  if (stillAwaited(awaited, answer).some((entry) => entry.until > now)) return true;
  return (answer?.attempts ?? []).some(
    (a) =>
      a.deliveryStatus === 'PENDING' &&
      a.nextAttemptAt !== null &&
      Math.abs(Date.parse(a.nextAttemptAt) - now) < SOON_MS,
  );
}
