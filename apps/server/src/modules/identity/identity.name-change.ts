import { and, eq, inArray } from 'drizzle-orm';
import { computeTrustScore } from '@escrow/shared/domain/trust-score';
import type { VerificationLevel } from '@escrow/shared/schemas/auth';
import {
  DOCUMENT_TYPE_LABELS,
  NAME_BEARING_DOCUMENT_TYPES,
  type NameChangeImpact,
} from '@escrow/shared/schemas/identity';
import { NAME_CHANGE_TEXT } from '@escrow/shared/texts/correction';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { identityDocuments, identityNumbers, verificationHistory } from '../../db/schema/identity.ts';
import { AppError } from '../../lib/errors.ts';
import { translate, type Language } from '../../lib/i18n.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { recordAudit } from '../audit/index.ts';
import { recordVerification, savedLanguageOf, verificationStandingOf } from '../auth/index.ts';
import { createNotification, pushNotification } from '../notifications/index.ts';
import type { IdentityDeps } from './identity.deps.ts';
import { readTrustFacts, refreshTrustScore } from '../trust/index.ts';

/**
 * Names and verification (docs/privacy.md "Correct my data"). A NIN or BVN check passes only when the
 * provider's record carries the profile's first and last name (identity.verify.ts), and staff approve a
 * name-bearing document against the same names. So these checks say "this number belongs to the person
 * named on the profile": once the profile names someone else, they no longer prove anything, and a
 * regulated service must not keep showing the account as verified under a name nobody checked.
 *
 * A change of the first or last name that is more than case, accents or spacing (domain/names.ts)
 * therefore withdraws every such check in the database transaction that saves the name: the NIN and BVN
 * records are deleted (the number is free to be verified again, by this account under its new name), the
 * approved name-bearing documents become REJECTED with the reason, the level falls to BASIC when a NIN or
 * BVN carried it (a level only a check gave cannot outlive it), the trust score is recomputed, and the
 * history, a notification and an audit row (actor: the account; no names in it) record it. The profile
 * form shows the impact before saving, and the server refuses an unconfirmed change (409).
 */

/** The checks made under the account's current name. */
async function boundChecks(db: DbOrTx, userId: string) {
  const numbers = await db
    .select({ id: identityNumbers.id, kind: identityNumbers.kind, masked: identityNumbers.masked })
    .from(identityNumbers)
    .where(eq(identityNumbers.userId, userId))
    .orderBy(identityNumbers.kind);
  const documents = await db
    .select({ id: identityDocuments.id, documentType: identityDocuments.documentType })
    .from(identityDocuments)
    .where(
      and(
        eq(identityDocuments.userId, userId),
        eq(identityDocuments.status, 'VERIFIED'),
        inArray(identityDocuments.documentType, [...NAME_BEARING_DOCUMENT_TYPES]),
      ),
    )
    .orderBy(identityDocuments.createdAt);
  return { numbers, documents };
}
type BoundChecks = Awaited<ReturnType<typeof boundChecks>>;

/**
 * The checks as their labels read in the account's saved language ('your NIN *******8901'): the profile
 * form shows them as they come (apps/web profile-tab.tsx), and the notification lists them.
 */
const labelsOf = ({ numbers, documents }: BoundChecks, language: Language): NameChangeImpact['checks'] => [
  ...numbers.map((n) => ({
    kind: n.kind,
    label: translate(
      language,
      n.kind === 'NIN' ? NAME_CHANGE_TEXT.ninLabelMessage : NAME_CHANGE_TEXT.bvnLabelMessage,
      { masked: n.masked },
    ),
  })),
  ...documents.map((d) => ({
    kind: 'DOCUMENT' as const,
    label: translate(language, NAME_CHANGE_TEXT.documentLabelMessage, {
      type: translate(language, DOCUMENT_TYPE_LABELS[d.documentType]),
    }),
  })),
];

/** A list of labels in words, in `language`: 'a', 'a and b', 'a, b and c'. */
const inWords = (labels: string[], language: Language) =>
  labels.length <= 1
    ? labels.join('')
    : translate(language, NAME_CHANGE_TEXT.checksInWordsMessage, {
        items: labels.slice(0, -1).join(', '),
        last: labels.at(-1)!,
      });

/** Without its NIN and BVN a level stands only at BASIC; documents never set a level. */
const levelAfter = (level: VerificationLevel, bound: BoundChecks): VerificationLevel =>
  bound.numbers.length > 0 ? 'BASIC' : level;

/** What a different first or last name would withdraw now: GET /auth/me/name-change-impact. */
export async function nameChangeImpact(db: DbOrTx, userId: string, now: Date): Promise<NameChangeImpact> {
  const user = await verificationStandingOf(db, userId);
  const read = await readTrustFacts(db, userId, now);
  if (!user || !read) throw new AppError('UNAUTHORIZED', msg('Invalid or expired token'));
  const bound = await boundChecks(db, userId);
  const language = await savedLanguageOf(db, userId);
  const kinds = new Set(bound.numbers.map((n) => n.kind));
  const after = {
    ...read.facts,
    ninVerified: read.facts.ninVerified && !kinds.has('NIN'),
    bvnVerified: read.facts.bvnVerified && !kinds.has('BVN'),
    approvedDocuments: read.facts.approvedDocuments - bound.documents.length,
  };
  return {
    checks: labelsOf(bound, language),
    verificationLevel: user.level,
    levelAfter: levelAfter(user.level, bound),
    trustScore: computeTrustScore(read.facts).score,
    trustScoreAfter: computeTrustScore(after).score,
  };
}

/**
 * Withdraws the checks made under the old name, inside the caller's database transaction (the one that
 * saves the new name, with the user row locked). Answers what was withdrawn (null when nothing was), and
 * what to do after commit (push the notification).
 */
export async function withdrawNameBoundChecks(
  deps: Pick<IdentityDeps, 'realtime'>,
  tx: Tx,
  userId: string,
  at: { now: Date; requestId: string | null },
): Promise<{ impact: NameChangeImpact; afterCommit: () => void } | null> {
  const { now } = at;
  const impact = await nameChangeImpact(tx, userId, now);
  if (impact.checks.length === 0) return null;
  const bound = await boundChecks(tx, userId);
  if (bound.numbers.length)
    await tx.delete(identityNumbers).where(
      inArray(
        identityNumbers.id,
        bound.numbers.map((n) => n.id),
      ),
    );
  if (bound.documents.length)
    await tx
      .update(identityDocuments)
      // Rejected now, by no reviewer (the audit log keeps who approved it): the 30 days a rejected
      // document is kept (identity.retention.ts) count from this withdrawal.
      .set({
        status: 'REJECTED',
        reason: NAME_CHANGE_TEXT.documentReason,
        reviewerId: null,
        reviewedAt: now,
        updatedAt: now,
      })
      .where(
        and(
          inArray(
            identityDocuments.id,
            bound.documents.map((d) => d.id),
          ),
          eq(identityDocuments.status, 'VERIFIED'),
        ),
      );
  const history = [
    ...bound.numbers.map((n) => n.kind),
    ...bound.documents.map(() => 'DOCUMENT' as const),
  ].map((verificationType) => ({
    userId,
    verificationType,
    status: 'REJECTED' as const,
    outcome: 'NAME_CHANGED',
    createdAt: now,
    updatedAt: now,
  }));
  await tx.insert(verificationHistory).values(history);
  if (bound.numbers.length)
    await recordVerification(tx, userId, { verificationLevel: impact.levelAfter, isVerified: false }, now);
  const trust = await refreshTrustScore(tx, userId, now);
  const labels = impact.checks.map((c) => c.label);
  const note = await createNotification(tx, {
    userId,
    transactionId: null,
    type: 'SYSTEM',
    title: NAME_CHANGE_TEXT.notificationTitle,
    // The checks' labels are written in the account's language, as the impact's are.
    message: NAME_CHANGE_TEXT.notificationMessageMessage,
    params: {
      checks: inWords(labels, await savedLanguageOf(tx, userId)),
      count: labels.length,
      level: impact.levelAfter,
    },
    priority: 'HIGH',
    metadata: { nextAction: '/app/verification' },
  });
  // The account's own act, recorded for staff like a level change: kinds and levels, never a name.
  await recordAudit(tx, {
    actorId: userId,
    action: 'user.name_change',
    targetType: 'user',
    targetId: userId,
    summary: {
      before: { verificationLevel: impact.verificationLevel, trustScore: impact.trustScore },
      after: { verificationLevel: impact.levelAfter, trustScore: trust.score },
      note: `Withdrawn after a name change: ${impact.checks.map((c) => c.kind).join(', ')}`,
    },
    requestId: at.requestId,
    at: now,
  });
  return {
    impact: { ...impact, trustScoreAfter: trust.score },
    afterCommit: () => pushNotification(deps.realtime, note),
  };
}

/** The port the accounts module calls when a profile's names change (wired in modules/index.ts). */
export function identityNameChecks(deps: Pick<IdentityDeps, 'realtime' | 'clock'>) {
  return {
    impact: (db: DbOrTx, userId: string) => nameChangeImpact(db, userId, deps.clock.now()),
    withdraw: (tx: Tx, userId: string, at: { now: Date; requestId: string | null }) =>
      withdrawNameBoundChecks(deps, tx, userId, at),
  };
}
