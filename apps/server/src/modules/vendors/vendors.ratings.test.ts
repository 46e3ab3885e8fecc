import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATING_TEXT } from '@escrow/shared/schemas/vendors';
import { eq } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { vendorRatings } from '../../db/schema/vendors.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { castOf, disputed, type Cast } from '../disputes/disputes.test-support.ts';
import { createUser, driveTo, get, post, put, type TestUser } from '../../testing/test-kit.ts';
import { completedTrade, publish } from './vendors.test-support.ts';

let app: App;
let cast: Cast;
beforeAll(async () => {
  app = await createTestApp();
  cast = await castOf(app);
});
afterAll(async () => {
  await app.close();
});

const rate = (who: TestUser, id: string, body: unknown) =>
  post(app, who, `/api/transactions/${id}/rating`, body);
const card = async (vendorId: string) =>
  (await get(app, cast.stranger, `/api/vendors/${vendorId}`)).json().data.vendor;

describe('who may rate, and when', () => {
  it('only the buyer, once, after completion; the seller may reply once', async () => {
    const vendor = await publish(app, cast.seller);
    const id = await completedTrade(app, cast.buyer, cast.seller);
    expect((await get(app, cast.buyer, `/api/transactions/${id}/rating`)).json().data).toEqual({
      rating: null,
      canRate: true,
    });
    expect((await get(app, cast.seller, `/api/transactions/${id}/rating`)).json().data.canRate).toBe(false);
    // A stranger learns nothing (404); the seller is refused with a clear 403.
    expect((await rate(cast.stranger, id, { rating: 5 })).statusCode).toBe(404);
    expect((await get(app, cast.stranger, `/api/transactions/${id}/rating`)).statusCode).toBe(404);
    const bySeller = await rate(cast.seller, id, { rating: 5 });
    expect(bySeller.statusCode).toBe(403);
    expect(bySeller.json().error).toBe(RATING_TEXT.onlyBuyer);

    const first = await rate(cast.buyer, id, { rating: 4, review: '  Good phone  ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.rating).toMatchObject({ rating: 4, review: 'Good phone', refunded: false });
    const twice = await rate(cast.buyer, id, { rating: 5 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(RATING_TEXT.already);
    expect(await card(vendor.id)).toMatchObject({ rating: 4, reviewCount: 1, completedOrders: 1 });

    const byBuyer = await post(app, cast.buyer, `/api/transactions/${id}/rating/reply`, { reply: 'Me' });
    expect(byBuyer.statusCode).toBe(403);
    expect(byBuyer.json().error).toBe(RATING_TEXT.onlySeller);
    expect(
      (await post(app, cast.stranger, `/api/transactions/${id}/rating/reply`, { reply: 'x' })).statusCode,
    ).toBe(404);
    const replied = await post(app, cast.seller, `/api/transactions/${id}/rating/reply`, {
      reply: 'Thank you!',
    });
    expect(replied.statusCode, replied.body).toBe(201);
    const again = await post(app, cast.seller, `/api/transactions/${id}/rating/reply`, { reply: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(RATING_TEXT.replied);
    const page = (await get(app, cast.stranger, `/api/vendors/${vendor.id}`)).json().data;
    expect(page.reviews[0]).toMatchObject({ rating: 4, review: 'Good phone', reply: 'Thank you!' });
  });

  it('not before completion', async () => {
    const id = await driveTo(app, cast, 'WAITING_FOR_BUYER_CONFIRMATION');
    const res = await rate(cast.buyer, id, { rating: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(RATING_TEXT.notYet);
    expect((await get(app, cast.buyer, `/api/transactions/${id}/rating`)).json().data.canRate).toBe(false);
  });

  it('after a dispute refund, marked refunded', async () => {
    const { disputeId, transactionId } = await disputed(app, cast);
    const decided = await post(app, cast.support, `/api/disputes/${disputeId}/resolutions`, {
      resolutionType: 'ADMIN_DECISION',
      resolution: 'REFUND_FULL',
      reason: 'The item never arrived',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const res = await rate(cast.buyer, transactionId, { rating: 1, review: 'Never arrived' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.rating.refunded).toBe(true);
  });

  it('editable for 7 days, then fixed; the figures follow the edit', async () => {
    const seller = await createUser(app, 'Edith');
    const vendor = await publish(app, seller);
    const id = await completedTrade(app, cast.buyer, seller);
    expect((await rate(cast.buyer, id, { rating: 2 })).statusCode).toBe(201);
    const edited = await put(app, cast.buyer, `/api/transactions/${id}/rating`, {
      rating: 5,
      review: 'Sorted out',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await card(vendor.id)).toMatchObject({ rating: 5, reviewCount: 1 });
    expect((await put(app, seller, `/api/transactions/${id}/rating`, { rating: 5 })).statusCode).toBe(403);
    // Given more than 7 days ago (the token would not outlive a moved clock): fixed now.
    await app.deps.db
      .update(vendorRatings)
      .set({ createdAt: new Date(Date.now() - 7 * 24 * 3600_000 - 60_000) })
      .where(eq(vendorRatings.transactionId, id));
    const late = await put(app, cast.buyer, `/api/transactions/${id}/rating`, { rating: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(RATING_TEXT.fixed);
    expect(await card(vendor.id)).toMatchObject({ rating: 5 });
  });

  it('answers hostile input with a clear 400', async () => {
    const id = await completedTrade(app, cast.buyer, cast.seller);
    const bodies: [unknown, string][] = [
      [{ rating: 0 }, RATING_TEXT.ratingRange],
      [{ rating: 6 }, RATING_TEXT.ratingRange],
      [{ rating: 4.5 }, RATING_TEXT.ratingRange],
      [{ rating: '5' }, RATING_TEXT.ratingRange],
      [{ rating: 5, review: 'x'.repeat(501) }, RATING_TEXT.reviewMax],
      [{}, RATING_TEXT.ratingRange],
    ];
    for (const [body, message] of bodies) {
      const res = await rate(cast.buyer, id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(message);
    }
    // Markup is stored as text, never interpreted.
    const res = await rate(cast.buyer, id, { rating: 3, review: '<img src=x onerror=alert(1)>' });
    expect(res.json().data.rating.review).toBe('<img src=x onerror=alert(1)>');
    const reply = await post(app, cast.seller, `/api/transactions/${id}/rating/reply`, { reply: '   ' });
    expect(reply.statusCode).toBe(400);
  });

  it('the buyer is invited to rate when the trade completes', async () => {
    const id = await completedTrade(app, cast.buyer, cast.seller);
    const notes = (await get(app, cast.buyer, '/api/notifications?limit=100')).json().data.notifications;
    const invite = notes.find(
      (n: { transactionId: string; title: string }) =>
        n.transactionId === id && n.title === 'Rate your seller',
    );
    expect(invite.metadata.link).toBe(`/app/transactions/${id}#rating`);
    const sellerNotes = (await get(app, cast.seller, '/api/notifications?limit=100')).json().data
      .notifications;
    expect(
      sellerNotes.some(
        (n: { title: string; transactionId: string }) =>
          n.transactionId === id && n.title === 'Rate your seller',
      ),
    ).toBe(false);
  });
});
