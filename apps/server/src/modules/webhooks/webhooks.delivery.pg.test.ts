import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createUser, type TestUser } from '../../testing/test-kit.ts';
import { deliverDueWebhooks, enqueueWebhookEvent } from './index.ts';
import {
  attemptsOf,
  createEndpoint,
  removeEndpointsOf,
  startReceiver,
  verifyArrival,
} from './webhooks.test-support.ts';

/**
 * Two instances on one PostgreSQL database draining the same outbox at the same moment: each event
 * arrives, and (no instance failing) exactly once per attempt.
 */
let first: App;
let second: App;
let owner: TestUser;
let now = Date.now();
const EVENTS = 40;

beforeAll(async () => {
  expect(inject('databaseUrl'), 'the service suite runs on PostgreSQL').not.toBe('');
  [first, second] = await Promise.all([createTestApp(), createTestApp()]);
  // One clock for both instances, as machines share real time.
  for (const app of [first, second]) app.deps.clock.now = () => new Date(now);
  owner = await createUser(first, 'Partner');
});
afterAll(async () => {
  await removeEndpointsOf(first, [owner]);
  await Promise.all([first.close(), second.close()]);
});

const drainBoth = () =>
  Promise.all([first, second].map((app) => deliverDueWebhooks(app.deps, { batchSize: 4, maxBatches: 100 })));

describe('two instances on PostgreSQL', () => {
  it('deliver every event exactly once, and each retry exactly once', async () => {
    const seen = new Map<string, number>();
    const receiver = await startReceiver((_n, arrival) => {
      const id = String(arrival.headers['webhook-id']);
      seen.set(id, (seen.get(id) ?? 0) + 1);
      // Every event's first attempt fails: the retry must be sent once too, by either instance.
      return { status: seen.get(id) === 1 ? 500 : 200, delayMs: 25 };
    });
    try {
      const { id, secret } = await createEndpoint(first, owner, receiver.url);
      const ids: string[] = [];
      for (let i = 0; i < EVENTS; i += 1)
        ids.push(
          ...(await first.deps.db.transaction((tx) =>
            enqueueWebhookEvent(tx, {
              type: 'transaction.paid',
              userIds: [owner.id],
              now: new Date(now),
              data: () => ({ transaction: { id: `trade-${i}` } }),
            }),
          )),
        );
      expect(ids).toHaveLength(EVENTS);

      const [a, b] = await drainBoth();
      expect(receiver.arrivals).toHaveLength(EVENTS);
      expect(new Set(receiver.arrivals.map((r) => r.headers['webhook-id']))).toEqual(new Set(ids));
      // Both instances took part (the receiver is slow enough for them to overlap).
      expect(a!.attempted).toBeGreaterThan(0);
      expect(b!.attempted).toBeGreaterThan(0);

      now += 5_000;
      await drainBoth();
      expect(receiver.arrivals).toHaveLength(2 * EVENTS);
      expect([...seen.values()].every((count) => count === 2)).toBe(true);
      for (const arrival of receiver.arrivals.slice(EVENTS)) verifyArrival(secret, arrival, new Date(now));

      const log = await attemptsOf(first, owner, id);
      expect(log).toHaveLength(2 * EVENTS);
      expect(log.filter((entry) => entry.succeeded)).toHaveLength(EVENTS);
      expect(log.every((entry) => entry.deliveryStatus === 'SUCCEEDED')).toBe(true);
    } finally {
      await receiver.close();
    }
  });
});
