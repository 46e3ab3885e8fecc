import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { checklist, driveTo, post, put, type TestUser } from '../../testing/test-kit.ts';
import { castOf, disputed, type Cast } from './disputes.test-support.ts';

// The stored trust score (shown on vendor cards and to the other party) follows the events that change it,
// not only the owner's next visit to the verification page (docs/product.md "Identity and trust").
let app: App;
let cast: Cast;
beforeAll(async () => {
  app = await createTestApp();
  cast = await castOf(app);
});
afterAll(async () => {
  await app.close();
});

const storedScore = async (user: TestUser) =>
  (await app.deps.db.select({ score: users.trustScore }).from(users).where(eq(users.id, user.id)))[0]!.score;
const rateInvitations = async (user: TestUser, transactionId: string) =>
  app.deps.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, user.id),
        eq(notifications.transactionId, transactionId),
        eq(notifications.title, 'Rate your seller'),
      ),
    );

describe('trust score on the events that change it', () => {
  it('a confirmed receipt adds a completed trade to both parties at once', async () => {
    const id = await driveTo(app, cast, 'WAITING_FOR_BUYER_CONFIRMATION');
    expect(await storedScore(cast.buyer)).toBe(0);
    const confirmed = await put(app, cast.buyer, `/api/transactions/${id}/confirm-receipt`, checklist);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await storedScore(cast.buyer)).toBe(2);
    expect(await storedScore(cast.seller)).toBe(2);
  });

  it('a dispute decided for the seller completes the trade; the buyer may rate it', async () => {
    const { disputeId, transactionId } = await disputed(app, cast);
    const decided = await post(app, cast.support, `/api/disputes/${disputeId}/resolutions`, {
      resolutionType: 'ADMIN_DECISION',
      resolution: 'RELEASE_PAYMENT',
      reason: 'Tracking shows delivery',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    // Buyer: two completed trades (+4) and one dispute lost (−10), floored at 0. Seller: +4.
    expect(await storedScore(cast.buyer)).toBe(0);
    expect(await storedScore(cast.seller)).toBe(4);
    const invitations = await rateInvitations(cast.buyer, transactionId);
    expect(invitations).toHaveLength(1);
    expect(invitations[0]!.message).toContain('is complete. How was the seller?');
  });

  it('a full refund decided against the seller lowers the seller at once', async () => {
    for (let i = 0; i < 5; i++) {
      const id = await driveTo(app, cast, 'WAITING_FOR_BUYER_CONFIRMATION');
      expect(
        (await put(app, cast.buyer, `/api/transactions/${id}/confirm-receipt`, checklist)).statusCode,
      ).toBe(200);
    }
    expect(await storedScore(cast.seller)).toBe(14);
    const { disputeId, transactionId } = await disputed(app, cast);
    const decided = await post(app, cast.admin, `/api/disputes/${disputeId}/resolutions`, {
      resolutionType: 'ADMIN_DECISION',
      resolution: 'REFUND_FULL',
      reason: 'The photos show a different item',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await storedScore(cast.seller)).toBe(4);
    const invitations = await rateInvitations(cast.buyer, transactionId);
    expect(invitations).toHaveLength(1);
    const invitation = invitations[0];
    // Worded for the refund, not as a completed trade.
    expect(invitation!.message).toMatch(/was refunded to you in full\. How did the seller handle it\?/);
    expect(invitation!.message).not.toContain('is complete');
  });
});
