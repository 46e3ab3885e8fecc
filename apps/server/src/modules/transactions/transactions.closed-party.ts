import { and, count, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import { CLOSED_ACCOUNT_NAME } from '@escrow/shared/schemas/privacy';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { invitations, transactions } from '../../db/schema/transactions.ts';
import { mentionsAny, redactText, type Needles } from '../../lib/personal-data.ts';

/** Finished trades; every other status is open (the dashboard's 'active' count). */
const FINISHED = ['COMPLETED', 'CANCELLED'] as const;

const involves = (userId: string) =>
  or(
    eq(transactions.creatorId, userId),
    eq(transactions.counterpartyId, userId),
    eq(transactions.brokerId, userId),
  );

/** How many of the user's trades (as buyer, seller or broker) are neither completed nor cancelled. */
export async function openTransactionCountOf(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(transactions)
    .where(and(involves(userId), notInArray(transactions.status, [...FINISHED])));
  return row?.n ?? 0;
}

/** The ids of every trade the user took part in (as buyer, seller or broker). */
export async function transactionIdsOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db.select({ id: transactions.id }).from(transactions).where(involves(userId));
  return rows.map((row) => row.id);
}

/**
 * A closed account's personal data in the trades it took part in (docs/privacy.md), inside the closing
 * transaction: the delivery address it gave as buyer keeps only its city and state, addressed
 * invitations forget its e-mail, and trade texts that quote its name, e-mail or phone say 'Closed account'.
 * Amounts, statuses and dates stay: they are the financial record.
 */
export async function forgetClosedParty(
  tx: Tx,
  userId: string,
  former: { email: string; needles: Needles },
): Promise<void> {
  const asBuyer = or(
    and(eq(transactions.creatorRole, 'BUYER'), eq(transactions.creatorId, userId)),
    and(eq(transactions.creatorRole, 'SELLER'), eq(transactions.counterpartyId, userId)),
  );
  await tx
    .update(transactions)
    .set({
      deliveryDetails: sql`(${transactions.deliveryDetails} - 'specialInstructions') || jsonb_build_object(
        'fullName', ${CLOSED_ACCOUNT_NAME}::text, 'phoneNumber', '', 'address', '', 'zipCode', '')`,
    })
    .where(and(asBuyer, sql`${transactions.deliveryDetails} is not null`));

  const ids = await transactionIdsOf(tx, userId);
  if (ids.length === 0) return;
  await tx
    .update(invitations)
    .set({ invitedEmail: null })
    .where(
      and(inArray(invitations.transactionId, ids), eq(invitations.invitedEmail, former.email.toLowerCase())),
    );

  const quoting = await tx
    .select({
      id: transactions.id,
      description: transactions.description,
      cancellationReason: transactions.cancellationReason,
    })
    .from(transactions)
    .where(
      and(
        inArray(transactions.id, ids),
        or(
          mentionsAny(transactions.description, former.needles),
          mentionsAny(sql`coalesce(${transactions.cancellationReason}, '')`, former.needles),
        ),
      ),
    );
  for (const row of quoting)
    await tx
      .update(transactions)
      .set({
        description: redactText(row.description, former.needles),
        cancellationReason: row.cancellationReason && redactText(row.cancellationReason, former.needles),
      })
      .where(eq(transactions.id, row.id));
}
