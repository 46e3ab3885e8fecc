import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPUTE_TEXT } from '@escrow/shared/domain/disputes';
import type { App } from '../../app.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { paymentConditions } from '../../db/schema/payment-conditions.ts';
import { runDueJobs } from '../../plugins/scheduler.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { mailsTo } from '../auth/auth.test-support.ts';
import {
  createUser,
  driveTo,
  get,
  ledgerCheck,
  post,
  upload,
  PNG_BYTES,
  walletBalance,
} from '../../testing/test-kit.ts';
import { addBank } from '../wallet/wallet.test-helpers.ts';
import { castOf, disputeBody, disputed, pendingId, propose, type Cast } from './disputes.test-support.ts';

let app: App;
let cast: Cast;
beforeAll(async () => {
  // Timers move the clock days ahead: tokens live long enough for that.
  app = await createTestApp({ TOKEN_TTL_HOURS: String(24 * 90) });
  cast = await castOf(app);
});
afterAll(async () => {
  await app.close();
});

const transactionOf = async (id: string) =>
  (await get(app, cast.buyer, `/api/transactions/${id}`)).json().data.transaction;
const disputeAs = (user: Cast[keyof Cast], id: string) => get(app, user, `/api/disputes/${id}`);
const auditRows = (targetId: string) =>
  app.deps.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));

async function expectLedgerClean() {
  const report = await ledgerCheck(app, cast.admin);
  expect(report.ok, JSON.stringify(report.problems)).toBe(true);
}

describe('raising a dispute', () => {
  it('freezes a paid transaction, tells the other party (in-app, live and by e-mail), once', async () => {
    const transactionId = await driveTo(app, cast, 'WAITING_FOR_SHIPMENT', { price: 1000 });
    expect((await post(app, cast.stranger, '/api/disputes', disputeBody(transactionId))).statusCode).toBe(
      404,
    );
    const res = await post(app, cast.buyer, '/api/disputes', disputeBody(transactionId));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ success: true, message: 'Dispute created successfully.' });
    const { id, dispute } = res.json().data;
    expect(dispute).toMatchObject({
      id,
      status: 'OPEN',
      priority: 'HIGH',
      viewerRole: 'RAISER',
      accused: { id: cast.seller.id },
      transaction: { id: transactionId, status: 'DISPUTED', price: 1000 },
    });
    // A one-off trade: the dispute acts on the whole price and fee (the buyer paid the fee).
    expect(dispute.transaction.held).toEqual({
      price: 1000,
      fee: 25,
      sellerFee: 0,
      buyerFee: 25,
      anyReleased: false,
      milestoneTrade: false,
    });
    expect(dispute.messages[0]).toMatchObject({ isSystem: true, sender: null });
    expect(new Date(dispute.slaDueAt).getTime() - new Date(dispute.createdAt).getTime()).toBe(48 * 3600_000);
    expect(await transactionOf(transactionId)).toMatchObject({ status: 'DISPUTED', disputeId: id });

    const notes = (await get(app, cast.seller, '/api/notifications')).json().data.notifications;
    expect(notes[0]).toMatchObject({ type: 'DISPUTE', priority: 'URGENT', transactionId });
    const mails = await mailsTo(app, cast.seller.email, { subject: 'A dispute was raised' });
    expect(mails[0]?.text).toContain('Item not as described');

    const again = await post(app, cast.seller, '/api/disputes', disputeBody(transactionId));
    expect(again.statusCode).toBe(409);
  });

  it('refuses before payment and after completion, with the reason', async () => {
    const active = await driveTo(app, cast, 'ACTIVE');
    const res = await post(app, cast.buyer, '/api/disputes', disputeBody(active));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('A dispute can only be raised after payment and before completion');
  });

  it('answers hostile and malformed bodies with a 4xx envelope, never a 500', async () => {
    const transactionId = await driveTo(app, cast, 'WAITING_FOR_SHIPMENT', { price: 1000 });
    const bodies: unknown[] = [
      {},
      { ...disputeBody(transactionId), reason: '' },
      { ...disputeBody(transactionId), reason: 'x'.repeat(201) },
      { ...disputeBody(transactionId), description: 'x'.repeat(1001) },
      { ...disputeBody(transactionId), disputeType: 'NOPE' },
      { ...disputeBody(transactionId), priority: 'EXTREME' },
      { ...disputeBody(transactionId), transactionId: 'not-a-uuid' },
      { ...disputeBody(transactionId), reason: ['array'] },
      { ...disputeBody(transactionId), reason: 'nul\u0000byte' },
      'just a string',
    ];
    for (const payload of bodies) {
      const res = await post(app, cast.buyer, '/api/disputes', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(payload)).toBeLessThan(500);
      expect(res.json().success).toBe(false);
    }
    const empty = await post(app, cast.buyer, '/api/disputes', {
      ...disputeBody(transactionId),
      reason: '  ',
    });
    expect(empty.json().error).toBe(DISPUTE_TEXT.requiredFields);
    expect((await transactionOf(transactionId)).status).toBe('WAITING_FOR_SHIPMENT');
    for (const bad of ['x', '%00', 'a'.repeat(64), "1' or '1'='1"]) {
      const res = await get(app, cast.buyer, `/api/disputes/${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(404);
    }
  });
});

describe('who sees what', () => {
  it('shows the dispute to the parties and staff only; internal notes only to staff', async () => {
    const { disputeId } = await disputed(app, cast);
    expect((await disputeAs(cast.stranger, disputeId)).json()).toMatchObject({
      success: false,
      error: DISPUTE_TEXT.notFound,
    });
    expect((await disputeAs(cast.seller, disputeId)).json().data.dispute.viewerRole).toBe('ACCUSED');
    expect((await disputeAs(cast.support, disputeId)).json().data.dispute.viewerRole).toBe('STAFF');

    const partyNote = await post(app, cast.buyer, `/api/disputes/${disputeId}/messages`, {
      content: 'secret',
      isInternal: true,
    });
    expect(partyNote.statusCode).toBe(403);
    const note = await post(app, cast.support, `/api/disputes/${disputeId}/messages`, {
      content: 'Seller has two earlier complaints',
      isInternal: true,
    });
    expect(note.statusCode, note.body).toBe(200);
    const said = await post(app, cast.seller, `/api/disputes/${disputeId}/messages`, {
      content: '  <b>I shipped it intact</b>  ',
    });
    expect(said.json()).toMatchObject({ message: 'Message sent successfully' });
    for (const party of [cast.buyer, cast.seller]) {
      const messages = (await disputeAs(party, disputeId)).json().data.dispute.messages;
      expect(messages.some((m: { isInternal: boolean }) => m.isInternal)).toBe(false);
      expect(messages.at(-1)).toMatchObject({ content: '<b>I shipped it intact</b>', isSystem: false });
    }
    const staffView = (await disputeAs(cast.support, disputeId)).json().data.dispute.messages;
    expect(
      staffView.some(
        (m: { content: string; isInternal: boolean }) => m.isInternal && m.content.includes('complaints'),
      ),
    ).toBe(true);
    const audit = await auditRows(disputeId);
    expect(audit.map((a) => a.action)).toEqual(['dispute.note']);
    expect(audit[0]).toMatchObject({ actorId: cast.support.id, targetType: 'dispute' });
  });

  it('keeps staff calls for staff', async () => {
    const { disputeId } = await disputed(app, cast);
    expect((await get(app, cast.buyer, '/api/admin/disputes')).statusCode).toBe(403);
    expect((await post(app, cast.buyer, `/api/admin/disputes/${disputeId}/take`)).statusCode).toBe(403);
    const queue = await get(app, cast.support, '/api/admin/disputes?status=OPEN&priority=HIGH');
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().data.disputes.map((d: { id: string }) => d.id)).toContain(disputeId);
    expect((await get(app, cast.support, '/api/admin/disputes?status=NOPE')).statusCode).toBe(400);
    const meta = await app.inject({ method: 'GET', url: '/api/disputes/meta/types' });
    expect(meta.statusCode).toBe(200);
    expect(meta.json().data.disputeTypes.map((t: { value: string }) => t.value)).toEqual([
      'PAYMENT',
      'DELIVERY',
      'QUALITY',
      'FRAUD',
      'OTHER',
    ]);
  });
});

describe('evidence', () => {
  it('takes the parties’ own dispute_evidence uploads for this transaction, once each', async () => {
    const { disputeId, transactionId } = await disputed(app, cast);
    const file = await upload(
      app,
      cast.buyer,
      { purpose: 'dispute_evidence', transactionId },
      { name: 'crack.png', data: PNG_BYTES },
    );
    expect(file.statusCode, file.body).toBe(201);
    const uploadId = file.json().data.upload.id;
    expect(
      (await post(app, cast.seller, `/api/disputes/${disputeId}/evidence`, { uploadId })).statusCode,
    ).toBe(400);
    const added = await post(app, cast.buyer, `/api/disputes/${disputeId}/evidence`, {
      uploadId,
      description: 'Photo of the screen',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.dispute.evidence[0]).toMatchObject({
      fileName: 'crack.png',
      fileType: 'image/png',
      fileUrl: `/api/uploads/${uploadId}`,
      uploader: { id: cast.buyer.id },
    });
    expect(
      (await post(app, cast.buyer, `/api/disputes/${disputeId}/evidence`, { uploadId })).statusCode,
    ).toBe(400);
    expect((await get(app, cast.seller, `/api/uploads/${uploadId}`)).statusCode).toBe(200);
    expect((await get(app, cast.support, `/api/uploads/${uploadId}`)).statusCode).toBe(200);
    expect((await get(app, cast.stranger, `/api/uploads/${uploadId}`)).statusCode).toBe(404);
  });
});

describe('settlements', () => {
  it('a partial refund the other party accepts splits the price; the fee stays; exactly once', async () => {
    const sellerBefore = await walletBalance(app, cast.seller);
    const { disputeId, transactionId } = await disputed(app, cast);
    for (const amount of [0, 1000, 1500, -5, 0.001])
      expect((await propose(app, cast.seller, disputeId, 'REFUND_PARTIAL', { amount })).statusCode).toBe(400);
    const proposed = await propose(app, cast.seller, disputeId, 'REFUND_PARTIAL', { amount: 400 });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const id = pendingId(proposed.json());
    expect((await post(app, cast.seller, `/api/disputes/resolutions/${id}/accept`)).statusCode).toBe(403);
    expect((await post(app, cast.stranger, `/api/disputes/resolutions/${id}/accept`)).statusCode).toBe(404);
    const accepted = await post(app, cast.buyer, `/api/disputes/resolutions/${id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.dispute).toMatchObject({ status: 'RESOLVED', resolution: 'REFUND_PARTIAL' });
    expect(await transactionOf(transactionId)).toMatchObject({
      status: 'COMPLETED',
      paymentStatus: 'PARTIALLY_REFUNDED',
    });
    expect(await walletBalance(app, cast.buyer)).toBe(400);
    expect(await walletBalance(app, cast.seller)).toBe(sellerBefore + 600);
    const conditions = await app.deps.db
      .select()
      .from(paymentConditions)
      .where(eq(paymentConditions.transactionId, transactionId));
    expect(conditions.filter((c) => c.conditionType === 'DISPUTE_RESOLVED' && c.isMet)).toHaveLength(1);
    expect((await post(app, cast.buyer, `/api/disputes/resolutions/${id}/accept`)).statusCode).toBe(409);
    await expectLedgerClean();
    // The refunded money is withdrawable today (not a deposit); the rest of the flow is the wallet's.
  });

  it('staff decide a full refund: the buyer gets the total back; a party may not send ADMIN_DECISION', async () => {
    const buyerBefore = await walletBalance(app, cast.buyer);
    const { disputeId, transactionId } = await disputed(app, cast);
    const party = await post(app, cast.buyer, `/api/disputes/${disputeId}/resolutions`, {
      resolutionType: 'ADMIN_DECISION',
      resolution: 'REFUND_FULL',
      reason: 'me',
    });
    expect(party.statusCode).toBe(403);
    expect(party.json().error).toBe(DISPUTE_TEXT.partyNoAdminDecision);
    const pending = pendingId((await propose(app, cast.seller, disputeId, 'RELEASE_PAYMENT')).json());
    const decided = await post(app, cast.support, `/api/disputes/${disputeId}/resolutions`, {
      resolutionType: 'ADMIN_DECISION',
      resolution: 'REFUND_FULL',
      reason: 'The photos show a different item',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const dispute = decided.json().data.dispute;
    expect(dispute).toMatchObject({
      status: 'RESOLVED',
      resolutionNotes: 'The photos show a different item',
    });
    expect(dispute.resolutions.find((r: { id: string }) => r.id === pending)).toMatchObject({
      status: 'REJECTED',
      closedReason: 'withdrawn',
    });
    expect(await transactionOf(transactionId)).toMatchObject({
      status: 'CANCELLED',
      paymentStatus: 'REFUNDED',
    });
    expect(await walletBalance(app, cast.buyer)).toBe(buyerBefore + 1025);
    expect((await post(app, cast.buyer, `/api/disputes/resolutions/${pending}/accept`)).statusCode).toBe(409);
    const audit = await auditRows(disputeId);
    expect(audit.map((a) => a.action)).toEqual(['dispute.decide']);
    expect(audit[0]!.summary).toMatchObject({
      before: { status: 'OPEN' },
      after: { status: 'RESOLVED', resolution: 'REFUND_FULL', transactionStatus: 'CANCELLED' },
    });
    await expectLedgerClean();
  });

  it('a release decided by an admin pays the seller as on receipt', async () => {
    const sellerBefore = await walletBalance(app, cast.seller);
    const { disputeId, transactionId } = await disputed(app, cast, { by: 'seller' });
    const decided = await post(app, cast.admin, `/api/disputes/${disputeId}/resolutions`, {
      resolutionType: 'ADMIN_DECISION',
      resolution: 'RELEASE_PAYMENT',
      reason: 'Tracking shows delivery',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await transactionOf(transactionId)).toMatchObject({
      status: 'COMPLETED',
      paymentStatus: 'RELEASED',
    });
    expect(await walletBalance(app, cast.seller)).toBe(sellerBefore + 1000);
    await expectLedgerClean();
  });

  it('NO_ACTION returns the transaction to where it was and restarts the inspection window', async () => {
    const { disputeId, transactionId } = await disputed(app, cast);
    const proposed = await propose(app, cast.buyer, disputeId, 'NO_ACTION');
    const accepted = await post(
      app,
      cast.seller,
      `/api/disputes/resolutions/${pendingId(proposed.json())}/accept`,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const t = await transactionOf(transactionId);
    expect(t.status).toBe('WAITING_FOR_BUYER_CONFIRMATION');
    const expected = app.deps.clock.now().getTime() + app.deps.config.INSPECTION_DAYS * 86_400_000;
    expect(Math.abs(new Date(t.autoReleaseAt).getTime() - expected)).toBeLessThan(60_000);
    const shipping = await driveTo(app, cast, 'WAITING_FOR_SHIPMENT', { price: 1000 });
    const raised = await post(app, cast.seller, '/api/disputes', disputeBody(shipping));
    const second = await propose(app, cast.seller, raised.json().data.id, 'NO_ACTION');
    await post(app, cast.buyer, `/api/disputes/resolutions/${pendingId(second.json())}/accept`);
    expect((await transactionOf(shipping)).status).toBe('WAITING_FOR_SHIPMENT');
    await expectLedgerClean();
  });

  it('a rejected proposal says so; escalation hands the dispute to support and ends proposals', async () => {
    const { disputeId } = await disputed(app, cast);
    const proposed = await propose(app, cast.seller, disputeId, 'RELEASE_PAYMENT');
    const rejected = await post(
      app,
      cast.buyer,
      `/api/disputes/resolutions/${pendingId(proposed.json())}/reject`,
      {
        reason: 'Not received',
      },
    );
    expect(rejected.json().data.dispute.resolutions[0]).toMatchObject({
      status: 'REJECTED',
      closedReason: 'rejected',
      rejectionReason: 'Not received',
    });
    const pending = pendingId((await propose(app, cast.seller, disputeId, 'REFUND_FULL')).json());
    const escalated = await post(app, cast.buyer, `/api/disputes/${disputeId}/escalate`, {});
    expect(escalated.json().data.dispute).toMatchObject({ status: 'IN_REVIEW' });
    expect((await post(app, cast.buyer, `/api/disputes/resolutions/${pending}/accept`)).statusCode).toBe(409);
    expect((await propose(app, cast.seller, disputeId, 'REFUND_FULL')).json().error).toBe(
      DISPUTE_TEXT.proposalsOnlyOpen,
    );
    const taken = await post(app, cast.support, `/api/admin/disputes/${disputeId}/take`);
    expect(taken.json().data.dispute).toMatchObject({
      status: 'IN_REVIEW',
      assignedTo: { id: cast.support.id },
    });
    expect((await auditRows(disputeId)).map((a) => a.action)).toEqual(['dispute.take']);
    const mine = await get(app, cast.support, '/api/admin/disputes?assignedToMe=true');
    expect(mine.json().data.disputes.map((d: { id: string }) => d.id)).toEqual([disputeId]);
  });
});

describe('refunded money', () => {
  it('may be withdrawn the same day beyond the daily limit (it is not a deposit)', async () => {
    const refunded = await createUser(app, 'Rhoda');
    const transactionId = await driveTo(
      app,
      { buyer: refunded, seller: cast.seller },
      'WAITING_FOR_SHIPMENT',
      {
        price: 60_000,
      },
    );
    const raised = await post(app, refunded, '/api/disputes', disputeBody(transactionId));
    const decided = await post(app, cast.support, `/api/disputes/${raised.json().data.id}/resolutions`, {
      resolutionType: 'ADMIN_DECISION',
      resolution: 'REFUND_FULL',
      reason: 'Never shipped',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await walletBalance(app, refunded)).toBe(61_500);
    const bank = await addBank(app, refunded as unknown as Parameters<typeof addBank>[1]);
    // BASIC allows ₦50,000 a day of withdrawals; the ₦61,500 refund raises today's allowance by itself.
    const res = await post(app, refunded, '/api/wallet/withdraw', { amount: 61_000, bankAccountId: bank.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(await walletBalance(app, refunded)).toBe(450);
    await expectLedgerClean();
  });
});

describe('timers', () => {
  it('a proposal expires after 48 h; a resolved dispute closes after 7 days and takes no more messages', async () => {
    const start = new Date(Date.now() + 60_000);
    app.deps.clock.now = () => start;
    try {
      const { disputeId } = await disputed(app, cast);
      const id = pendingId((await propose(app, cast.seller, disputeId, 'RELEASE_PAYMENT')).json());
      app.deps.clock.now = () => new Date(start.getTime() + 47 * 3600_000);
      await runDueJobs(app.deps);
      const early = (await disputeAs(cast.buyer, disputeId)).json().data.dispute;
      expect(early.resolutions[0]).toMatchObject({ status: 'PENDING' });
      app.deps.clock.now = () => new Date(start.getTime() + 48 * 3600_000 + 1000);
      expect((await post(app, cast.buyer, `/api/disputes/resolutions/${id}/accept`)).statusCode).toBe(409);
      await runDueJobs(app.deps);
      const view = (await disputeAs(cast.buyer, disputeId)).json().data.dispute;
      expect(view.resolutions[0]).toMatchObject({ status: 'REJECTED', closedReason: 'expired' });
      expect(view.slaBreached).toBe(true);

      await post(app, cast.admin, `/api/disputes/${disputeId}/resolutions`, {
        resolutionType: 'ADMIN_DECISION',
        resolution: 'RELEASE_PAYMENT',
        reason: 'Delivered',
      });
      const resolvedAt = app.deps.clock.now().getTime();
      const status = async () => (await disputeAs(cast.buyer, disputeId)).json().data.dispute.status;
      app.deps.clock.now = () => new Date(resolvedAt + 7 * 86_400_000 - 1000);
      await runDueJobs(app.deps);
      expect(await status()).toBe('RESOLVED');
      app.deps.clock.now = () => new Date(resolvedAt + 7 * 86_400_000 + 1000);
      await runDueJobs(app.deps);
      expect(await status()).toBe('CLOSED');
      await runDueJobs(app.deps);
      const messages = (await disputeAs(cast.buyer, disputeId)).json().data.dispute.messages;
      expect(
        messages.filter((m: { content: string }) => m.content === 'This dispute is now closed.'),
      ).toHaveLength(1);
      const closed = await post(app, cast.buyer, `/api/disputes/${disputeId}/messages`, {
        content: 'hello?',
      });
      expect(closed.statusCode).toBe(409);
      expect(closed.json().error).toBe(DISPUTE_TEXT.closedNoMessages);
    } finally {
      app.deps.clock.now = () => new Date();
    }
  });
});
