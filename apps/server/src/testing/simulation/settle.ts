import { sql } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/client.ts';
import { indeterminate, type SimClient } from './client.ts';
import type { ServerInstance } from './instances.ts';
import { rows } from './invariants.ts';
import { definitiveAnswers, type World } from './world.ts';

/**
 * Every key still without a definitive answer (its request was cut, answered 503 or was "in progress")
 * is retried with the same key and body until it gets one. A key whose request did not commit must be
 * usable again by `deadline` (the bound after the database answers again), not stuck in progress.
 */
export async function settleOpenKeys(
  client: SimClient,
  world: World,
  instances: ServerInstance[],
  deadline: number,
): Promise<string[]> {
  const open = [...world.keyed.values()].filter((r) => definitiveAnswers(r).length === 0);
  const problems: string[] = [];
  await Promise.all(
    open.map(async (request, i) => {
      let last = '';
      for (let attempt = 0; ; attempt += 1) {
        const outcome = await client.request({
          actor: 'settle',
          op: `${request.kind}*settle`,
          instance: instances[(i + attempt) % instances.length]!,
          method: request.method,
          path: request.path,
          token: world.users[request.user]!.token,
          body: request.body,
          key: request.key,
        });
        world.record(request, outcome);
        if (!indeterminate(outcome)) return;
        last = outcome.code ?? String(outcome.status);
        if (Date.now() > deadline) break;
        await sleep(500);
      }
      problems.push(
        `key ${request.key} (${request.kind}) still ${last} ${Math.round((Date.now() - deadline) / 1000) + 15} s after the database answered again`,
      );
    }),
  );
  return problems;
}

/** Each user's wallet as the API shows it equals the sum of the postings on the user's wallet account. */
export async function checkWallets(
  client: SimClient,
  world: World,
  instances: ServerInstance[],
  db: Db,
): Promise<string[]> {
  const sums = await rows<{ user_id: string; total: number }>(
    db,
    sql`select a.owner_user_id as user_id, coalesce(sum(p.amount), 0)::bigint::text::numeric::float8 as total
        from ledger_accounts a left join postings p on p.account_id = a.id
        where a.type = 'USER_WALLET' group by a.owner_user_id`,
  );
  const byUser = new Map(sums.map((s) => [s.user_id, Number(s.total)]));
  const problems: string[] = [];
  for (const user of world.users) {
    const res = await client.request({
      actor: 'checker',
      op: 'wallet',
      instance: instances[user.index % instances.length]!,
      method: 'GET',
      path: '/wallet',
      token: user.token,
    });
    const balance = (res.body?.data as { wallet?: { balance: number } } | undefined)?.wallet?.balance;
    if (balance === undefined) {
      problems.push(`GET /wallet for user ${user.index} answered ${res.status}`);
      continue;
    }
    const postings = byUser.get(user.id) ?? 0;
    if (Math.round(balance * 100) !== postings)
      problems.push(`user ${user.index}: wallet shows ${balance} but its postings sum to ${postings / 100}`);
  }
  return problems;
}
