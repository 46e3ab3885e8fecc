import { sql } from 'drizzle-orm';
import type { LedgerCheckReport } from '@escrow/shared/schemas/wallet';
import type { Db, DbOrTx } from '../../db/client.ts';

type Problem = LedgerCheckReport['problems'][number];

async function rows<T>(tx: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  // Both drivers (node-postgres and PGlite) answer raw queries with `{ rows }`.
  const result = (await tx.execute(query)) as { rows: T[] };
  return result.rows;
}

/**
 * Reconciliation: every entry balances per currency and has at least two postings; every posting's entry
 * and account exist, the account in the posting's currency; every cached balance equals the sum of its
 * postings, and every cached deposit total the sum of its postings in DEPOSIT entries; no wallet, escrow
 * or fee account is below zero; every escrow account holds exactly what is left of its HELD hold after
 * part releases (0 once resolved). Runs in one read-only REPEATABLE READ snapshot so concurrent writes
 * cannot produce false alarms.
 */
export async function checkLedger(db: Db): Promise<LedgerCheckReport> {
  return db.transaction((tx) => runLedgerChecks(tx), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

/** The checks themselves, on any connection or transaction (tests run them on uncommitted changes). */
export async function runLedgerChecks(tx: DbOrTx): Promise<LedgerCheckReport> {
  const problems: Problem[] = [];
  const unbalanced = await rows<{ entry_id: string; currency: string; total: string }>(
    tx,
    sql`select entry_id, currency, sum(amount)::text as total from postings
            group by entry_id, currency having sum(amount) <> 0`,
  );
  for (const r of unbalanced)
    problems.push({
      kind: 'UNBALANCED_ENTRY',
      subject: r.entry_id,
      detail: `${r.currency} sums to ${r.total}`,
    });

  const thin = await rows<{ id: string; idempotency_key: string; n: number }>(
    tx,
    sql`select e.id, e.idempotency_key, count(p.id)::int as n from journal_entries e
            left join postings p on p.entry_id = e.id group by e.id having count(p.id) < 2`,
  );
  for (const r of thin)
    problems.push({
      kind: 'ENTRY_WITHOUT_POSTINGS',
      subject: r.id,
      detail: `${r.idempotency_key}: ${r.n} posting(s)`,
    });

  // A posting's entry and account exist and the account is in the posting's currency: the database checks
  // it when postings are written (migration 0029: no foreign keys, one check per statement or in the
  // ledger functions); checked here again, so that SQL which skipped those checks is found.
  const stray = await rows<{
    id: string;
    entry_id: string;
    account_id: string;
    currency: string;
    account_currency: string | null;
    has_entry: boolean;
  }>(
    tx,
    sql`select p.id, p.entry_id, p.account_id, p.currency, a.currency as account_currency,
                   (e.id is not null) as has_entry
            from postings p
            left join journal_entries e on e.id = p.entry_id
            left join ledger_accounts a on a.id = p.account_id
            where e.id is null or a.id is null or a.currency <> p.currency`,
  );
  for (const r of stray) {
    if (!r.has_entry)
      problems.push({
        kind: 'POSTING_WITHOUT_ENTRY',
        subject: r.id,
        detail: `entry ${r.entry_id} does not exist`,
      });
    if (r.account_currency === null)
      problems.push({
        kind: 'POSTING_WITHOUT_ACCOUNT',
        subject: r.id,
        detail: `account ${r.account_id} does not exist`,
      });
    else if (r.account_currency !== r.currency)
      problems.push({
        kind: 'CURRENCY_MISMATCH',
        subject: r.id,
        detail: `posting in ${r.currency} on an account in ${r.account_currency}`,
      });
  }

  const drift = await rows<{
    code: string;
    balance: string;
    computed: string;
    deposited: string;
    computed_deposited: string;
  }>(
    tx,
    sql`select a.code, a.balance::text as balance, coalesce(s.total, 0)::text as computed,
               a.deposited::text as deposited, coalesce(s.deposited, 0)::text as computed_deposited
            from ledger_accounts a
            left join (select p.account_id, sum(p.amount) as total,
                              sum(p.amount) filter (where e.kind = 'DEPOSIT') as deposited
                         from postings p left join journal_entries e on e.id = p.entry_id
                        group by p.account_id) s
              on s.account_id = a.id
            where a.balance <> coalesce(s.total, 0) or a.deposited <> coalesce(s.deposited, 0)`,
  );
  for (const r of drift) {
    if (r.balance !== r.computed)
      problems.push({
        kind: 'BALANCE_MISMATCH',
        subject: r.code,
        detail: `cached ${r.balance}, postings sum to ${r.computed}`,
      });
    if (r.deposited !== r.computed_deposited)
      problems.push({
        kind: 'DEPOSITED_MISMATCH',
        subject: r.code,
        detail: `cached deposits ${r.deposited}, deposit postings sum to ${r.computed_deposited}`,
      });
  }

  const negative = await rows<{ code: string; balance: string }>(
    tx,
    sql`select code, balance::text as balance from ledger_accounts where not allow_negative and balance < 0`,
  );
  for (const r of negative)
    problems.push({ kind: 'NEGATIVE_BALANCE', subject: r.code, detail: `balance ${r.balance}` });

  const escrow = await rows<{ subject: string; balance: string; expected: string }>(
    tx,
    sql`select coalesce(a.code, 'escrow:' || h.transaction_id) as subject,
                   coalesce(a.balance, 0)::text as balance,
                   (case when h.status = 'HELD' then h.amount - h.released else 0 end)::text as expected
            from ledger_accounts a
            full outer join escrow_holds h on h.transaction_id = a.transaction_id
            where (a.id is null or a.type = 'ESCROW')
              and coalesce(a.balance, 0) <> (case when h.status = 'HELD' then h.amount - h.released else 0 end)`,
  );
  for (const r of escrow)
    problems.push({
      kind: 'ESCROW_MISMATCH',
      subject: r.subject,
      detail: `holds ${r.balance}, expected ${r.expected}`,
    });

  // The snapshot's own time: the report says when the database was checked.
  const [counts] = await rows<{
    entries: number;
    postings: number;
    accounts: number;
    held: number;
    checked_at: string | Date;
  }>(
    tx,
    sql`select now() as checked_at, (select count(*) from journal_entries)::int as entries,
                   (select count(*) from postings)::int as postings,
                   (select count(*) from ledger_accounts)::int as accounts,
                   (select count(*) from escrow_holds where status = 'HELD')::int as held`,
  );
  return {
    ok: problems.length === 0,
    checkedAt: new Date(counts!.checked_at).toISOString(),
    entries: counts?.entries ?? 0,
    postings: counts?.postings ?? 0,
    accounts: counts?.accounts ?? 0,
    heldEscrows: counts?.held ?? 0,
    problems,
  };
}
