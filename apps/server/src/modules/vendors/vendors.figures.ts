import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** Response time looks at conversations whose first question came in the last 90 days. */
export const RESPONSE_WINDOW_MS = 90 * 24 * 3600_000;

/**
 * Median minutes from a buyer's first message in a conversation to the vendor's first reply after it,
 * over the conversations the other party opened in the last 90 days, for the given vendors only (one
 * page of the directory): each minimum is read from the messages' (transaction, created_at) index.
 * Unanswered conversations have no reply time and are left out; a vendor without any has null.
 */
export async function responseTimes(db: DbOrTx, vendorUserIds: string[], now: Date) {
  const result = new Map<string, number>();
  if (vendorUserIds.length === 0) return result;
  const since = new Date(now.getTime() - RESPONSE_WINDOW_MS);
  const vendors = sql.join(
    vendorUserIds.map((id) => sql`(${id})`),
    sql`, `,
  );
  const { rows } = (await db.execute(sql`
    with conversations as (
      select t.id, v.uid as vendor,
        (select min(m.created_at) from messages m
          where m.transaction_id = t.id and m.sender_id is not null and m.sender_id <> v.uid
            and m.created_at >= ${since.toISOString()}::timestamptz) as asked
      from (values ${vendors}) as v(uid)
      -- Each side through its own index (an OR join would read every transaction).
      cross join lateral (
        select id from transactions where creator_id = v.uid
        union all
        select id from transactions where counterparty_id = v.uid
      ) t
    ), waits as (
      select c.vendor,
        extract(epoch from (select min(m.created_at) from messages m
          where m.transaction_id = c.id and m.sender_id = c.vendor and m.created_at > c.asked) - c.asked) as seconds
      from conversations c where c.asked is not null
    )
    select vendor, percentile_cont(0.5) within group (order by seconds) as seconds
    from waits where seconds is not null group by vendor
  `)) as unknown as { rows: { vendor: string; seconds: number | string }[] };
  for (const row of rows) result.set(row.vendor, Math.max(1, Math.round(Number(row.seconds) / 60)));
  return result;
}
