import { viewerRoleOf } from '@escrow/shared/domain/transaction-labels';
import {
  HANDOVER_LOCK_MS,
  HANDOVER_MAX_WRONG_CODES,
  HANDOVER_TEXT,
  type HandoverCodeAnswer,
} from '@escrow/shared/schemas/handover';
import type { Tx } from '../../db/client.ts';
import type { HandoverCodeRow } from '../../db/schema/handover.ts';
import { AppError } from '../../lib/errors.ts';
import { createNotification, pushNotification, type NotificationView } from '../notifications/index.ts';
import {
  memberTransactionRow,
  releaseSpec,
  runStep,
  transactionNotFound,
  type StepDeps,
  type StepResult,
  type TransactionRow,
} from '../transactions/index.ts';
import { newReleaseCode, sameCode } from './handover.code.ts';
import {
  ensureCode,
  findCode,
  lockCode,
  lockEntryUntil,
  markCodeUsed,
  recordAttempt,
  replaceCode,
  wrongAttemptsSince,
} from './handover.repository.ts';
import {
  alreadyUsedError,
  lagosTimeOfDay,
  lockedError,
  notWaitingError,
  quotedItem,
  wrongCodeError,
} from './handover.texts.ts';

/** The handover module uses the step engine's dependencies (the release is a step) and nothing more. */
export type HandoverDeps = StepDeps;

const isLocked = (code: HandoverCodeRow, now: Date) =>
  code.lockedUntil !== null && code.lockedUntil.getTime() > now.getTime();

const answerOf = (code: HandoverCodeRow, now: Date): HandoverCodeAnswer => ({
  code: code.code,
  lockedUntil: isLocked(code, now) ? code.lockedUntil!.toISOString() : null,
});

/** The buyer's own in-person trade waiting for the handover: a stranger 404, the seller 403, else 409. */
async function buyersWaitingTrade(deps: HandoverDeps, userId: string, id: string, sellerText: string) {
  const row = await memberTransactionRow(deps.db, userId, id);
  if (viewerRoleOf(row, userId) !== 'BUYER') throw new AppError('FORBIDDEN', sellerText);
  if (row.status !== 'WAITING_FOR_HANDOVER') throw notWaitingError();
  return row;
}

/** The buyer reads the release code, made on the first read. */
export async function readReleaseCode(
  deps: HandoverDeps,
  userId: string,
  id: string,
): Promise<HandoverCodeAnswer> {
  await buyersWaitingTrade(deps, userId, id, HANDOVER_TEXT.buyerOnly);
  const now = deps.clock.now();
  await ensureCode(deps.db, id, now);
  const code = await findCode(deps.db, id);
  if (!code) throw transactionNotFound();
  if (code.usedAt) throw alreadyUsedError();
  return answerOf(code, now);
}

/**
 * The buyer replaces the code; the old one stops working at once (the row is locked, so an entry of
 * the old code either finished before or compares against the new one). A lock stays as it is: it is
 * the only bound on how fast codes can be guessed, and a replacement must not become a way to reset it
 * (nor the count of wrong codes that leads to it).
 */
export async function regenerateReleaseCode(
  deps: HandoverDeps,
  userId: string,
  id: string,
): Promise<HandoverCodeAnswer> {
  await buyersWaitingTrade(deps, userId, id, HANDOVER_TEXT.buyerOnlyRegenerate);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await ensureCode(tx, id, now);
    const current = await lockCode(tx, id);
    if (!current) throw transactionNotFound();
    if (current.usedAt) throw alreadyUsedError();
    const code = newReleaseCode(current.code);
    if (!(await replaceCode(tx, current.id, code, now))) throw alreadyUsedError();
    return answerOf({ ...current, code }, now);
  });
}

/** Thrown inside the release step so that it rolls back; the attempt is then counted on its own. */
class WrongCode extends Error {}

/**
 * The seller enters the code. The right one releases the escrow in ONE step (guarded status change,
 * ledger, code marked used, activity, SYSTEM chat message, notifications, then `transaction:updated`),
 * so of many entries at once exactly one succeeds. Membership, role and status are the step engine's
 * (404, 403, 409); then, under the code row's lock, a lock (429) and the comparison (constant time).
 */
export async function enterReleaseCode(
  deps: HandoverDeps,
  userId: string,
  id: string,
  entered: string,
): Promise<StepResult<void>> {
  let checked: HandoverCodeRow | null = null;
  try {
    return await runStep(deps, {
      ...releaseSpec({
        transactionId: id,
        action: 'CONFIRM_HANDOVER',
        userId,
        description: () => HANDOVER_TEXT.activity,
        extra: async (tx, ctx) => {
          if (!checked || !(await markCodeUsed(tx, checked.id, entered, ctx.now))) throw alreadyUsedError();
          await recordAttempt(tx, { transactionId: id, userId, correct: true, at: ctx.now });
        },
      }),
      check: async (ctx) => {
        const code = await lockCode(ctx.tx, id);
        if (code?.usedAt) throw alreadyUsedError();
        if (code && isLocked(code, ctx.now)) throw lockedError(code.lockedUntil!, ctx.now);
        if (!code || !sameCode(code.code, entered)) throw new WrongCode();
        checked = code;
      },
    });
  } catch (error) {
    if (!(error instanceof WrongCode)) throw error;
  }
  throw await countWrongCode(deps, userId, id);
}

/**
 * A wrong code, counted in its own committed database transaction (the request still fails): the
 * HANDOVER_MAX_WRONG_CODES-th within an hour locks entry for an hour and tells the buyer (without the
 * code). Returns the error to answer with.
 */
async function countWrongCode(deps: HandoverDeps, userId: string, id: string): Promise<AppError> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    await ensureCode(tx, id, now);
    const code = await lockCode(tx, id);
    if (!code) throw transactionNotFound();
    if (code.usedAt) return { error: alreadyUsedError() };
    // Another wrong entry locked it while this one waited for the row.
    if (isLocked(code, now)) return { error: lockedError(code.lockedUntil!, now) };
    await recordAttempt(tx, { transactionId: id, userId, correct: false, at: now });
    const wrong = await wrongAttemptsSince(tx, id, new Date(now.getTime() - HANDOVER_LOCK_MS));
    const left = HANDOVER_MAX_WRONG_CODES - wrong;
    if (left > 0) return { error: wrongCodeError(left) };
    const until = new Date(now.getTime() + HANDOVER_LOCK_MS);
    await lockEntryUntil(tx, code.id, until, now);
    const row = await memberTransactionRow(tx, userId, id);
    const note = await lockNotice(tx, row, until);
    return { error: lockedError(until, now, true), note };
  });
  if (outcome.note) announce(deps, outcome.note);
  return outcome.error;
}

const buyerOf = (row: TransactionRow) => (row.creatorRole === 'BUYER' ? row.creatorId : row.counterpartyId);

async function lockNotice(tx: Tx, row: TransactionRow, until: Date): Promise<NotificationView | null> {
  const buyerId = buyerOf(row);
  if (!buyerId) return null;
  return createNotification(tx, {
    userId: buyerId,
    transactionId: row.id,
    type: 'SYSTEM',
    priority: 'HIGH',
    title: HANDOVER_TEXT.lockedTitle,
    message: HANDOVER_TEXT.lockedMessageMessage,
    params: { item: quotedItem(row.description), until: lagosTimeOfDay(until) },
    metadata: { transactionStatus: row.status, lockedUntil: until.toISOString(), actionRequired: false },
  });
}

/** After commit, best-effort: pushed live, and e-mailed if notices of its type are. */
export function announce(deps: HandoverDeps, note: NotificationView): void {
  try {
    pushNotification(deps.realtime, note);
  } catch (error) {
    deps.log.error({ err: error, transactionId: note.transactionId }, 'could not announce a handover notice');
  }
}
