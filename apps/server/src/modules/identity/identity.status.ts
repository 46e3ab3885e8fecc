import { desc, eq } from 'drizzle-orm';
import {
  IDENTITY_DAILY_ATTEMPTS,
  VERIFICATION_HISTORY_ITEMS,
  type VerificationStatus,
} from '@escrow/shared/schemas/identity';
import { identityDocuments, identityNumbers, verificationHistory } from '../../db/schema/identity.ts';
import { AppError } from '../../lib/errors.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { accountRow } from '../auth/index.ts';
import type { IdentityDeps } from './identity.deps.ts';
import { toDocumentView } from './identity.documents.ts';
import { refreshTrustScore } from '../trust/index.ts';
import { attemptsToday, limitsView } from './identity.verify.ts';

const STATUS_OF = {
  BASIC: 'UNVERIFIED',
  ENHANCED: 'PARTIALLY_VERIFIED',
  PREMIUM: 'FULLY_VERIFIED',
} as const;

/**
 * The Overview (`GET /verification/status`): level, trust score with its reasons (recomputed
 * here too, since completed transactions and account age change it without an identity event), the 5
 * latest history items, masked numbers and the documents with their status.
 */
export async function verificationStatus(deps: IdentityDeps, userId: string): Promise<VerificationStatus> {
  const now = deps.clock.now();
  const trust = await deps.db.transaction((tx) => refreshTrustScore(tx, userId, now));
  const user = await accountRow(deps.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED', msg('Invalid or expired token'));
  const [numbers, history, documents, attempts] = await Promise.all([
    deps.db
      .select({ kind: identityNumbers.kind, masked: identityNumbers.masked })
      .from(identityNumbers)
      .where(eq(identityNumbers.userId, userId)),
    deps.db
      .select()
      .from(verificationHistory)
      .where(eq(verificationHistory.userId, userId))
      .orderBy(desc(verificationHistory.createdAt), desc(verificationHistory.id))
      .limit(VERIFICATION_HISTORY_ITEMS),
    deps.db
      .select()
      .from(identityDocuments)
      .where(eq(identityDocuments.userId, userId))
      .orderBy(desc(identityDocuments.createdAt))
      .limit(50),
    attemptsToday(deps.db, userId, now),
  ]);
  const masked = (kind: 'NIN' | 'BVN') => numbers.find((n) => n.kind === kind)?.masked ?? null;
  return {
    user: {
      verificationLevel: user.verificationLevel,
      trustScore: user.trustScore,
      isVerified: user.isVerified,
      nin: masked('NIN'),
      bvn: masked('BVN'),
    },
    status: STATUS_OF[user.verificationLevel],
    trustReasons: trust.reasons,
    limits: limitsView(user.verificationLevel),
    attemptsLeftToday: Math.max(0, IDENTITY_DAILY_ATTEMPTS - attempts),
    history: history.map((h) => ({
      id: h.id,
      verificationType: h.verificationType,
      status: h.status,
      outcome: h.outcome,
      createdAt: h.createdAt.toISOString(),
    })),
    documents: documents.map(toDocumentView),
  };
}
