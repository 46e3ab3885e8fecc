import { setTimeout as sleep } from 'node:timers/promises';
import { nubanCheckDigit } from '@escrow/shared/domain/nuban';
import { succeeded, type Outcome, type SimClient } from './client.ts';
import type { ServerInstance } from './instances.ts';
import type { SimUser, World } from './world.ts';

export const SIM_PASSWORD = 'simulation-password-1';

/** A setup call that must succeed (no faults run yet); retried a few times all the same. */
async function must(
  client: SimClient,
  instance: ServerInstance,
  op: string,
  input: { method: 'POST' | 'GET'; path: string; token?: string; body?: unknown },
): Promise<Record<string, unknown>> {
  let last: Outcome | null = null;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    last = await client.request({ actor: 'setup', op, instance, ...input });
    if (succeeded(last)) return (last.body?.data ?? {}) as Record<string, unknown>;
    await sleep(500);
  }
  throw new Error(`setup ${op} failed: ${last?.status} ${JSON.stringify(last?.body)}`);
}

export async function signIn(client: SimClient, instance: ServerInstance, email: string, password: string) {
  const data = await must(client, instance, 'login', {
    method: 'POST',
    path: '/auth/login',
    body: { email, password },
  });
  return { id: (data.user as { id: string }).id, token: data.token as string };
}

/** `count` users through the real sign-up and sign-in, each with a saved bank account. */
export async function createUsers(
  client: SimClient,
  instances: ServerInstance[],
  world: World,
  count: number,
  runId: string,
): Promise<void> {
  const one = async (index: number): Promise<SimUser> => {
    const instance = instances[index % instances.length]!;
    const email = `sim.${runId}.${index}@example.com`;
    await must(client, instance, 'signup', {
      method: 'POST',
      path: '/auth/signup',
      body: {
        email,
        password: SIM_PASSWORD,
        firstName: 'Sim',
        lastName: `User${index}`,
        acceptPrivacyNotice: true,
      },
    });
    const { id, token } = await signIn(client, instance, email, SIM_PASSWORD);
    const serial = String(100_000_000 + index).slice(-9);
    const data = await must(client, instance, 'bank-account', {
      method: 'POST',
      path: '/wallet/bank-accounts',
      token,
      body: { bankCode: '058', accountNumber: `${serial}${nubanCheckDigit('058', serial)}` },
    });
    const bankAccountId = (data.bankAccount as { id: string }).id;
    return { index, id, email, token, bankAccountId, depositSeq: 0, withdrawSeq: 0 };
  };
  // Four at a time: sign-up hashes a password, which is slow on purpose.
  for (let start = 0; start < count; start += 4) {
    const batch = Array.from({ length: Math.min(4, count - start) }, (_, i) => one(start + i));
    world.users.push(...(await Promise.all(batch)));
  }
}
