import { todayInLagos } from '@escrow/shared/domain/nigeria';
import { succeeded, type Outcome } from './client.ts';
import { anyInstance, call, type SimContext } from './context.ts';
import type { Resolution, SimTx } from './world.ts';

/** A real 1×1 PNG: enough for the upload's content check. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const RESOLUTIONS: readonly Resolution[] = ['REFUND_FULL', 'REFUND_PARTIAL', 'RELEASE_PAYMENT', 'NO_ACTION'];

const tokenOf = (ctx: SimContext, user: number) => ctx.world.users[user]!.token;
const dataOf = <T>(o: Outcome) => o.body?.data as T | undefined;

export async function createTransaction(ctx: SimContext) {
  const { world, prng } = ctx;
  const creator = prng.pick(world.users).index;
  const creatorRole = prng.chance(0.5) ? 'BUYER' : 'SELLER';
  const price = prng.int(5, 30) * 100;
  const body = {
    creatorRole,
    useCourier: false,
    description: `Simulated item ${prng.int(1, 1_000_000)}`,
    currency: 'NGN',
    price,
    ...(creatorRole === 'SELLER'
      ? { itemType: 'Physical Product', itemCategory: 'Electronics', itemCondition: 'Like New' }
      : {}),
  };
  const outcome = await call(ctx, 'create', {
    method: 'POST',
    path: '/transactions/create',
    token: tokenOf(ctx, creator),
    body,
  });
  const data = dataOf<{
    transaction: { id: string; total: number; status: string };
    invitation: { code: string };
  }>(outcome);
  if (!succeeded(outcome) || !data) return;
  world.committed.created.add(data.transaction.id);
  world.txs.push({
    id: data.transaction.id,
    code: data.invitation.code,
    creator,
    creatorRole,
    buyer: creatorRole === 'BUYER' ? creator : null,
    seller: creatorRole === 'SELLER' ? creator : null,
    price,
    total: data.transaction.total,
    status: data.transaction.status,
    disputeId: null,
    proposal: null,
  });
}

export async function join(ctx: SimContext, tx: SimTx) {
  const others = ctx.world.users.filter((u) => u.index !== tx.creator);
  const joiner = ctx.prng.pick(others).index;
  const outcome = await call(ctx, 'join', {
    method: 'POST',
    path: '/transactions/join',
    token: tokenOf(ctx, joiner),
    body: { inviteCode: tx.code },
  });
  if (!succeeded(outcome)) return;
  ctx.world.committed.joined.add(tx.id);
  if (tx.creatorRole === 'BUYER') tx.seller = joiner;
  else tx.buyer = joiner;
  ctx.world.learn(tx, outcome);
}

/** The seller uploads a photo and confirms shipment, both on one instance (uploads live on its disk). */
export async function ship(ctx: SimContext, tx: SimTx) {
  if (tx.seller === null) return;
  const instance = anyInstance(ctx);
  const token = tokenOf(ctx, tx.seller);
  const form = new FormData();
  form.append('purpose', 'shipment_photo');
  form.append('transactionId', tx.id);
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'item.png');
  const uploaded = await call(ctx, 'upload', { method: 'POST', path: '/uploads', token, form, instance });
  const photo = dataOf<{ upload: { id: string } }>(uploaded)?.upload.id;
  if (!succeeded(uploaded) || !photo) return;
  const shipmentData = {
    photos: [photo],
    estimatedDelivery: todayInLagos(new Date()),
    itemCondition: 'GOOD',
    packagingDetails: 'Bubble wrap in a box',
  };
  const outcome = await call(ctx, 'ship', {
    method: 'PUT',
    path: `/transactions/${tx.id}/shipping-details`,
    token,
    body: { shipmentData },
    instance,
  });
  if (succeeded(outcome)) ctx.world.committed.shipped.add(tx.id);
  ctx.world.learn(tx, outcome);
}

export async function cancel(ctx: SimContext, tx: SimTx) {
  const party = tx.buyer !== null && ctx.prng.chance(0.5) ? tx.buyer : tx.creator;
  const outcome = await call(ctx, 'cancel', {
    method: 'POST',
    path: `/transactions/${tx.id}/cancel`,
    token: tokenOf(ctx, party),
    body: { reason: 'Changed my mind' },
  });
  if (succeeded(outcome)) ctx.world.committed.cancelled.add(tx.id);
  ctx.world.learn(tx, outcome);
}

export async function raiseDispute(ctx: SimContext, tx: SimTx) {
  const by = ctx.prng.chance(0.7) ? tx.buyer : tx.seller;
  if (by === null) return;
  const outcome = await call(ctx, 'dispute', {
    method: 'POST',
    path: '/disputes',
    token: tokenOf(ctx, by),
    body: {
      transactionId: tx.id,
      disputeType: 'QUALITY',
      reason: 'Item not as described',
      description: 'The item arrived with a cracked screen and a different colour.',
      priority: 'HIGH',
    },
  });
  const id = dataOf<{ id: string }>(outcome)?.id;
  if (!succeeded(outcome) || !id) return;
  ctx.world.committed.disputes.set(id, tx.id);
  tx.disputeId = id;
  tx.status = 'DISPUTED';
  tx.proposal = null;
}

/** A party proposes (MEDIATION), or staff decide (ADMIN_DECISION, executed at once). */
export async function resolve(ctx: SimContext, tx: SimTx, byStaff: boolean) {
  const staff = ctx.world.staff;
  const party = ctx.prng.chance(0.5) ? tx.buyer : tx.seller;
  if (!tx.disputeId || party === null || !staff) return;
  const resolution = ctx.prng.pick(RESOLUTIONS);
  const outcome = await call(ctx, byStaff ? 'decide' : 'propose', {
    method: 'POST',
    path: `/disputes/${tx.disputeId}/resolutions`,
    token: byStaff ? staff.token : tokenOf(ctx, party),
    body: {
      resolutionType: byStaff ? 'ADMIN_DECISION' : 'MEDIATION',
      resolution,
      reason: 'Fair to both of us',
      ...(resolution === 'REFUND_PARTIAL' ? { amount: tx.price / 2 } : {}),
    },
  });
  type Proposal = { id: string; status: string; resolution: string; proposedBy: { id: string } };
  const dispute = dataOf<{ dispute: { resolutions: Proposal[] } }>(outcome)?.dispute;
  if (!succeeded(outcome) || !dispute) return;
  if (byStaff) return decided(ctx, tx, resolution);
  // The other party may have a pending proposal too: this one is the proposer's own.
  const proposer = ctx.world.users[party]!.id;
  const mine = dispute.resolutions.findLast(
    (r) => r.status === 'PENDING' && r.proposedBy.id === proposer && r.resolution === resolution,
  );
  tx.proposal = mine ? { id: mine.id, by: party, resolution } : null;
}

export async function accept(ctx: SimContext, tx: SimTx) {
  const proposal = tx.proposal;
  const other = proposal?.by === tx.buyer ? tx.seller : tx.buyer;
  if (!proposal || other === null) return;
  const outcome = await call(ctx, 'accept', {
    method: 'POST',
    path: `/disputes/resolutions/${proposal.id}/accept`,
    token: tokenOf(ctx, other),
  });
  if (succeeded(outcome)) return decided(ctx, tx, proposal.resolution);
  if (outcome.status === 409 || outcome.status === 404) tx.proposal = null;
}

async function decided(ctx: SimContext, tx: SimTx, resolution: Resolution) {
  if (ctx.world.committed.decided.has(tx.disputeId!))
    ctx.client.violations.push(`dispute ${tx.disputeId} was resolved twice (two 2xx answers)`);
  ctx.world.committed.decided.set(tx.disputeId!, { transactionId: tx.id, resolution });
  tx.proposal = null;
  tx.disputeId = null;
  await refresh(ctx, tx);
}

/** Reads the transaction again (after a refusal or an unknown outcome: the server decides). */
export async function refresh(ctx: SimContext, tx: SimTx) {
  const token = tokenOf(ctx, tx.creator);
  const outcome = await call(ctx, 'refresh', { method: 'GET', path: `/transactions/${tx.id}`, token });
  ctx.world.learn(tx, outcome);
  if (tx.status !== 'DISPUTED' || tx.disputeId) return;
  // A dispute whose answer was lost: found again in the party's list.
  const list = await call(ctx, 'refresh', { method: 'GET', path: '/disputes', token });
  type Item = { id: string; transactionId: string; status: string };
  const open = dataOf<{ disputes: Item[] }>(list)?.disputes.find(
    (d) => d.transactionId === tx.id && (d.status === 'OPEN' || d.status === 'IN_REVIEW'),
  );
  if (open) tx.disputeId = open.id;
}
