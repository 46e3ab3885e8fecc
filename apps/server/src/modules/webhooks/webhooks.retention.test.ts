import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_TEXT } from '@escrow/shared/schemas/webhooks';
import type { App } from '../../app.ts';
import { webhookAttempts, webhookDeliveries, webhookEvents } from '../../db/schema/webhooks.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createUser, type TestUser } from '../../testing/test-kit.ts';
import { deliverDueWebhooks, purgeOldWebhookEvents } from './index.ts';
import { clearOldWebhookBodies } from './webhooks.retention.ts';
import { attemptsOf, createEndpoint, removeEndpointsOf, startReceiver } from './webhooks.test-support.ts';

const MINUTE = 60_000;
const DAY = 24 * 3600_000;
/** The table's figure (docs/privacy.md), not the code's constant: a changed constant fails here. */
const LIMIT = 30 * DAY;

/**
 * After 30 days an event's body and the answers logged for it are cleared, even where the event row
 * is kept; younger events, other owners' younger events and an attempt in flight are left alone.
 * Events are made with the clock set back (`now`), so they are genuinely that old.
 */
describe('retention of webhook bodies', () => {
  let app: App;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let answer = { status: 200, body: 'receiver says: thanks, Ada Obi' };
  const NOW = Date.now() + 5 * MINUTE;
  let now = NOW;
  const owners: TestUser[] = [];

  beforeAll(async () => {
    app = await createTestApp();
    app.deps.clock.now = () => new Date(now);
    receiver = await startReceiver(() => answer);
  });
  afterAll(async () => {
    await removeEndpointsOf(app, owners);
    await receiver.close();
    await app.close();
  });

  const drain = () => deliverDueWebhooks(app.deps, { maxBatches: 100 });
  async function ownerWithEndpoint(name: string) {
    const user = await createUser(app, name);
    owners.push(user);
    const { id } = await createEndpoint(app, user, receiver.url);
    return { user, endpointId: id };
  }
  /** A ping made at `at` (ms from NOW), and delivered then unless `deliver` is false. */
  async function eventAt(owner: { user: TestUser; endpointId: string }, at: number, deliver = true) {
    now = NOW + at;
    const res = await app.inject({
      method: 'POST',
      url: `/api/developer/webhooks/${owner.endpointId}/test`,
      headers: owner.user.headers,
    });
    expect(res.statusCode, res.body).toBe(202);
    const { id: deliveryId, eventId } = res.json().data.delivery as { id: string; eventId: string };
    if (deliver) await drain();
    now = NOW;
    return { deliveryId, eventId };
  }
  const eventRow = async (id: string) =>
    (await app.deps.db.select().from(webhookEvents).where(eq(webhookEvents.id, id)))[0]!;
  const deliveryRow = async (id: string) =>
    (await app.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!;
  const responses = async (deliveryId: string) =>
    (
      await app.deps.db
        .select({ response: webhookAttempts.response })
        .from(webhookAttempts)
        .where(eq(webhookAttempts.deliveryId, deliveryId))
    ).map((r) => r.response);
  const retry = (owner: TestUser, deliveryId: string) =>
    app.inject({
      method: 'POST',
      url: `/api/developer/webhooks/deliveries/${deliveryId}/retry`,
      headers: owner.headers,
    });

  it('clears exactly the bodies of events older than 30 days, and ends what was still to be sent', async () => {
    const owner = await ownerWithEndpoint('Owner');
    const other = await ownerWithEndpoint('Other');
    answer = { status: 200, body: 'receiver says: thanks, Ada Obi' };
    const young = await eventAt(owner, -LIMIT + MINUTE);
    const otherRecent = await eventAt(other, -DAY);
    const otherOld = await eventAt(other, -45 * DAY);
    const oldDone = await eventAt(owner, -LIMIT - MINUTE);
    answer = { status: 500, body: 'receiver says: try later' };
    const oldRetrying = await eventAt(owner, -LIMIT - MINUTE);
    // Being sent right now: claimed, its lease running past now.
    const inFlight = await eventAt(owner, -LIMIT - 2 * MINUTE, false);
    await app.deps.db
      .update(webhookDeliveries)
      .set({ lockedUntil: new Date(NOW + MINUTE), lockToken: 'an-instance-sending-it' })
      .where(eq(webhookDeliveries.id, inFlight.deliveryId));
    answer = { status: 200, body: 'receiver says: thanks, Ada Obi' };

    const cases = [
      { name: 'event of just inside 30 days', ...young, cleared: false },
      { name: "another owner's event of yesterday", ...otherRecent, cleared: false },
      { name: "another owner's event of 45 days ago", ...otherOld, cleared: true },
      { name: 'delivered event of just past 30 days', ...oldDone, cleared: true },
      { name: 'event past 30 days still being retried', ...oldRetrying, cleared: true },
      { name: 'event past 30 days with an attempt in flight', ...inFlight, cleared: false },
    ];
    const before = new Map<string, { body: string; status: string; responses: string[] }>();
    for (const c of cases) {
      const event = await eventRow(c.eventId);
      expect(event.body).toContain('"type":"ping"');
      before.set(c.eventId, {
        body: event.body,
        status: (await deliveryRow(c.deliveryId)).status,
        responses: await responses(c.deliveryId),
      });
    }
    expect(before.get(oldRetrying.eventId)!.status).toBe('PENDING');
    expect(before.get(oldDone.eventId)!.responses).toEqual(['receiver says: thanks, Ada Obi']);

    expect(await clearOldWebhookBodies(app.deps)).toBeGreaterThanOrEqual(3);

    for (const c of cases) {
      const label = `${c.name}: ${c.cleared ? 'cleared' : 'kept'}`;
      const was = before.get(c.eventId)!;
      const event = await eventRow(c.eventId);
      const delivery = await deliveryRow(c.deliveryId);
      if (c.cleared) {
        expect(event.body, label).toBe('');
        expect(event.type, label).toBe('ping');
        expect(await responses(c.deliveryId), label).toEqual(was.responses.map(() => ''));
        expect(delivery.status, label).toBe(was.status === 'PENDING' ? 'FAILED' : was.status);
      } else {
        expect(event.body, label).toBe(was.body);
        expect(await responses(c.deliveryId), label).toEqual(was.responses);
        expect(delivery.status, label).toBe(was.status);
      }
    }
    // The attempt in flight keeps its lease; the ended delivery has nothing left to send.
    expect(await deliveryRow(inFlight.deliveryId)).toMatchObject({
      status: 'PENDING',
      lockToken: 'an-instance-sending-it',
    });
    expect(await deliveryRow(oldRetrying.deliveryId)).toMatchObject({ nextAttemptAt: null, lockToken: null });
    // The delivery log still shows the attempts, without their answers.
    const log = await attemptsOf(app, owner.user, owner.endpointId);
    expect(log.find((a) => a.deliveryId === oldRetrying.deliveryId)).toMatchObject({
      statusCode: 500,
      response: '',
      deliveryStatus: 'FAILED',
    });
    expect(log.find((a) => a.deliveryId === young.deliveryId)).toMatchObject({
      response: 'receiver says: thanks, Ada Obi',
    });
    // A cleared event cannot be sent again; a young one can.
    const refused = await retry(owner.user, oldRetrying.deliveryId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(WEBHOOK_TEXT.contentExpired);
    expect((await retry(owner.user, young.deliveryId)).statusCode).toBe(202);
    const arrived = receiver.arrivals.length;
    await drain();
    expect(receiver.arrivals.slice(arrived).every((a) => a.body.includes('"type":"ping"'))).toBe(true);

    // Once the attempt in flight is over (its lease ran out), the next pass clears it too.
    await app.deps.db
      .update(webhookDeliveries)
      .set({ lockedUntil: new Date(NOW - 1000) })
      .where(eq(webhookDeliveries.id, inFlight.deliveryId));
    expect(await clearOldWebhookBodies(app.deps)).toBeGreaterThanOrEqual(1);
    expect((await eventRow(inFlight.eventId)).body).toBe('');
    expect((await deliveryRow(inFlight.deliveryId)).status).toBe('FAILED');
    expect((await eventRow(young.eventId)).body).toBe(before.get(young.eventId)!.body);

    // No longer being retried, the old events are now removed whole by the 30-day purge.
    expect(await purgeOldWebhookEvents(app.deps)).toBeGreaterThanOrEqual(4);
    const left = await app.deps.db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(
        inArray(
          webhookEvents.id,
          cases.map((c) => c.eventId),
        ),
      );
    expect(left.map((r) => r.id).sort()).toEqual([young.eventId, otherRecent.eventId].sort());
  });

  it('works in bounded batches', async () => {
    const owner = await ownerWithEndpoint('Batches');
    const events = [
      await eventAt(owner, -LIMIT - 3 * MINUTE),
      await eventAt(owner, -LIMIT - 2 * MINUTE),
      await eventAt(owner, -LIMIT - MINUTE),
    ];
    const bodies = async () =>
      (
        await app.deps.db
          .select({ body: webhookEvents.body })
          .from(webhookEvents)
          .where(
            inArray(
              webhookEvents.id,
              events.map((e) => e.eventId),
            ),
          )
      ).filter((r) => r.body !== '').length;
    expect(await clearOldWebhookBodies(app.deps, { batchSize: 1, maxBatches: 2 })).toBe(2);
    expect(await bodies()).toBe(1);
    expect(await clearOldWebhookBodies(app.deps, { batchSize: 1, maxBatches: 5 })).toBeGreaterThanOrEqual(1);
    expect(await bodies()).toBe(0);
  });
});
