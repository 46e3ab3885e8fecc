import { and, desc, eq, or, sql } from 'drizzle-orm';
import { CLOSED_ACCOUNT_NAME } from '@escrow/shared/schemas/privacy';
import { VENDOR_TEXT, type VendorProfileAnswer } from '@escrow/shared/schemas/vendors';
import { tradeDirectory, userDirectory } from '../../db/schema/published.ts';
import { savedVendors, vendorProfiles, vendorRatings } from '../../db/schema/vendors.ts';
import { AppError } from '../../lib/errors.ts';
import type { VendorsDeps } from './vendors.deps.ts';
import { cardColumns, cardsOf } from './vendors.directory.ts';

export const vendorNotFound = () => new AppError('NOT_FOUND', VENDOR_TEXT.notFound);
const RECENT_REVIEWS = 10;

/** A published vendor (or the caller's own profile, published or not); anything else is 404. */
async function visibleVendor(deps: Pick<VendorsDeps, 'db'>, viewerId: string, vendorId: string) {
  const [row] = await deps.db
    .select(cardColumns(viewerId))
    .from(vendorProfiles)
    .innerJoin(userDirectory, eq(userDirectory.id, vendorProfiles.userId))
    .where(
      and(
        eq(vendorProfiles.id, vendorId),
        or(eq(vendorProfiles.published, true), eq(vendorProfiles.userId, viewerId)),
      ),
    );
  if (!row) throw vendorNotFound();
  return row;
}

/** The vendor's page: the card, contact details, recent reviews and the verification checklist. */
export async function getVendorProfile(
  deps: VendorsDeps,
  viewerId: string,
  vendorId: string,
): Promise<VendorProfileAnswer> {
  const row = await visibleVendor(deps, viewerId, vendorId);
  const sellerId = row.profile.userId;
  const [[card], reviews, [validated], licensed, checked] = await Promise.all([
    cardsOf(deps.db, [row], deps.clock.now()),
    deps.db
      .select({
        id: vendorRatings.id,
        rating: vendorRatings.rating,
        review: vendorRatings.review,
        refunded: vendorRatings.refunded,
        reply: vendorRatings.reply,
        createdAt: vendorRatings.createdAt,
        firstName: userDirectory.firstName,
        lastName: userDirectory.lastName,
        closedAt: userDirectory.closedAt,
      })
      .from(vendorRatings)
      .innerJoin(userDirectory, eq(userDirectory.id, vendorRatings.buyerId))
      .where(eq(vendorRatings.sellerId, sellerId))
      .orderBy(desc(vendorRatings.createdAt), desc(vendorRatings.id))
      .limit(RECENT_REVIEWS),
    deps.db
      .select({ one: sql<number>`1` })
      .from(vendorRatings)
      .innerJoin(tradeDirectory, eq(tradeDirectory.id, vendorRatings.transactionId))
      .where(and(eq(vendorRatings.sellerId, sellerId), eq(tradeDirectory.status, 'COMPLETED')))
      .limit(1),
    deps.businessLicenseHolders([sellerId]),
    deps.identityVerifiedUsers([sellerId]),
  ]);
  return {
    vendor: { ...card!, phone: row.profile.phone, email: row.profile.email },
    reviews: reviews.map((r) => ({
      id: r.id,
      rating: r.rating,
      review: r.review,
      refunded: r.refunded,
      reply: r.reply,
      // A reviewer is shown by first name and initial only; a closed account by that alone.
      buyerName: r.closedAt ? CLOSED_ACCOUNT_NAME : `${r.firstName} ${r.lastName.slice(0, 1)}.`,
      createdAt: r.createdAt.toISOString(),
    })),
    checklist: {
      businessLicense: licensed.has(sellerId),
      backgroundCheck: checked.has(sellerId),
      reviewValidation: Boolean(validated),
      escrowAgreementSigned: row.profile.sellerTermsAcceptedAt !== null,
    },
  };
}

export async function saveVendor(
  deps: Pick<VendorsDeps, 'db' | 'clock'>,
  viewerId: string,
  vendorId: string,
) {
  const row = await visibleVendor(deps, viewerId, vendorId);
  if (row.profile.userId === viewerId) throw new AppError('CONFLICT', VENDOR_TEXT.cannotSaveSelf);
  await deps.db
    .insert(savedVendors)
    .values({ userId: viewerId, vendorId, createdAt: deps.clock.now() })
    .onConflictDoNothing();
  return { saved: true };
}

/** Removes a saved vendor (even one that has since unpublished); an unknown vendor is 404. */
export async function unsaveVendor(deps: Pick<VendorsDeps, 'db'>, viewerId: string, vendorId: string) {
  const removed = await deps.db
    .delete(savedVendors)
    .where(and(eq(savedVendors.userId, viewerId), eq(savedVendors.vendorId, vendorId)))
    .returning({ vendorId: savedVendors.vendorId });
  if (removed.length === 0) await visibleVendor(deps, viewerId, vendorId);
  return { saved: false };
}
