import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_RETRY_DELAYS_MS, type WebhookEventType } from '@escrow/shared/schemas/webhooks';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createTransaction, createUser, type TestUser } from '../../testing/test-kit.ts';
import { deliverDueWebhooks, enqueueWebhookEvent } from './index.ts';
import {
  attemptsOf,
  createEndpoint,
  removeEndpointsOf,
  startReceiver,
  verifyArrival,
} from './webhooks.test-support.ts';

let app: App;
let buyer: TestUser;
let owner: TestUser;
const owners: TestUser[] = [];
let transaction: Record<string, unknown>;
let now = Date.now();

beforeAll(async () => {
  app = await createTestApp();
  app.deps.clock.now = () => new Date(now);
  buyer = await createUser(app, 'Buyer');
  const created = await createTransaction(app, buyer);
  const res = await app.inject({
    method: 'GET',
    url: `/api/transactions/${created.transaction.id}`,
    headers: buyer.headers,
  });
  transaction = res.json().data.transaction;
});
afterAll(async () => {
  await removeEndpointsOf(app, owners);
  await app.close();
});
beforeEach(async () => {
  // Each test starts at the real time (sign-in tokens are checked against the clock too), with an
  // owner of its own: every test leaves its deliveries settled, so nothing earlier is due.
  now = Date.now();
  owner = await createUser(app, 'Owner');
  owners.push(owner);
});

const drain = () => deliverDueWebhooks(app.deps, { maxBatches: 100 });

/** A change's events, written as the step engine writes them: inside its database transaction. */
function enqueue(type: WebhookEventType, userIds: (string | null)[]) {
  return app.deps.db.transaction((tx) =>
    enqueueWebhookEvent(tx, { type, userIds, now: new Date(now), data: () => ({ transaction }) }),
  );
}

describe('delivery with retries', () => {
  it('sends an event until it is answered 2xx: three arrivals, one webhook-id, each signed afresh', async () => {
    const receiver = await startReceiver((n) =>
      n <= 2 ? { status: 500, body: `failure ${n}` } : { status: 200, body: 'thanks' },
    );
    try {
      const { id, secret } = await createEndpoint(app, owner, receiver.url);
      const [eventId] = await enqueue('transaction.paid', [owner.id, null]);
      const times: number[] = [];

      times.push(now);
      expect(await drain()).toEqual({ attempted: 1, succeeded: 0, failed: 1 });
      expect(await drain()).toEqual({ attempted: 0, succeeded: 0, failed: 0 }); // not due before 5 s
      now += WEBHOOK_RETRY_DELAYS_MS[0];
      times.push(now);
      expect(await drain()).toMatchObject({ attempted: 1, failed: 1 });
      now += WEBHOOK_RETRY_DELAYS_MS[1] - 1000;
      expect((await drain()).attempted).toBe(0);
      now += 1000;
      times.push(now);
      expect(await drain()).toMatchObject({ attempted: 1, succeeded: 1 });
      now += 24 * 3600_000;
      expect((await drain()).attempted).toBe(0);

      expect(receiver.arrivals).toHaveLength(3);
      expect(new Set(receiver.arrivals.map((a) => a.headers['webhook-id']))).toEqual(new Set([eventId]));
      expect(receiver.arrivals.map((a) => Number(a.headers['webhook-timestamp']))).toEqual(
        times.map((t) => Math.floor(t / 1000)),
      );
      // Each attempt verifies where the receiver stands when it arrives, hours apart.
      receiver.arrivals.forEach((arrival, i) => {
        expect(verifyArrival(secret, arrival, new Date(times[i]!))).toEqual({
          type: 'transaction.paid',
          timestamp: new Date(times[0]!).toISOString(),
          data: { transaction },
        });
      });
      expect(new Set(receiver.arrivals.map((a) => a.body)).size).toBe(1);

      const log = await attemptsOf(app, owner, id);
      expect(log.map((a) => [a.attempt, a.statusCode, a.succeeded, a.response])).toEqual([
        [3, 200, true, 'thanks'],
        [2, 500, false, 'failure 2'],
        [1, 500, false, 'failure 1'],
      ]);
      expect(log.every((a) => a.eventId === eventId && a.eventType === 'transaction.paid')).toBe(true);
      expect(log.every((a) => a.deliveryStatus === 'SUCCEEDED' && a.nextAttemptAt === null)).toBe(true);
      expect(log.every((a) => a.durationMs >= 0 && a.error === null)).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it('sends nothing for a change that rolled back', async () => {
    const receiver = await startReceiver();
    try {
      const { id } = await createEndpoint(app, owner, receiver.url);
      await expect(
        app.deps.db.transaction(async (tx) => {
          await enqueueWebhookEvent(tx, {
            type: 'transaction.paid',
            userIds: [owner.id],
            now: new Date(now),
            data: () => ({ transaction }),
          });
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect(await drain()).toEqual({ attempted: 0, succeeded: 0, failed: 0 });
      expect(receiver.arrivals).toHaveLength(0);
      expect(await attemptsOf(app, owner, id)).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it('gives up after the last retry (FAILED), and a manual retry sends it once more', async () => {
    let healthy = false;
    const receiver = await startReceiver(() => (healthy ? { status: 204 } : { status: 503 }));
    try {
      const { id } = await createEndpoint(app, owner, receiver.url);
      await enqueue('transaction.paid', [owner.id]);
      await drain();
      for (const delay of WEBHOOK_RETRY_DELAYS_MS) {
        now += delay;
        expect((await drain()).attempted).toBe(1);
      }
      now += 48 * 3600_000;
      expect((await drain()).attempted).toBe(0);
      const log = await attemptsOf(app, owner, id);
      expect(log).toHaveLength(WEBHOOK_RETRY_DELAYS_MS.length + 1);
      expect(log[0]).toMatchObject({ attempt: 8, deliveryStatus: 'FAILED', nextAttemptAt: null });

      healthy = true;
      const retried = await app.inject({
        method: 'POST',
        url: `/api/developer/webhooks/deliveries/${log[0]!.deliveryId}/retry`,
        headers: owner.headers,
      });
      expect(retried.statusCode, retried.body).toBe(202);
      expect(await drain()).toMatchObject({ attempted: 1, succeeded: 1 });
      expect((await attemptsOf(app, owner, id))[0]).toMatchObject({
        attempt: 9,
        statusCode: 204,
        deliveryStatus: 'SUCCEEDED',
      });
      expect(new Set(receiver.arrivals.map((a) => a.headers['webhook-id'])).size).toBe(1);
    } finally {
      await receiver.close();
    }
  });
});

describe('who gets an event', () => {
  it("only the owners' enabled endpoints subscribed to its type, each with its own event", async () => {
    const receiver = await startReceiver();
    try {
      const other = await createUser(app, 'Other');
      owners.push(other);
      await createEndpoint(app, owner, `${receiver.url}?who=owner`, ['transaction.paid']);
      await createEndpoint(app, other, `${receiver.url}?who=other`, ['transaction.paid']);
      const stranger = await createUser(app, 'Stranger');
      owners.push(stranger);
      await createEndpoint(app, stranger, `${receiver.url}?who=stranger`, ['transaction.paid']);
      const shipped = await createEndpoint(app, owner, `${receiver.url}?who=shipped`, [
        'transaction.shipped',
      ]);
      const off = await createEndpoint(app, owner, `${receiver.url}?who=off`, ['transaction.paid']);
      await app.inject({
        method: 'PATCH',
        url: `/api/developer/webhooks/${off.id}`,
        headers: owner.headers,
        payload: { enabled: false },
      });

      const ids = await enqueue('transaction.paid', [owner.id, other.id, null]);
      expect(ids).toHaveLength(2);
      await drain();
      expect(receiver.arrivals.map((a) => a.path).sort()).toEqual(['/hook?who=other', '/hook?who=owner']);
      expect(new Set(receiver.arrivals.map((a) => a.headers['webhook-id']))).toEqual(new Set(ids));
      expect(await attemptsOf(app, owner, shipped.id)).toEqual([]);

      // Nobody subscribed: nothing is written.
      expect(await enqueue('dispute.resolved', [owner.id, other.id])).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});
