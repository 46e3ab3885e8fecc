import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  trustLevelOf,
  type VendorCard,
  type VendorList,
  vendorListQuerySchema,
} from '@escrow/shared/schemas/vendors';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { savedVendors, vendorProfiles } from '../../db/schema/vendors.ts';
import type { VendorsDeps } from './vendors.deps.ts';
import { responseTimes } from './vendors.figures.ts';

type ListQuery = z.output<typeof vendorListQuerySchema>;

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

const LEVEL_OF = { Verified: 'ENHANCED', Premium: 'PREMIUM' } as const;

export const cardColumns = (viewerId: string) => ({
  profile: vendorProfiles,
  verificationLevel: users.verificationLevel,
  memberSince: users.createdAt,
  avatar: users.profilePicture,
  saved: sql<boolean>`exists (select 1 from ${savedVendors} s
    where s.user_id = ${viewerId} and s.vendor_id = ${vendorProfiles.id})`,
});
export type CardRow = {
  profile: typeof vendorProfiles.$inferSelect;
  verificationLevel: 'BASIC' | 'ENHANCED' | 'PREMIUM';
  memberSince: Date;
  avatar: string | null;
  saved: boolean;
};

export function toCard(row: CardRow, responseTime: number | null): VendorCard {
  const p = row.profile;
  return {
    id: p.id,
    userId: p.userId,
    name: p.businessName,
    description: p.description,
    specialties: p.specialties,
    location: `${p.state}, Nigeria`,
    rating: p.reviewCount ? Math.round((p.ratingSum / p.reviewCount) * 10) / 10 : null,
    reviewCount: p.reviewCount,
    completedOrders: p.completedOrders,
    responseTimeMinutes: responseTime,
    trustLevel: trustLevelOf(row.verificationLevel),
    memberSince: row.memberSince.toISOString(),
    avatar: row.avatar,
    saved: row.saved,
  };
}

/** Cards for rows already read: one extra query for the page's response times. */
export async function cardsOf(db: DbOrTx, rows: CardRow[], now: Date) {
  const times = await responseTimes(
    db,
    rows.map((r) => r.profile.userId),
    now,
  );
  return rows.map((row) => toCard(row, times.get(row.profile.userId) ?? null));
}

function filtersOf(query: ListQuery): SQL {
  const where: SQL[] = [eq(vendorProfiles.published, true)];
  if (query.q)
    where.push(sql`${vendorProfiles.searchText} ilike ${`%${escapeLike(query.q.toLowerCase())}%`}`);
  if (query.state) where.push(eq(vendorProfiles.state, query.state));
  if (query.specialty) where.push(sql`${vendorProfiles.specialties} @> array[${query.specialty}]::text[]`);
  if (query.trustLevel) where.push(eq(users.verificationLevel, LEVEL_OF[query.trustLevel]));
  return and(...where)!;
}

/**
 * Published vendors, filtered and sorted on the row's own figures: each sort has a partial index
 * (published) in the same order, so a page reads `offset + limit` index entries, never every vendor.
 */
export async function listVendors(
  deps: Pick<VendorsDeps, 'db' | 'clock'>,
  viewerId: string,
  query: ListQuery,
): Promise<VendorList> {
  const where = filtersOf(query);
  const order =
    query.sort === 'orders'
      ? [desc(vendorProfiles.completedOrders), desc(vendorProfiles.rating), asc(vendorProfiles.id)]
      : [desc(vendorProfiles.rating), desc(vendorProfiles.reviewCount), asc(vendorProfiles.id)];
  const [rows, [total]] = await Promise.all([
    deps.db
      .select(cardColumns(viewerId))
      .from(vendorProfiles)
      .innerJoin(users, eq(users.id, vendorProfiles.userId))
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    deps.db
      .select({ n: count() })
      .from(vendorProfiles)
      .innerJoin(users, eq(users.id, vendorProfiles.userId))
      .where(where),
  ]);
  const n = total?.n ?? 0;
  return {
    vendors: await cardsOf(deps.db, rows, deps.clock.now()),
    total: n,
    page: query.page,
    totalPages: Math.max(1, Math.ceil(n / query.limit)),
  };
}

/** The caller's saved vendors that are still published, most recently saved first. */
export async function listSaved(deps: Pick<VendorsDeps, 'db' | 'clock'>, viewerId: string) {
  const rows = await deps.db
    .select(cardColumns(viewerId))
    .from(savedVendors)
    .innerJoin(vendorProfiles, eq(vendorProfiles.id, savedVendors.vendorId))
    .innerJoin(users, eq(users.id, vendorProfiles.userId))
    .where(and(eq(savedVendors.userId, viewerId), eq(vendorProfiles.published, true)))
    .orderBy(desc(savedVendors.createdAt))
    .limit(200);
  return { vendors: await cardsOf(deps.db, rows, deps.clock.now()) };
}
