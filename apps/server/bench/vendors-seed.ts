/**
 * The directory's data for the bench: 10,000 published vendors (each its own user) with varied states,
 * specialties, verification levels and figures, inserted in bulk. The vendor rows answer the directory
 * from their stored figures, which is what the bench measures (docs/vendors.md).
 */
import { uuidv7 } from 'uuidv7';
import { ITEM_CATEGORIES, NIGERIAN_STATES } from '@escrow/shared/domain/nigeria';
import type { Db } from '../src/db/client.ts';
import { users } from '../src/db/schema/users.ts';
import { vendorProfiles } from '../src/db/schema/vendors.ts';
import { searchTextOf } from '../src/modules/vendors/index.ts';

export const SEEDED_VENDORS = 10_000;
/** The filtered row: one specialty (about a twelfth of the vendors) and a name search term. */
export const VENDOR_SPECIALTY = 'Home & Garden';
export const VENDOR_TERM = 'gadgets';
const LEVELS = ['BASIC', 'BASIC', 'ENHANCED', 'PREMIUM'] as const;
const NAMES = ['Gadgets', 'Fashion House', 'Auto Parts', 'Books Corner', 'Beauty Store', 'Art Gallery'];

export async function seedVendors(db: Db) {
  const batch = 500;
  for (let start = 0; start < SEEDED_VENDORS; start += batch) {
    const count = Math.min(batch, SEEDED_VENDORS - start);
    const people = Array.from({ length: count }, (_, j) => {
      const i = start + j;
      return {
        id: uuidv7(),
        email: `vendor-${i}-${uuidv7()}@example.com`,
        passwordHash: 'bench',
        firstName: `Vendor${i}`,
        lastName: 'Bench',
        profileLabel: 'VENDOR' as const,
        verificationLevel: LEVELS[i % LEVELS.length]!,
      };
    });
    await db.insert(users).values(people);
    await db.insert(vendorProfiles).values(
      people.map((person, j) => {
        const i = start + j;
        const specialties = [
          ITEM_CATEGORIES[i % ITEM_CATEGORIES.length]!,
          ITEM_CATEGORIES[(i * 7 + 3) % ITEM_CATEGORIES.length]!,
        ];
        const unique = [...new Set(specialties)];
        const businessName = `${NAMES[i % NAMES.length]} ${i}`;
        const reviewCount = i % 40;
        const ratingSum = reviewCount * (1 + (i % 5));
        return {
          userId: person.id,
          businessName,
          description: `Bench vendor number ${i}.`,
          specialties: unique,
          state: NIGERIAN_STATES[i % NIGERIAN_STATES.length]!,
          phone: '08031234567',
          email: `shop${i}@example.com`,
          published: i % 20 !== 0,
          sellerTermsAcceptedAt: new Date(),
          searchText: searchTextOf(businessName, unique),
          completedOrders: (i * 37) % 500,
          ratingSum,
          reviewCount,
          rating: reviewCount ? ratingSum / reviewCount : 0,
        };
      }),
    );
  }
}
