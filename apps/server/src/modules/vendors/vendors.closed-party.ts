import { eq, or } from 'drizzle-orm';
import { CLOSED_ACCOUNT_NAME } from '@escrow/shared/schemas/privacy';
import type { Tx } from '../../db/client.ts';
import { savedVendors, vendorProfiles } from '../../db/schema/vendors.ts';
import { searchTextOf } from './vendors.profile.ts';

/**
 * A closed account's vendor profile (docs/privacy.md), inside the closing transaction: unpublished for
 * good, its business name, description and contact details wiped, and every saved-vendor link to or
 * from the account removed. The figures stay on the row (ratings belong to the buyers who gave them).
 * Answers the contact details the profile had, for the caller to remove from text that quoted them.
 */
export async function hideClosedVendor(
  tx: Tx,
  userId: string,
): Promise<{ phone: string; email: string; businessName: string } | null> {
  const [profile] = await tx
    .select()
    .from(vendorProfiles)
    .where(eq(vendorProfiles.userId, userId))
    .for('update');
  await tx
    .delete(savedVendors)
    .where(
      profile
        ? or(eq(savedVendors.userId, userId), eq(savedVendors.vendorId, profile.id))
        : eq(savedVendors.userId, userId),
    );
  if (!profile) return null;
  await tx
    .update(vendorProfiles)
    .set({
      published: false,
      businessName: CLOSED_ACCOUNT_NAME,
      description: '',
      phone: '',
      email: '',
      searchText: searchTextOf(CLOSED_ACCOUNT_NAME, profile.specialties),
    })
    .where(eq(vendorProfiles.id, profile.id));
  return { phone: profile.phone, email: profile.email, businessName: profile.businessName };
}
