import { and, count, desc, eq, gt, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { toMajor } from '@escrow/shared/domain/money';
import { ADMIN_TEXT, type AdminUserDetail, type AdminUserSummary } from '@escrow/shared/schemas/admin';
import type { Db } from '../../db/client.ts';
import { disputes } from '../../db/schema/disputes.ts';
import { transactions } from '../../db/schema/transactions.ts';
import { sessions, users, type UserRow } from '../../db/schema/users.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { describeDevice, privacyConsentOf } from '../auth/index.ts';
import { heldEscrowOf, walletBalanceMinor } from '../ledger/index.ts';
import { exportsForStaff } from '../privacy/index.ts';
import { twoFactorEnabledOf } from '../two-factor/index.ts';

const OPEN_MONEY = ['WAITING_FOR_SHIPMENT', 'WAITING_FOR_BUYER_CONFIRMATION', 'DISPUTED'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const userNotFound = () => new AppError('NOT_FOUND', ADMIN_TEXT.userNotFound);

export function toSummary(user: UserRow): AdminUserSummary {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    verificationLevel: user.verificationLevel,
    trustScore: user.trustScore,
    suspendedAt: user.suspendedAt?.toISOString() ?? null,
    closedAt: user.closedAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

/** Lookup by exact id, or e-mail / full name containing the text (case-insensitive), newest first. */
export async function searchUsers(db: Db, filter: { q: string; page: number; limit: number }) {
  const q = filter.q.trim();
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = !q
    ? undefined
    : or(
        ...(UUID.test(q) ? [eq(users.id, q.toLowerCase())] : []),
        ilike(users.email, like),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
      );
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(filter.limit + 1)
    .offset((filter.page - 1) * filter.limit);
  return {
    users: rows.slice(0, filter.limit).map(toSummary),
    page: filter.page,
    limit: filter.limit,
    hasMore: rows.length > filter.limit,
  };
}

/**
 * Everything support needs to judge an account: profile, wallet, newest transactions, sessions, disputes,
 * its privacy record (the notice accepted at sign-up, data exports without their files) and whether
 * two-factor sign-in is on.
 */
export async function userDetail(db: Db, clock: Clock, id: string): Promise<AdminUserDetail> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw userNotFound();
  const mine = or(eq(transactions.creatorId, id), eq(transactions.counterpartyId, id));
  const [rows, live, raised, against, open, balance, held, exports, twoFactorEnabled] = await Promise.all([
    db.select().from(transactions).where(mine).orderBy(desc(transactions.createdAt)).limit(20),
    db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, clock.now())))
      .orderBy(desc(sessions.createdAt))
      .limit(50),
    db.select({ n: count() }).from(disputes).where(eq(disputes.raisedById, id)),
    db.select({ n: count() }).from(disputes).where(eq(disputes.accusedId, id)),
    db
      .select({ n: count() })
      .from(disputes)
      .where(
        and(
          or(eq(disputes.raisedById, id), eq(disputes.accusedId, id)),
          sql`${disputes.status} in ('OPEN', 'IN_REVIEW')`,
        ),
      ),
    walletBalanceMinor(db, id, 'NGN'),
    heldEscrowOf(db, id, 'NGN'),
    exportsForStaff({ db, clock }, id),
    twoFactorEnabledOf(db, id),
  ]);
  const otherIds = rows
    .map((t) => (t.creatorId === id ? t.counterpartyId : t.creatorId))
    .filter((x): x is string => !!x);
  const others = otherIds.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, otherIds))
    : [];
  const nameOf = (otherId: string | null) => {
    const o = others.find((p) => p.id === otherId);
    return o ? `${o.firstName} ${o.lastName}`.trim() : null;
  };
  return {
    user: { ...toSummary(user), suspensionReason: user.suspensionReason },
    twoFactorEnabled,
    wallet: { balance: toMajor(balance), pendingEscrow: toMajor(held), currency: 'NGN' },
    transactions: rows.map((t) => {
      const role = t.creatorId === id ? t.creatorRole : t.creatorRole === 'BUYER' ? 'SELLER' : 'BUYER';
      return {
        id: t.id,
        description: t.description,
        price: toMajor(t.price),
        currency: t.currency,
        status: t.status,
        role,
        counterpartyName: nameOf(t.creatorId === id ? t.counterpartyId : t.creatorId),
        createdAt: t.createdAt.toISOString(),
        flagged: user.suspendedAt !== null && OPEN_MONEY.includes(t.status),
      };
    }),
    sessions: live.map((s) => ({
      id: s.id,
      userAgent: s.userAgent,
      // Named as in the user's own sessions list, so staff and user speak of the same device.
      device: describeDevice(s.userAgent),
      createdAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
    })),
    disputes: { raised: raised[0]?.n ?? 0, against: against[0]?.n ?? 0, open: open[0]?.n ?? 0 },
    privacyConsent: privacyConsentOf(user),
    dataExports: exports,
  };
}
