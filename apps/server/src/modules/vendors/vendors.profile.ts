import { eq, sql } from 'drizzle-orm';
import { VENDOR_TEXT, type VendorProfileForm } from '@escrow/shared/schemas/vendors';
import type { DbOrTx } from '../../db/client.ts';
import { tradeDirectory } from '../../db/schema/published.ts';
import { vendorProfiles, vendorRatings, type VendorProfileRow } from '../../db/schema/vendors.ts';
import { badRequest } from '../../lib/errors.ts';
import { labelAsVendor } from '../auth/index.ts';
import type { VendorsDeps } from './vendors.deps.ts';

export const searchTextOf = (businessName: string, specialties: string[]) =>
  [businessName, ...specialties].join(' ').toLowerCase();

export function toMyProfile(row: VendorProfileRow) {
  return {
    id: row.id,
    businessName: row.businessName,
    description: row.description,
    specialties: row.specialties as VendorProfileForm['specialties'],
    state: row.state as VendorProfileForm['state'],
    phone: row.phone,
    email: row.email,
    published: row.published,
    sellerTermsAcceptedAt: row.sellerTermsAcceptedAt?.toISOString() ?? null,
  };
}

export async function findProfileByUser(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(vendorProfiles).where(eq(vendorProfiles.userId, userId));
  return row ?? null;
}

export async function getMyProfile(deps: Pick<VendorsDeps, 'db'>, userId: string) {
  const row = await findProfileByUser(deps.db, userId);
  return { vendor: row ? toMyProfile(row) : null };
}

/**
 * Creates or updates the caller's profile. Publishing needs the seller terms accepted once (stored with
 * its time) and makes the user a VENDOR. A new profile starts with the figures its owner already earned
 * (completed sales, ratings received); from then on the completion trigger and the rating service keep
 * them.
 */
export async function saveMyProfile(
  deps: Pick<VendorsDeps, 'db' | 'clock'>,
  userId: string,
  input: VendorProfileForm,
) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const existing = await findProfileByUser(tx, userId);
    const accepted = existing?.sellerTermsAcceptedAt ?? (input.acceptSellerTerms ? now : null);
    if (input.published && !accepted) throw badRequest(VENDOR_TEXT.termsRequired);
    const fields = {
      businessName: input.businessName,
      description: input.description,
      specialties: input.specialties,
      state: input.state,
      phone: input.phone.replace(/\s+/g, ''),
      email: input.email.toLowerCase(),
      published: input.published,
      sellerTermsAcceptedAt: accepted,
      searchText: searchTextOf(input.businessName, input.specialties),
      updatedAt: now,
    };
    let row: VendorProfileRow;
    if (existing) {
      [row] = (await tx
        .update(vendorProfiles)
        .set(fields)
        .where(eq(vendorProfiles.id, existing.id))
        .returning()) as [VendorProfileRow];
    } else {
      const [figures] = await tx
        .select({
          completedOrders: sql<number>`(select count(*)::int from ${tradeDirectory} t
            where t.status = 'COMPLETED' and ((t.creator_role = 'SELLER' and t.creator_id = ${userId})
              or (t.creator_role = 'BUYER' and t.counterparty_id = ${userId})))`,
          ratingSum: sql<number>`coalesce(sum(${vendorRatings.rating}), 0)::int`,
          reviewCount: sql<number>`count(${vendorRatings.id})::int`,
        })
        .from(vendorRatings)
        .where(eq(vendorRatings.sellerId, userId));
      const { completedOrders = 0, ratingSum = 0, reviewCount = 0 } = figures ?? {};
      [row] = (await tx
        .insert(vendorProfiles)
        .values({
          ...fields,
          userId,
          completedOrders,
          ratingSum,
          reviewCount,
          rating: reviewCount ? ratingSum / reviewCount : 0,
          createdAt: now,
        })
        .returning()) as [VendorProfileRow];
    }
    if (input.published) await labelAsVendor(tx, userId, now);
    return { vendor: toMyProfile(row) };
  });
}
