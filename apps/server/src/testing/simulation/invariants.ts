import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { runLedgerChecks } from '../../modules/ledger/index.ts';

export async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}

const RESOLVING = sql`('ESCROW_RELEASE', 'ESCROW_REFUND')`;

/**
 * What must hold in any committed state, checked in one read-only REPEATABLE READ snapshot (so writes
 * in flight cannot cause false alarms): the ledger check, each hold opened and resolved at most once
 * and never without its transaction, and each transaction's status agreeing with its hold.
 */
export async function structuralProblems(db: Db): Promise<string[]> {
  return db.transaction(
    async (tx) => {
      const problems: string[] = [];
      const ledger = await runLedgerChecks(tx);
      for (const p of ledger.problems) problems.push(`ledger ${p.kind} ${p.subject}: ${p.detail}`);

      const orphans = await rows<{ transaction_id: string }>(
        tx,
        sql`select h.transaction_id from escrow_holds h
            left join transactions t on t.id = h.transaction_id where t.id is null`,
      );
      for (const o of orphans) problems.push(`escrow hold without its transaction: ${o.transaction_id}`);

      // A milestone trade's part releases (metadata.part) keep the hold HELD, and a brokered trade's
      // commission (metadata.commission) is posted beside the entry that resolves it: neither resolves.
      const twice = await rows<{ transaction_id: string; kind: string; n: number }>(
        tx,
        sql`select transaction_id, case when kind = 'ESCROW_HOLD' then 'held' else 'resolved' end as kind,
                   count(*)::int as n
            from journal_entries where transaction_id is not null and kind in ('ESCROW_HOLD', 'ESCROW_RELEASE', 'ESCROW_REFUND')
              and not coalesce((metadata->>'part')::boolean, false)
              and not coalesce((metadata->>'commission')::boolean, false)
            group by 1, 2 having count(*) > 1`,
      );
      for (const t of twice) problems.push(`escrow ${t.kind} ${t.n} times: transaction ${t.transaction_id}`);

      const unmatched = await rows<{ transaction_id: string; status: string; n: number }>(
        tx,
        sql`select h.transaction_id, h.status, count(e.id)::int as n from escrow_holds h
            left join journal_entries e on e.transaction_id = h.transaction_id and e.kind in ${RESOLVING}
              and not coalesce((e.metadata->>'part')::boolean, false)
              and not coalesce((e.metadata->>'commission')::boolean, false)
            group by h.transaction_id, h.status
            having (h.status = 'HELD') = (count(e.id) > 0)`,
      );
      for (const u of unmatched)
        problems.push(`hold of ${u.transaction_id} is ${u.status} with ${u.n} resolving entries`);

      const mismatched = await rows<{ id: string; status: string; hold: string | null }>(
        tx,
        sql`select t.id, t.status, h.status as hold from transactions t
            left join escrow_holds h on h.transaction_id = t.id
            where not coalesce(
              (t.status in ('PENDING', 'ACTIVE', 'WAITING_FOR_PAYMENT') and h.id is null)
              or (t.status in ('WAITING_FOR_SHIPMENT', 'WAITING_FOR_BUYER_CONFIRMATION', 'DISPUTED')
                  and h.status = 'HELD')
              or (t.status = 'COMPLETED' and h.status in ('RELEASED', 'REFUNDED'))
              or (t.status = 'CANCELLED' and (h.id is null or h.status = 'REFUNDED')), false)`,
      );
      for (const m of mismatched)
        problems.push(`transaction ${m.id} is ${m.status} but its hold is ${m.hold ?? 'missing'}`);
      return problems;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
