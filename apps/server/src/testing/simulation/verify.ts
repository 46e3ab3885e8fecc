import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rows } from './invariants.ts';
import { ALREADY_APPLIED, definitiveAnswers, keyCommitted, type KeyedRequest, type World } from './world.ts';

const ok = (status: number) => status >= 200 && status < 300;

/** Every key's definitive answers agree: a replay returns the first answer, never a new one. */
function keyProblems(request: KeyedRequest): string[] {
  // 'Already applied' stands in for an answer not written back yet; it is checked against the data below.
  const answers = definitiveAnswers(request).filter((a) => a.code !== ALREADY_APPLIED);
  const statuses = new Set(answers.map((a) => a.status));
  const references = new Set(answers.filter((a) => ok(a.status)).map((a) => a.reference));
  const problems: string[] = [];
  if (statuses.size > 1)
    problems.push(`key ${request.key} (${request.kind}) got different answers: ${[...statuses].join(', ')}`);
  if (references.size > 1)
    problems.push(
      `key ${request.key} (${request.kind}) answered two references: ${[...references].join(', ')}`,
    );
  return problems;
}

/**
 * Every answer the clients were told committed is in the data, and every key moved money at most once:
 * deposits and withdrawals carry a per-key amount, so (user, amount) names the key in the database.
 */
export async function observationProblems(db: Db, world: World): Promise<string[]> {
  const problems: string[] = [];
  const userOf = (index: number) => world.users[index]!.id;
  for (const request of world.keyed.values()) problems.push(...keyProblems(request));

  type Moved = { user_id: string; amount: number; n: number; refs: string[]; credited: number };
  const deposits = await rows<Moved>(
    db,
    sql`select i.user_id, i.amount::int as amount, count(*)::int as n, array_agg(i.reference) as refs,
               count(p.id)::int as credited
        from payment_intents i
        left join journal_entries e on e.idempotency_key = 'deposit:' || i.reference
        left join ledger_accounts a on a.code = 'user:' || i.user_id || ':NGN'
        left join postings p on p.entry_id = e.id and p.account_id = a.id and p.amount = i.amount
        where i.purpose = 'DEPOSIT' and i.status = 'SUCCEEDED' group by 1, 2`,
  );
  const withdrawals = await rows<Moved>(
    db,
    sql`select user_id, amount::int as amount, count(*)::int as n, array_agg(reference) as refs,
               count(entry_id)::int as credited
        from withdrawals group by 1, 2`,
  );
  for (const [kind, moved] of [
    ['deposit', deposits],
    ['withdraw', withdrawals],
  ] as const) {
    const byKey = new Map(moved.map((m) => [`${m.user_id}/${m.amount}`, m]));
    const asked = new Set<string>();
    for (const r of world.keyed.values()) {
      if (r.kind !== kind) continue;
      const name = `${userOf(r.user)}/${r.amountMinor}`;
      asked.add(name);
      const found = byKey.get(name);
      if (found && found.n > 1)
        problems.push(
          `key ${r.key}: ${found.n} ${kind}s of ${r.amountMinor} kobo (${found.refs.join(', ')})`,
        );
      const committed = r.answers.find((a) => ok(a.status));
      if (keyCommitted(r) && !found)
        problems.push(
          `key ${r.key}: ${kind} committed (${r.answers.map((a) => a.code ?? a.status).join(', ')}) is not in the data`,
        );
      if (committed && !found?.refs.includes(committed.reference ?? ''))
        problems.push(
          `key ${r.key}: ${kind} answered ${committed.status} (${committed.reference}) is not in the data`,
        );
      if (found && found.credited !== found.n)
        problems.push(`key ${r.key}: ${kind} ${found.refs.join(', ')} has no matching ledger entry`);
    }
    for (const m of moved)
      if (!asked.has(`${m.user_id}/${m.amount}`))
        problems.push(`${kind} of ${m.amount} kobo for ${m.user_id} that no client asked for`);
  }

  type TxRow = {
    id: string;
    status: string;
    shipped: boolean;
    counterparty: string | null;
    hold: string | null;
  };
  const txs = await rows<TxRow>(
    db,
    sql`select t.id, t.status, t.shipped_at is not null as shipped, t.counterparty_id as counterparty,
               h.status as hold from transactions t left join escrow_holds h on h.transaction_id = t.id`,
  );
  const tx = new Map(txs.map((t) => [t.id, t]));
  const expect = (ids: Iterable<string>, what: string, holds: (t: TxRow) => boolean) => {
    for (const id of ids) {
      const t = tx.get(id);
      if (!t || !holds(t))
        problems.push(`${what} answered 2xx for ${id}, but the data says ${JSON.stringify(t ?? null)}`);
    }
  };
  const keyedOk = (kind: string) =>
    [...world.keyed.values()].filter((r) => r.kind === kind && keyCommitted(r)).map((r) => r.transactionId!);
  const { committed } = world;
  expect(committed.created, 'create', () => true);
  expect(committed.joined, 'join', (t) => t.counterparty !== null);
  expect(keyedOk('pay'), 'pay', (t) => t.hold !== null);
  expect(committed.shipped, 'ship', (t) => t.shipped);
  expect(
    [...keyedOk('receipt'), ...committed.receipts],
    'confirm-receipt',
    (t) => t.status === 'COMPLETED' && t.hold === 'RELEASED',
  );
  expect(committed.cancelled, 'cancel', (t) => t.status === 'CANCELLED');

  const disputes = await rows<{
    id: string;
    transaction_id: string;
    status: string;
    resolution: string | null;
  }>(db, sql`select id, transaction_id, status, resolution from disputes`);
  const dispute = new Map(disputes.map((d) => [d.id, d]));
  for (const [id, transactionId] of committed.disputes)
    if (dispute.get(id)?.transaction_id !== transactionId)
      problems.push(`dispute ${id} answered 201 is not in the data`);
  const outcome = {
    REFUND_FULL: 'CANCELLED',
    REFUND_PARTIAL: 'COMPLETED',
    RELEASE_PAYMENT: 'COMPLETED',
  } as const;
  for (const [id, { transactionId, resolution }] of committed.decided) {
    const d = dispute.get(id);
    if (!d || !['RESOLVED', 'CLOSED'].includes(d.status) || d.resolution !== resolution)
      problems.push(
        `dispute ${id} decided ${resolution} (2xx), but the data says ${JSON.stringify(d ?? null)}`,
      );
    const status = resolution === 'NO_ACTION' ? null : outcome[resolution];
    if (status && tx.get(transactionId)?.status !== status)
      problems.push(
        `dispute ${id} decided ${resolution}, but transaction ${transactionId} is ${tx.get(transactionId)?.status}`,
      );
  }
  return problems;
}
