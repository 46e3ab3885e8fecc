import { setTimeout as sleep } from 'node:timers/promises';
import { indeterminate, succeeded, type Outcome, type RequestInput, type SimClient } from './client.ts';
import type { ServerInstance } from './instances.ts';
import type { Prng } from './prng.ts';
import type { KeyedRequest, World } from './world.ts';

/** What an operation needs: the shared world and client, its actor's PRNG, and the instances. */
export type SimContext = {
  world: World;
  client: SimClient;
  prng: Prng;
  actor: string;
  instances: ServerInstance[];
};

/** Any instance, at random, as a client behind a load balancer that does not know which one is down. */
export const anyInstance = (ctx: SimContext) => ctx.prng.pick(ctx.instances);

export async function call(
  ctx: SimContext,
  op: string,
  input: Omit<RequestInput, 'actor' | 'op' | 'instance'> & { instance?: ServerInstance },
): Promise<Outcome> {
  const outcome = await ctx.client.request({
    ...input,
    actor: ctx.actor,
    op,
    instance: input.instance ?? anyInstance(ctx),
  });
  ctx.world.count(op, outcome.status);
  return outcome;
}

/**
 * Sends a keyed request (sometimes as 2-3 concurrent duplicates to random instances) and retries it with
 * the same key while the outcome is indeterminate, a few times with backoff. Keys still open are retried
 * once more at the end of the run.
 */
export async function sendKeyed(ctx: SimContext, request: KeyedRequest): Promise<Outcome> {
  const { world, prng } = ctx;
  const user = world.users[request.user]!;
  const send = async (op: string) => {
    const outcome = await call(ctx, op, {
      method: request.method,
      path: request.path,
      token: user.token,
      body: request.body,
      key: request.key,
    });
    world.record(request, outcome);
    return outcome;
  };
  const copies = prng.chance(0.2) ? prng.int(2, 3) : 1;
  const first = await Promise.all(
    Array.from({ length: copies }, () => send(copies > 1 ? `${request.kind}*dup` : request.kind)),
  );
  let best = first.find(succeeded) ?? first.find((o) => !indeterminate(o)) ?? first[0]!;
  for (let attempt = 0; indeterminate(best) && attempt < 4; attempt += 1) {
    await sleep(250 * 2 ** attempt);
    best = await send(`${request.kind}*retry`);
  }
  return best;
}

/** A finished keyed request sent again later with the same key: it must get the same answer. */
export async function replayKeyed(ctx: SimContext): Promise<void> {
  const done = [...ctx.world.keyed.values()].filter((r) =>
    r.answers.some((a) => a.status >= 200 && a.status < 500 && a.code !== 'IDEMPOTENCY_IN_PROGRESS'),
  );
  if (done.length === 0) return;
  const request = ctx.prng.pick(done.slice(-50));
  const outcome = await call(ctx, `${request.kind}*replay`, {
    method: request.method,
    path: request.path,
    token: ctx.world.users[request.user]!.token,
    body: request.body,
    key: request.key,
  });
  ctx.world.record(request, outcome);
}
