import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  trustLevelOf,
  type VendorCard,
  type VendorList,
  type vendorListQuerySchema,
} from '@escrow/shared/schemas/vendors';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { userDirectory } from '../../db/schema/published.ts';
import { savedVendors, vendorProfiles } from '../../db/schema/vendors.ts';
import type { VendorsDeps } from './vendors.deps.ts';
import { responseTimes } from './vendors.figures.ts';

type ListQuery = z.output<typeof vendorListQuerySchema>;

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

const LEVEL_OF = { Verified: 'ENHANCED', Premium: 'PREMIUM' } as const;

export const cardColumns = (viewerId: string) => ({
  profile: vendorProfiles,
  verificationLevel: userDirectory.verificationLevel,
  memberSince: userDirectory.createdAt,
  avatar: userDirectory.profilePicture,
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
  if (query.trustLevel) where.push(eq(userDirectory.verificationLevel, LEVEL_OF[query.trustLevel]));
  return and(...where)!;
}

const ORDER = {
  rating: sql`rating desc, review_count desc, id`,
  orders: sql`completed_orders desc, rating desc, id`,
};

/**
 * The page's ids, then their cards. Without a search or specialty the page walks the sort's partial index
 * (published) and reads only ids, so skipped rows cost an index entry each; with one, the matches are
 * found through the trigram or specialty GIN index first (materialised) and only they are sorted, instead
 * of walking the whole sort index looking for rare matches. Users are joined only for the trust filter.
 */
async function pageIds(db: DbOrTx, query: ListQuery) {
  const from = query.trustLevel
    ? sql`${vendorProfiles} inner join ${userDirectory} on ${userDirectory.id} = ${vendorProfiles.userId}`
    : sql`${vendorProfiles}`;
  const where = filtersOf(query);
  const offset = (query.page - 1) * query.limit;
  const order = ORDER[query.sort];
  const select = sql`select ${vendorProfiles.id} as id, ${vendorProfiles.rating} as rating,
    ${vendorProfiles.reviewCount} as review_count, ${vendorProfiles.completedOrders} as completed_orders
    from ${from} where ${where}`;
  const page =
    query.q || query.specialty
      ? sql`with matches as materialized (${select})
          select id from matches order by ${order} limit ${query.limit} offset ${offset}`
      : sql`select id from (${select}) as matches order by ${order} limit ${query.limit} offset ${offset}`;
  const [ids, total] = await Promise.all([
    db.execute(page) as unknown as Promise<{ rows: { id: string }[] }>,
    db.execute(sql`select count(*)::int as n from ${from} where ${where}`) as unknown as Promise<{
      rows: { n: number }[];
    }>,
  ]);
  return { ids: ids.rows.map((r) => r.id), total: Number(total.rows[0]?.n ?? 0) };
}

/** Published vendors, filtered and sorted on the row's own figures (docs/vendors.md). */
export async function listVendors(
  deps: Pick<VendorsDeps, 'db' | 'clock'>,
  viewerId: string,
  query: ListQuery,
): Promise<VendorList> {
  const { ids, total } = await pageIds(deps.db, query);
  const rows = ids.length
    ? await deps.db
        .select(cardColumns(viewerId))
        .from(vendorProfiles)
        .innerJoin(userDirectory, eq(userDirectory.id, vendorProfiles.userId))
        .where(inArray(vendorProfiles.id, ids))
    : [];
  const byId = new Map(rows.map((row) => [row.profile.id, row]));
  return {
    vendors: await cardsOf(
      deps.db,
      ids.flatMap((id) => byId.get(id) ?? []),
      deps.clock.now(),
    ),
    total,
    page: query.page,
    totalPages: Math.max(1, Math.ceil(total / query.limit)),
  };
}

/** The caller's saved vendors that are still published, most recently saved first. */
export async function listSaved(deps: Pick<VendorsDeps, 'db' | 'clock'>, viewerId: string) {
  const rows = await deps.db
    .select(cardColumns(viewerId))
    .from(savedVendors)
    .innerJoin(vendorProfiles, eq(vendorProfiles.id, savedVendors.vendorId))
    .innerJoin(userDirectory, eq(userDirectory.id, vendorProfiles.userId))
    .where(and(eq(savedVendors.userId, viewerId), eq(vendorProfiles.published, true)))
    .orderBy(desc(savedVendors.createdAt))
    .limit(200);
  return { vendors: await cardsOf(deps.db, rows, deps.clock.now()) };
}
