import { eq, sql } from 'drizzle-orm';
import { viewerRoleOf } from '@escrow/shared/domain/transaction-labels';
import {
  RATING_EDIT_WINDOW_MS,
  RATING_TEXT,
  type RatingAnswer,
  type TransactionRating,
} from '@escrow/shared/schemas/vendors';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { vendorProfiles, vendorRatings, type VendorRatingRow } from '../../db/schema/vendors.ts';
import { AppError } from '../../lib/errors.ts';
import { memberTransactionRow, type TransactionRow } from '../transactions/index.ts';
import type { VendorsDeps } from './vendors.deps.ts';

type Deps = Pick<VendorsDeps, 'db' | 'clock'>;

const sellerOf = (row: TransactionRow) => (row.creatorRole === 'SELLER' ? row.creatorId : row.counterpartyId);
const isRefunded = (row: TransactionRow) =>
  row.paymentStatus === 'REFUNDED' || row.paymentStatus === 'PARTIALLY_REFUNDED';
/** Rateable once COMPLETED, or CANCELLED by a dispute refund. */
const isRateable = (row: TransactionRow) =>
  row.status === 'COMPLETED' || (row.status === 'CANCELLED' && row.paymentStatus === 'REFUNDED');

function toView(row: VendorRatingRow): TransactionRating {
  return {
    id: row.id,
    transactionId: row.transactionId,
    rating: row.rating,
    review: row.review,
    refunded: row.refunded,
    reply: row.reply,
    createdAt: row.createdAt.toISOString(),
    editableUntil: new Date(row.createdAt.getTime() + RATING_EDIT_WINDOW_MS).toISOString(),
  };
}

async function ratingOf(db: DbOrTx, transactionId: string, lock = false) {
  const query = db.select().from(vendorRatings).where(eq(vendorRatings.transactionId, transactionId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Moves the seller's stored figures by a rating added (count +1) or changed (count 0). */
async function adjustFigures(tx: Tx, sellerId: string, sumDelta: number, countDelta: number) {
  await tx
    .update(vendorProfiles)
    .set({
      ratingSum: sql`${vendorProfiles.ratingSum} + ${sumDelta}`,
      reviewCount: sql`${vendorProfiles.reviewCount} + ${countDelta}`,
      rating: sql`(${vendorProfiles.ratingSum} + ${sumDelta})::float8 / greatest(${vendorProfiles.reviewCount} + ${countDelta}, 1)`,
    })
    .where(eq(vendorProfiles.userId, sellerId));
}

/** A member's view of the transaction's rating; strangers get 404. */
export async function getRating(deps: Deps, userId: string, transactionId: string): Promise<RatingAnswer> {
  const row = await memberTransactionRow(deps.db, userId, transactionId);
  const rating = await ratingOf(deps.db, transactionId);
  return {
    rating: rating ? toView(rating) : null,
    canRate: !rating && viewerRoleOf(row, userId) === 'BUYER' && isRateable(row),
  };
}

async function buyerRow(db: DbOrTx, userId: string, transactionId: string) {
  const row = await memberTransactionRow(db, userId, transactionId);
  if (viewerRoleOf(row, userId) !== 'BUYER') throw new AppError('FORBIDDEN', RATING_TEXT.onlyBuyer);
  return row;
}

/** The buyer rates the seller once, after completion or a dispute refund; the figures move with it. */
export async function rateSeller(
  deps: Deps,
  userId: string,
  transactionId: string,
  input: { rating: number; review?: string | undefined },
) {
  const now = deps.clock.now();
  return deps.db
    .transaction(async (tx) => {
      const row = await buyerRow(tx, userId, transactionId);
      if (!isRateable(row)) throw new AppError('CONFLICT', RATING_TEXT.notYet);
      if (await ratingOf(tx, transactionId)) throw new AppError('CONFLICT', RATING_TEXT.already);
      const sellerId = sellerOf(row)!;
      const [rating] = await tx
        .insert(vendorRatings)
        .values({
          transactionId,
          buyerId: userId,
          sellerId,
          rating: input.rating,
          review: input.review ?? null,
          refunded: isRefunded(row),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await adjustFigures(tx, sellerId, input.rating, 1);
      return { rating: toView(rating!) };
    })
    .catch((error: unknown) => {
      const code =
        (error as { cause?: { code?: string }; code?: string }).cause?.code ??
        (error as { code?: string }).code;
      if (code === '23505') throw new AppError('CONFLICT', RATING_TEXT.already);
      throw error;
    });
}

/** The buyer edits their rating within 7 days of giving it; after that it is fixed. */
export async function editRating(
  deps: Deps,
  userId: string,
  transactionId: string,
  input: { rating: number; review?: string | undefined },
) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await buyerRow(tx, userId, transactionId);
    const existing = await ratingOf(tx, transactionId, true);
    if (!existing) throw new AppError('NOT_FOUND', RATING_TEXT.none);
    if (now.getTime() - existing.createdAt.getTime() > RATING_EDIT_WINDOW_MS)
      throw new AppError('CONFLICT', RATING_TEXT.fixed);
    const [rating] = await tx
      .update(vendorRatings)
      .set({ rating: input.rating, review: input.review ?? null, updatedAt: now })
      .where(eq(vendorRatings.id, existing.id))
      .returning();
    await adjustFigures(tx, existing.sellerId, input.rating - existing.rating, 0);
    return { rating: toView(rating!) };
  });
}

/** The seller replies once to the rating they received. */
export async function replyToRating(deps: Deps, userId: string, transactionId: string, reply: string) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await memberTransactionRow(tx, userId, transactionId);
    if (viewerRoleOf(row, userId) !== 'SELLER') throw new AppError('FORBIDDEN', RATING_TEXT.onlySeller);
    const existing = await ratingOf(tx, transactionId, true);
    if (!existing) throw new AppError('NOT_FOUND', RATING_TEXT.none);
    if (existing.reply !== null) throw new AppError('CONFLICT', RATING_TEXT.replied);
    const [rating] = await tx
      .update(vendorRatings)
      .set({ reply, repliedAt: now, updatedAt: now })
      .where(eq(vendorRatings.id, existing.id))
      .returning();
    return { rating: toView(rating!) };
  });
}
