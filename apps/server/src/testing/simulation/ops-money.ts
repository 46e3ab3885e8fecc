import { call, sendKeyed, type SimContext } from './context.ts';
import { succeeded } from './client.ts';
import type { KeyedKind, KeyedRequest, SimTx } from './world.ts';

/** Checklist of a receipt confirmation (all five true). */
const CHECKLIST = {
  itemReceived: true,
  itemMatchesDescription: true,
  itemConditionAcceptable: true,
  understandFundRelease: true,
  noDisputes: true,
};

function keyed(
  ctx: SimContext,
  kind: KeyedKind,
  user: number,
  method: 'POST' | 'PUT',
  path: string,
  body: Record<string, unknown>,
  extra: Partial<KeyedRequest> = {},
): KeyedRequest {
  const request: KeyedRequest = {
    key: ctx.world.newKey(kind),
    kind,
    user,
    method,
    path,
    body,
    amountMinor: null,
    transactionId: null,
    answers: [],
    ...extra,
  };
  ctx.world.keyed.set(request.key, request);
  return request;
}

/**
 * A sandbox deposit (settles at once). Each key gets its own amount (₦5,000 + the user's deposit number),
 * so the payment intents in the database show which key credited the wallet, and how often.
 */
export async function deposit(ctx: SimContext, user = ctx.prng.pick(ctx.world.users).index) {
  const owner = ctx.world.users[user]!;
  owner.depositSeq += 1;
  const amount = 5000 + owner.depositSeq;
  return sendKeyed(
    ctx,
    keyed(ctx, 'deposit', user, 'POST', '/wallet/deposit', { amount }, { amountMinor: amount * 100 }),
  );
}

/** A withdrawal of ₦100 + the user's withdrawal number (unique per key), to the user's bank account. */
export async function withdraw(ctx: SimContext) {
  const owner = ctx.prng.pick(ctx.world.users);
  owner.withdrawSeq += 1;
  const amount = 100 + owner.withdrawSeq;
  const body = { amount, bankAccountId: owner.bankAccountId };
  await sendKeyed(
    ctx,
    keyed(ctx, 'withdraw', owner.index, 'POST', '/wallet/withdraw', body, { amountMinor: amount * 100 }),
  );
}

/** The buyer funds the wallet, then pays the transaction from it. */
export async function pay(ctx: SimContext, tx: SimTx) {
  if (tx.buyer === null) return;
  if (ctx.prng.chance(0.7)) await deposit(ctx, tx.buyer);
  const path = `/transactions/${tx.id}/confirm-payment`;
  const request = keyed(
    ctx,
    'pay',
    tx.buyer,
    'PUT',
    path,
    { paymentMethod: 'WALLET' },
    {
      transactionId: tx.id,
    },
  );
  const outcome = await sendKeyed(ctx, request);
  ctx.world.learn(tx, outcome);
}

/**
 * The buyer confirms receipt: usually with a key; sometimes without, as 2-3 racing copies, of which at
 * most one may succeed (the state machine refuses the others).
 */
export async function confirmReceipt(ctx: SimContext, tx: SimTx) {
  if (tx.buyer === null) return;
  const path = `/transactions/${tx.id}/confirm-receipt`;
  if (ctx.prng.chance(0.8)) {
    const request = keyed(ctx, 'receipt', tx.buyer, 'PUT', path, CHECKLIST, { transactionId: tx.id });
    ctx.world.learn(tx, await sendKeyed(ctx, request));
    return;
  }
  const token = ctx.world.users[tx.buyer]!.token;
  const copies = ctx.prng.int(2, 3);
  const outcomes = await Promise.all(
    Array.from({ length: copies }, () =>
      call(ctx, 'receipt*race', { method: 'PUT', path, token, body: CHECKLIST }),
    ),
  );
  const wins = outcomes.filter(succeeded);
  if (wins.length > 1)
    ctx.client.violations.push(
      `${copies} racing confirm-receipt on ${tx.id} without a key: ${wins.length} succeeded`,
    );
  for (const outcome of wins) {
    ctx.world.committed.receipts.add(tx.id);
    ctx.world.learn(tx, outcome);
  }
}
