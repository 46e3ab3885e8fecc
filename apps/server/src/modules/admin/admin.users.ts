import { toMajor } from '@escrow/shared/domain/money';
import { ADMIN_TEXT, type AdminUserDetail, type AdminUserSummary } from '@escrow/shared/schemas/admin';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Language } from '../../lib/i18n.ts';
import {
  accountNamesOf,
  accountRow,
  describeDevice,
  liveSessionsOf,
  privacyConsentOf,
  searchAccountRows,
  type UserRow,
} from '../auth/index.ts';
import { disputeCountsOf } from '../disputes/index.ts';
import { heldEscrowOf, walletBalanceMinor } from '../ledger/index.ts';
import { exportsForStaff } from '../privacy/index.ts';
import { newestTransactionsOf } from '../transactions/index.ts';
import { twoFactorEnabledOf } from '../two-factor/index.ts';

const OPEN_MONEY = ['WAITING_FOR_SHIPMENT', 'WAITING_FOR_BUYER_CONFIRMATION', 'DISPUTED'];

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
  const rows = await searchAccountRows(db, filter);
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
 * two-factor sign-in is on. Device names are written in `language`, the staff reader's.
 */
export async function userDetail(
  db: Db,
  clock: Clock,
  id: string,
  language: Language = 'en',
): Promise<AdminUserDetail> {
  const user = await accountRow(db, id);
  if (!user) throw userNotFound();
  const [rows, live, disputes, balance, held, exports, twoFactorEnabled] = await Promise.all([
    newestTransactionsOf(db, id, 20),
    liveSessionsOf(db, id, clock.now()),
    disputeCountsOf(db, id),
    walletBalanceMinor(db, id, 'NGN'),
    heldEscrowOf(db, id, 'NGN'),
    exportsForStaff({ db, clock }, id),
    twoFactorEnabledOf(db, id),
  ]);
  const otherIds = rows
    .map((t) => (t.creatorId === id ? t.counterpartyId : t.creatorId))
    .filter((x): x is string => !!x);
  const others = otherIds.length ? await accountNamesOf(db, otherIds) : [];
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
      // Named as in the user's own sessions list, so staff and user speak of the same device; in the
      // reader's language, as the rest of the console's answer is.
      device: describeDevice(s.userAgent, language),
      createdAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
    })),
    disputes,
    privacyConsent: privacyConsentOf(user),
    dataExports: exports,
  };
}
