import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_RETRY_DELAYS_MS } from '@escrow/shared/schemas/webhooks';
import { eq } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { webhookDeliveries, webhookEvents } from '../../db/schema/webhooks.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { mailsTo } from '../auth/auth.test-support.ts';
import { createUser, type TestUser } from '../../testing/test-kit.ts';
import { deliverDueWebhooks, enqueueWebhookEvent, purgeOldWebhookEvents } from './index.ts';
import {
  attemptsOf,
  createEndpoint,
  removeEndpointsOf,
  startReceiver,
  verifyArrival,
} from './webhooks.test-support.ts';

let app: App;
let owner: TestUser;
const owners: TestUser[] = [];
let now = Date.now();
const HOUR = 3600_000;

beforeAll(async () => {
  app = await createTestApp();
  app.deps.clock.now = () => new Date(now);
});
afterAll(async () => {
  await removeEndpointsOf(app, owners);
  await app.close();
});
beforeEach(async () => {
  now = Date.now();
  owner = await createUser(app, 'Owner');
  owners.push(owner);
});

const drain = (timeoutMs?: number) =>
  deliverDueWebhooks(app.deps, { maxBatches: 100, ...(timeoutMs ? { timeoutMs } : {}) });
const ping = (id: string) =>
  app.inject({ method: 'POST', url: `/api/developer/webhooks/${id}/test`, headers: owner.headers });
const enqueuePaid = () =>
  app.deps.db.transaction((tx) =>
    enqueueWebhookEvent(tx, {
      type: 'transaction.paid',
      userIds: [owner.id],
      now: new Date(now),
      data: () => ({ transaction: { id: 'trade-1' } }),
    }),
  );

describe('secret rotation', () => {
  it('signs with both secrets for 24 hours, then with the new one only', async () => {
    const receiver = await startReceiver();
    try {
      const { id, secret: old } = await createEndpoint(app, owner, receiver.url);
      const rotated = await app.inject({
        method: 'POST',
        url: `/api/developer/webhooks/${id}/rotate`,
        headers: owner.headers,
      });
      const fresh: string = rotated.json().data.secret;

      await ping(id);
      await drain();
      const during = receiver.arrivals[0]!;
      expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
      expect(verifyArrival(fresh, during, new Date(now))).toMatchObject({ type: 'ping' });
      expect(verifyArrival(old, during, new Date(now))).toMatchObject({ type: 'ping' });

      now += 24 * HOUR + 1000;
      await ping(id);
      await drain();
      const after = receiver.arrivals[1]!;
      expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
      expect(verifyArrival(fresh, after, new Date(now))).toMatchObject({
        type: 'ping',
        data: { webhook: { id } },
      });
      expect(() => verifyArrival(old, after, new Date(now))).toThrow();
    } finally {
      await receiver.close();
    }
  });
});

describe('what is read of an answer', () => {
  it('does not follow redirects: a 3xx is a failed attempt', async () => {
    const target = await startReceiver();
    const receiver = await startReceiver(() => ({ status: 302, headers: { location: target.url } }));
    try {
      const { id } = await createEndpoint(app, owner, receiver.url);
      await ping(id);
      expect(await drain()).toMatchObject({ attempted: 1, failed: 1 });
      expect(target.arrivals).toHaveLength(0);
      expect((await attemptsOf(app, owner, id))[0]).toMatchObject({
        statusCode: 302,
        succeeded: false,
        deliveryStatus: 'PENDING',
      });
    } finally {
      await Promise.all([receiver.close(), target.close()]);
    }
  });

  it('keeps the first 1 KB of the answer (and no NUL)', async () => {
    const receiver = await startReceiver(() => ({ status: 200, body: `ok\u0000${'y'.repeat(5000)}` }));
    try {
      const { id } = await createEndpoint(app, owner, receiver.url);
      await ping(id);
      await drain();
      const [attempt] = await attemptsOf(app, owner, id);
      expect(attempt).toMatchObject({ statusCode: 200, succeeded: true });
      expect(attempt!.response).toBe(`ok${'y'.repeat(1021)}`);
    } finally {
      await receiver.close();
    }
  });

  it('gives up on an answer that does not come in time, and retries it', async () => {
    const receiver = await startReceiver(() => ({ status: 200, delayMs: 2000 }));
    try {
      const { id } = await createEndpoint(app, owner, receiver.url);
      await ping(id);
      expect(await drain(200)).toMatchObject({ attempted: 1, failed: 1 });
      const [attempt] = await attemptsOf(app, owner, id);
      expect(attempt).toMatchObject({ statusCode: null, succeeded: false, deliveryStatus: 'PENDING' });
      expect(attempt!.error).toMatch(/No answer within 0.2 s/);
      expect(Date.parse(attempt!.nextAttemptAt!)).toBe(now + WEBHOOK_RETRY_DELAYS_MS[0]);
    } finally {
      await receiver.close();
    }
  });

  it('logs a refused connection as a failed attempt', async () => {
    const receiver = await startReceiver();
    await receiver.close();
    const { id } = await createEndpoint(app, owner, receiver.url);
    await ping(id);
    expect(await drain()).toMatchObject({ attempted: 1, failed: 1 });
    expect((await attemptsOf(app, owner, id))[0]!.error).toMatch(/ECONNREFUSED/);
  });
});

describe('an endpoint that keeps failing', () => {
  it('is disabled after 3 days of failures, its owner e-mailed and its pending deliveries ended', async () => {
    const receiver = await startReceiver(() => ({ status: 500 }));
    try {
      const { id } = await createEndpoint(app, owner, receiver.url);
      await enqueuePaid();
      await drain();
      // Attempts for a day and a half (the first event's retries), then silence, then a new event.
      for (const delay of WEBHOOK_RETRY_DELAYS_MS.slice(0, 4)) {
        now += delay;
        await drain();
      }
      let list = await app.inject({ method: 'GET', url: '/api/developer/webhooks', headers: owner.headers });
      expect(list.json().data.webhooks[0]).toMatchObject({ enabled: true });

      now = now - 2.5 * HOUR + 72 * HOUR;
      await enqueuePaid();
      await drain();
      list = await app.inject({ method: 'GET', url: '/api/developer/webhooks', headers: owner.headers });
      expect(list.json().data.webhooks[0]).toMatchObject({
        enabled: false,
        disabledReason: 'Every delivery attempt failed for 3 days',
      });
      const log = await attemptsOf(app, owner, id);
      expect(log.every((a) => a.deliveryStatus === 'FAILED' && a.nextAttemptAt === null)).toBe(true);
      const [mail] = await mailsTo(app, owner.email, { subject: 'webhook endpoint was disabled' });
      expect(mail?.text).toContain(receiver.url);

      // Nothing more is sent to it, even when due.
      // (Counted on this endpoint: on PostgreSQL the database, and so the drain, is shared with other files.)
      const before = receiver.arrivals.length;
      const logged = (await attemptsOf(app, owner, id)).length;
      await enqueuePaid();
      now += 2 * 24 * HOUR;
      await drain();
      expect(await attemptsOf(app, owner, id)).toHaveLength(logged);
      expect(receiver.arrivals).toHaveLength(before);
    } finally {
      await receiver.close();
    }
  });

  it('is healthy again after one success', async () => {
    let fail = true;
    const receiver = await startReceiver(() => ({ status: fail ? 500 : 200 }));
    try {
      const { id } = await createEndpoint(app, owner, receiver.url);
      await enqueuePaid();
      await drain();
      fail = false;
      now += 2 * 24 * HOUR;
      await drain(); // the retry succeeds
      fail = true;
      now += 2 * 24 * HOUR;
      await enqueuePaid();
      await drain();
      const list = await app.inject({
        method: 'GET',
        url: '/api/developer/webhooks',
        headers: owner.headers,
      });
      expect(list.json().data.webhooks.find((w: { id: string }) => w.id === id)).toMatchObject({
        enabled: true,
      });
    } finally {
      await receiver.close();
    }
  });
});

describe('an endpoint deleted while its delivery is in flight', () => {
  it('takes its deliveries with it and the attempt is dropped quietly', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    const receiver = await startReceiver(() => ({ status: 200, delayMs: 300 }));
    try {
      const { id } = await createEndpoint(app, owner, receiver.url);
      await ping(id);
      const draining = drain().finally(release);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const res = await app.inject({
        method: 'DELETE',
        url: `/api/developer/webhooks/${id}`,
        headers: owner.headers,
      });
      expect(res.statusCode).toBe(200);
      await answered;
      expect(await draining).toEqual({ attempted: 1, succeeded: 1, failed: 0 });
    } finally {
      await receiver.close();
    }
  });
});

describe('a delivery claimed by an instance that died', () => {
  it('is sent by another once the lease runs out (at least once)', async () => {
    const receiver = await startReceiver();
    try {
      const { id } = await createEndpoint(app, owner, receiver.url);
      const deliveryId: string = (await ping(id)).json().data.delivery.id;
      await app.deps.db
        .update(webhookDeliveries)
        .set({ lockedUntil: new Date(now + 60_000), lockToken: 'an-instance-that-died' })
        .where(eq(webhookDeliveries.id, deliveryId));
      expect((await drain()).attempted).toBe(0);
      now += 60_000;
      expect(await drain()).toEqual({ attempted: 1, succeeded: 1, failed: 0 });
      expect(receiver.arrivals).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});

describe('retention', () => {
  it('removes events older than 30 days with their log, but not one still being retried', async () => {
    const receiver = await startReceiver((n) => ({ status: n === 1 ? 200 : 500 }));
    try {
      const { id } = await createEndpoint(app, owner, receiver.url);
      await ping(id); // answered: done
      await drain();
      await ping(id); // fails: waits for its retry, so it is kept
      await drain();
      const events = () =>
        app.deps.db.select().from(webhookEvents).where(eq(webhookEvents.ownerId, owner.id));
      expect(await events()).toHaveLength(2);
      now += 31 * 24 * HOUR;
      expect(await purgeOldWebhookEvents(app.deps)).toBeGreaterThanOrEqual(1);
      const left = await events();
      expect(left).toHaveLength(1);
      const [pending] = await app.deps.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.eventId, left[0]!.id));
      expect(pending!.status).toBe('PENDING');
    } finally {
      await receiver.close();
    }
  });
});
