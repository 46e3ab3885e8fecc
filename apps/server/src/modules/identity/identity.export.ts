import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { identityDocuments, identityNumbers, verificationHistory } from '../../db/schema/identity.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The user's verification records for "Download my data", numbers masked as the app shows them
 * (`*******8901`): the export is a file that travels, so it never carries a full NIN, BVN or document
 * number. The document images themselves are among the user's uploaded files.
 */
export async function identityForExport(db: DbOrTx, userId: string) {
  const numbers = await db
    .select()
    .from(identityNumbers)
    .where(eq(identityNumbers.userId, userId))
    .orderBy(asc(identityNumbers.createdAt));
  const documents = await db
    .select()
    .from(identityDocuments)
    .where(eq(identityDocuments.userId, userId))
    .orderBy(asc(identityDocuments.createdAt));
  const history = await db
    .select()
    .from(verificationHistory)
    .where(eq(verificationHistory.userId, userId))
    .orderBy(asc(verificationHistory.createdAt), asc(verificationHistory.id));
  return {
    verifiedNumbers: numbers.map((n) => ({
      kind: n.kind,
      number: n.masked,
      provider: n.provider,
      verifiedAt: n.createdAt.toISOString(),
    })),
    documents: documents.map((d) => ({
      id: d.id,
      documentType: d.documentType,
      documentNumber: d.masked,
      uploadId: d.uploadId,
      status: d.status,
      reason: d.reason,
      submittedAt: d.createdAt.toISOString(),
      reviewedAt: iso(d.reviewedAt),
    })),
    history: history.map((h) => ({
      verificationType: h.verificationType,
      status: h.status,
      outcome: h.outcome,
      at: h.createdAt.toISOString(),
    })),
  };
}
