import { count, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { waitlistEntries, type WaitlistEntryRow } from '../../db/schema/waitlist.ts';

export type NewWaitlistEntry = Pick<
  WaitlistEntryRow,
  'email' | 'firstName' | 'lastName' | 'phone' | 'interest'
>;

export function createWaitlistRepository(db: DbOrTx, clock: Clock) {
  /**
   * Inserts the entry unless the e-mail (case-insensitively) is already there. One statement, so two
   * racing sign-ups with the same address give one row: the loser gets null.
   */
  async function insertIfNew(entry: NewWaitlistEntry): Promise<WaitlistEntryRow | null> {
    const [row] = await db.insert(waitlistEntries).values(entry).onConflictDoNothing().returning();
    return row ?? null;
  }

  async function markWelcomeSent(id: string): Promise<void> {
    await db
      .update(waitlistEntries)
      .set({ welcomeEmailSentAt: clock.now() })
      .where(eq(waitlistEntries.id, id));
  }

  async function page(pageNumber: number, limit: number) {
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(waitlistEntries)
        .orderBy(desc(waitlistEntries.createdAt), desc(waitlistEntries.id))
        .limit(limit)
        .offset((pageNumber - 1) * limit),
      db.select({ n: count() }).from(waitlistEntries),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /**
   * Every entry, newest first, in keyset batches so a large list never sits in one result. The key is
   * the id: UUIDv7 sorts by creation time and, unlike created_at read into a JS Date (milliseconds),
   * loses no precision between batches.
   */
  async function* all(batchSize = 1000): AsyncGenerator<WaitlistEntryRow[]> {
    let cursor: string | null = null;
    for (;;) {
      const rows: WaitlistEntryRow[] = await db
        .select()
        .from(waitlistEntries)
        .where(cursor ? lt(waitlistEntries.id, cursor) : undefined)
        .orderBy(desc(waitlistEntries.id))
        .limit(batchSize);
      if (rows.length === 0) return;
      yield rows;
      if (rows.length < batchSize) return;
      cursor = rows[rows.length - 1]!.id;
    }
  }

  return { insertIfNew, markWelcomeSent, page, all };
}

export type WaitlistRepository = ReturnType<typeof createWaitlistRepository>;
