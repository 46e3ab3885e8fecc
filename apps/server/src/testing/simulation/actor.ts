import { setTimeout as sleep } from 'node:timers/promises';
import { replayKeyed, type SimContext } from './context.ts';
import { confirmReceipt, deposit, pay, withdraw } from './ops-money.ts';
import { revokedSession } from './ops-session.ts';
import {
  accept,
  cancel,
  createTransaction,
  join,
  raiseDispute,
  refresh,
  resolve,
  ship,
} from './ops-trade.ts';
import type { SimTx } from './world.ts';

type TxOp = (ctx: SimContext, tx: SimTx) => Promise<unknown>;

/** One client of the simulation: random operations, chosen by its own PRNG, until `until`. */
export async function runActor(ctx: SimContext, until: number, stopped: () => boolean): Promise<void> {
  while (Date.now() < until && !stopped()) {
    await step(ctx);
    await sleep(ctx.prng.int(0, 40));
  }
}

async function step(ctx: SimContext): Promise<void> {
  const { world, prng } = ctx;
  const pending = world.txsIn('PENDING');
  const active = world.txsIn('ACTIVE');
  const toShip = world.txsIn('WAITING_FOR_SHIPMENT');
  const toConfirm = world.txsIn('WAITING_FOR_BUYER_CONFIRMATION');
  const disputed = world.txsIn('DISPUTED').filter((t) => t.disputeId !== null);
  const proposed = disputed.filter((t) => t.proposal !== null);
  const w = (n: number, weight: number) => (n > 0 ? weight : 0);
  const choice = prng.weighted([
    [5, 'deposit'],
    [3, 'withdraw'],
    [pending.length < 4 ? 8 : 2, 'create'],
    [w(pending.length, 8), 'join'],
    [w(active.length, 8), 'pay'],
    [w(toShip.length, 7), 'ship'],
    [w(toConfirm.length, 5), 'receipt'],
    [w(toShip.length + toConfirm.length, 2), 'dispute'],
    [w(disputed.length, 3), 'propose'],
    [w(proposed.length, 4), 'accept'],
    [w(disputed.length, 2), 'decide'],
    [w(pending.length + active.length, 2), 'cancel'],
    [3, 'replay'],
    [1, 'revoke-session'],
    [w(world.txs.length, 1), 'refresh'],
  ] as const);
  const onTx = async (txs: SimTx[], op: TxOp) => {
    const tx = prng.pick(txs);
    const before = tx.status;
    await op(ctx, tx);
    // A refusal or an unknown outcome: read the transaction again, the server decides.
    if (tx.status === before) await refresh(ctx, tx);
  };
  switch (choice) {
    case 'deposit':
      return void (await deposit(ctx));
    case 'withdraw':
      return withdraw(ctx);
    case 'create':
      return createTransaction(ctx);
    case 'join':
      return onTx(pending, join);
    case 'pay':
      return onTx(active, pay);
    case 'ship':
      return onTx(toShip, ship);
    case 'receipt':
      return onTx(toConfirm, confirmReceipt);
    case 'dispute':
      return onTx([...toShip, ...toConfirm], raiseDispute);
    case 'propose':
      return onTx(disputed, (c, tx) => resolve(c, tx, false));
    case 'accept':
      return onTx(proposed, accept);
    case 'decide':
      return onTx(disputed, (c, tx) => resolve(c, tx, true));
    case 'cancel':
      return onTx([...pending, ...active], cancel);
    case 'replay':
      return replayKeyed(ctx);
    case 'revoke-session':
      return revokedSession(ctx);
    case 'refresh':
      return refresh(ctx, prng.pick(world.txs));
  }
}
