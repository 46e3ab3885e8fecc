import { TRUST_POINTS, type TrustReason } from '../schemas/identity.ts';
import { msg } from '../i18n/msg.ts';

/**
 * The reasons' labels computeTrustScore writes with a number, as ICU messages: {count} the number of
 * documents, transactions or disputes ('Account older than 90 days' is TRUST_POINTS.accountAgeDays
 * written out; english-messages.test.ts checks it).
 */
export const TRUST_REASON_MESSAGES = {
  approvedDocuments: msg('{count, plural, one {# approved document} other {# approved documents}}'),
  completedTransactions: msg(
    '{count, plural, one {# completed transaction} other {# completed transactions}}',
  ),
  accountAge: msg('Account older than 90 days'),
  disputesLost: msg(
    '{count, plural, one {# dispute decided against you} other {# disputes decided against you}}',
  ),
} as const;

/** What the trust score is computed from (docs/product.md "Identity and trust"), read from the database. */
export type TrustFacts = {
  ninVerified: boolean;
  bvnVerified: boolean;
  approvedDocuments: number;
  completedTransactions: number;
  accountAgeDays: number;
  disputesLost: number;
};

/** The score (0-100) and the reasons that raised or lowered it, in the order shown. */
export function computeTrustScore(facts: TrustFacts): { score: number; reasons: TrustReason[] } {
  const reasons: TrustReason[] = [];
  if (facts.ninVerified) reasons.push({ label: msg('NIN verified'), points: TRUST_POINTS.nin });
  if (facts.bvnVerified) reasons.push({ label: msg('BVN verified'), points: TRUST_POINTS.bvn });
  if (facts.approvedDocuments > 0)
    reasons.push({
      label: `${facts.approvedDocuments} approved document${facts.approvedDocuments === 1 ? '' : 's'}`,
      points: TRUST_POINTS.approvedDocument * facts.approvedDocuments,
    });
  if (facts.completedTransactions > 0)
    reasons.push({
      label: `${facts.completedTransactions} completed transaction${facts.completedTransactions === 1 ? '' : 's'}`,
      points: Math.min(
        TRUST_POINTS.perCompletedTransaction * facts.completedTransactions,
        TRUST_POINTS.completedTransactionsMax,
      ),
    });
  if (facts.accountAgeDays > TRUST_POINTS.accountAgeDays)
    reasons.push({
      label: `Account older than ${TRUST_POINTS.accountAgeDays} days`,
      points: TRUST_POINTS.accountAge,
    });
  if (facts.disputesLost > 0)
    reasons.push({
      label: `${facts.disputesLost} dispute${facts.disputesLost === 1 ? '' : 's'} decided against you`,
      points: TRUST_POINTS.disputeLost * facts.disputesLost,
    });
  const total = reasons.reduce((sum, r) => sum + r.points, 0);
  return { score: Math.max(0, Math.min(100, total)), reasons };
}
