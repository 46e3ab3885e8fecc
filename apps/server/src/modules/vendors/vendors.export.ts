import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { savedVendors, vendorRatings, type VendorRatingRow } from '../../db/schema/vendors.ts';
import { findProfileByUser, toMyProfile } from './vendors.profile.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;
const toRating = (row: VendorRatingRow) => ({
  id: row.id,
  transactionId: row.transactionId,
  rating: row.rating,
  review: row.review,
  refunded: row.refunded,
  reply: row.reply,
  repliedAt: iso(row.repliedAt),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * The user's vendor records for "Download my data": their vendor profile, the ratings they gave as a
 * buyer and received as a seller (with the seller's reply), and the vendors they saved.
 */
export async function vendorDataForExport(db: DbOrTx, userId: string) {
  const profile = await findProfileByUser(db, userId);
  const given = await db
    .select()
    .from(vendorRatings)
    .where(eq(vendorRatings.buyerId, userId))
    .orderBy(asc(vendorRatings.createdAt));
  const received = await db
    .select()
    .from(vendorRatings)
    .where(eq(vendorRatings.sellerId, userId))
    .orderBy(asc(vendorRatings.createdAt));
  const saved = await db
    .select({ vendorId: savedVendors.vendorId, savedAt: savedVendors.createdAt })
    .from(savedVendors)
    .where(eq(savedVendors.userId, userId))
    .orderBy(asc(savedVendors.createdAt));
  return {
    vendorProfile: profile ? toMyProfile(profile) : null,
    ratingsGiven: given.map(toRating),
    ratingsReceived: received.map(toRating),
    savedVendors: saved.map((s) => ({ vendorId: s.vendorId, savedAt: s.savedAt.toISOString() })),
  };
}
