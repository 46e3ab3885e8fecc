import { sql } from 'drizzle-orm';
import { computeTrustScore, type TrustFacts } from '@escrow/shared/domain/trust-score';
import type { TrustReason } from '@escrow/shared/schemas/identity';
import type { DbOrTx } from '../../db/client.ts';
import { storeTrustScore } from '../auth/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What the score is computed from, read from the database, and the score stored on the user now. One
 * read-only statement over the facts of several modules (identity checks and documents, completed trades
 * through the published trade directory, disputes decided by staff), because it runs inside the money
 * event's database transaction: one round trip, and every fact as of that transaction.
 */
export async function readTrustFacts(
  db: DbOrTx,
  userId: string,
  now: Date,
): Promise<{ facts: TrustFacts; stored: number } | null> {
  type Row = {
    nin: boolean;
    bvn: boolean;
    docs: number;
    completed: number;
    created_at: string | Date;
    lost: number;
    trust_score: number;
  };
  const result = (await db.execute(sql`
    select
      exists(select 1 from identity_numbers where user_id = ${userId} and kind = 'NIN') as nin,
      exists(select 1 from identity_numbers where user_id = ${userId} and kind = 'BVN') as bvn,
      (select count(*) from identity_documents where user_id = ${userId} and status = 'VERIFIED')::int as docs,
      (select count(*) from trade_directory t
        where t.status = 'COMPLETED' and (t.creator_id = ${userId} or t.counterparty_id = ${userId}))::int as completed,
      (select count(*) from disputes d join trade_directory t on t.id = d.transaction_id
        where exists (select 1 from dispute_resolutions r where r.dispute_id = d.id
                        and r.resolution_type = 'ADMIN_DECISION' and r.status = 'ACCEPTED')
          and ((d.resolution = 'REFUND_FULL'
                and (case when t.creator_role = 'SELLER' then t.creator_id else t.counterparty_id end) = ${userId})
            or (d.resolution = 'RELEASE_PAYMENT'
                and (case when t.creator_role = 'BUYER' then t.creator_id else t.counterparty_id end) = ${userId}))
      )::int as lost,
      u.created_at, u.trust_score
    from user_directory u where u.id = ${userId}`)) as unknown as { rows: Row[] };
  const row = result.rows[0];
  if (!row) return null;
  const created = new Date(row.created_at);
  return {
    facts: {
      ninVerified: Boolean(row.nin),
      bvnVerified: Boolean(row.bvn),
      approvedDocuments: Number(row.docs),
      completedTransactions: Number(row.completed),
      accountAgeDays: Math.floor((now.getTime() - created.getTime()) / DAY_MS),
      disputesLost: Number(row.lost),
    },
    stored: Number(row.trust_score),
  };
}

/**
 * Recomputes a user's trust score from the database (docs/product.md "Identity and trust": NIN 25, BVN 35,
 * approved document 10, completed transactions 2 each up to 20, account older than 90 days 10, a dispute
 * staff decided against the user −10) and stores it on the user when it changed. Called inside the event's
 * database transaction, so the score commits with the event.
 */
export async function refreshTrustScore(
  db: DbOrTx,
  userId: string,
  now: Date,
): Promise<{ score: number; reasons: TrustReason[] }> {
  const read = await readTrustFacts(db, userId, now);
  if (!read) return { score: 0, reasons: [] };
  const computed = computeTrustScore(read.facts);
  if (computed.score !== read.stored) await storeTrustScore(db, userId, computed.score, now);
  return computed;
}
