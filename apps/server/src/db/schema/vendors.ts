import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from '../columns.ts';
import { transactions } from './transactions.ts';
import { users } from './users.ts';

const instant = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * A user's business profile (docs/vendors.md). The directory's figures are kept on the row
 * (completed orders by a trigger on transactions in migration 0011, ratings by the rating service in the
 * rating's own database transaction), so a page is read through an index instead of aggregated per request.
 */
export const vendorProfiles = pgTable(
  'vendor_profiles',
  {
    id: id(),
    userId: text()
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessName: text().notNull(),
    description: text().notNull(),
    specialties: text().array().notNull(),
    state: text().notNull(),
    phone: text().notNull(),
    email: text().notNull(),
    published: boolean().notNull().default(false),
    sellerTermsAcceptedAt: instant(),
    /** Lower-cased name and specialties: the search's trigram index reads this one column. */
    searchText: text().notNull(),
    completedOrders: integer().notNull().default(0),
    ratingSum: integer().notNull().default(0),
    reviewCount: integer().notNull().default(0),
    /** ratingSum / reviewCount, 0 without reviews (sorted on, so stored). */
    rating: doublePrecision().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('vendor_profiles_rating_idx')
      .on(t.rating.desc().nullsFirst(), t.reviewCount.desc().nullsFirst(), t.id)
      .where(sql`${t.published}`),
    index('vendor_profiles_orders_idx')
      .on(t.completedOrders.desc().nullsFirst(), t.rating.desc().nullsFirst(), t.id)
      .where(sql`${t.published}`),
    index('vendor_profiles_specialties_idx').using('gin', t.specialties),
    index('vendor_profiles_search_trgm_idx')
      .using('gin', t.searchText.op('gin_trgm_ops'))
      .with({ fastupdate: 'off' }),
    check('vendor_profiles_specialties_count', sql`cardinality(${t.specialties}) between 1 and 5`),
  ],
);
export type VendorProfileRow = typeof vendorProfiles.$inferSelect;

/** The buyer's rating of the seller, one per transaction; editable for 7 days, one reply by the seller. */
export const vendorRatings = pgTable(
  'vendor_ratings',
  {
    id: id(),
    transactionId: text()
      .notNull()
      .unique()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    buyerId: text()
      .notNull()
      .references(() => users.id),
    sellerId: text()
      .notNull()
      .references(() => users.id),
    rating: integer().notNull(),
    review: text(),
    /** Given after a dispute refund (the review shows 'refunded'). */
    refunded: boolean().notNull().default(false),
    reply: text(),
    repliedAt: instant(),
    ...timestamps,
  },
  (t) => [
    index('vendor_ratings_seller_idx').on(t.sellerId, t.createdAt.desc()),
    check('vendor_ratings_range', sql`${t.rating} between 1 and 5`),
  ],
);
export type VendorRatingRow = typeof vendorRatings.$inferSelect;

/** A user's saved vendors. */
export const savedVendors = pgTable(
  'saved_vendors',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vendorId: text()
      .notNull()
      .references(() => vendorProfiles.id, { onDelete: 'cascade' }),
    createdAt: instant().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.vendorId] })],
);
