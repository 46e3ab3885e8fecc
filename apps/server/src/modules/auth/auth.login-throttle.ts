import { setTimeout as sleep } from 'node:timers/promises';
import { AUTH_TEXT } from '@escrow/shared/schemas/auth';
import type { UserRow } from '../../db/schema/users.ts';
import { throttleKeys, type Throttle } from '../../lib/throttle.ts';
import type { BackgroundTasks } from '../../lib/background-tasks.ts';
import type { AuthDeps } from './auth.deps.ts';
import { rateLimited } from './auth.errors.ts';
import { signInAttemptsMail } from './auth.mails.ts';

type LoginKeys = { pair: string; ip: string; account: string };

/**
 * Sign-in throttling that a stranger cannot turn against the owner. Failures are counted per account and
 * address pair and per address (across accounts, unknown e-mails included): those answer 429. The
 * account's own count, from every address, only slows each further attempt down (a capped sleep) and
 * tells the owner once per window, so an attack from many addresses never locks the owner out.
 * Successes are never counted: many people share one address on mobile networks.
 */
export function createLoginThrottle(
  deps: Pick<AuthDeps, 'config' | 'mailer'>,
  throttle: Throttle,
  tasks: BackgroundTasks,
) {
  const { config, mailer } = deps;

  /** Seconds of sleep for the next attempt on an account with this many failures in the window. */
  function slowdownMs(accountFailures: number): number {
    const over = accountFailures - config.LOGIN_SLOWDOWN_AFTER_FAILURES + 1;
    return over <= 0 ? 0 : Math.min(config.LOGIN_SLOWDOWN_MAX_MS, over * config.LOGIN_SLOWDOWN_STEP_MS);
  }

  /** Before the password is looked at: refuses a blocked pair or address, slows an account under attack. */
  async function admit(email: string, ip: string): Promise<LoginKeys> {
    const keys = {
      pair: throttleKeys.accountIp(email, ip),
      ip: throttleKeys.ip(ip),
      account: throttleKeys.account(email),
    };
    const { wait, counts } = await throttle.inspect([
      { key: keys.pair, limit: config.LOGIN_MAX_FAILURES_PER_ACCOUNT_IP },
      { key: keys.ip, limit: config.LOGIN_MAX_FAILURES_PER_IP },
      { key: keys.account, limit: Number.POSITIVE_INFINITY },
    ]);
    if (wait !== null) throw rateLimited(AUTH_TEXT.tooManyLoginFailures, wait);
    // Unknown e-mails are slowed down alike, so the delay does not tell whether an account exists.
    const delay = slowdownMs(counts.get(keys.account) ?? 0);
    if (delay > 0) await sleep(delay);
    return keys;
  }

  async function failed(keys: LoginKeys, user: UserRow | null): Promise<void> {
    const counts = await throttle.record([keys.pair, keys.ip, keys.account]);
    // The atomic upsert answers each count once, so exactly one failure per window crosses the threshold:
    // one mail per attack, sent after the answer and best-effort (a failure is logged).
    if (!user || counts.get(keys.account) !== config.LOGIN_SLOWDOWN_AFTER_FAILURES) return;
    const mail = signInAttemptsMail({
      to: user.email,
      firstName: user.firstName,
      failures: config.LOGIN_SLOWDOWN_AFTER_FAILURES,
      windowMinutes: Math.ceil(config.LOGIN_THROTTLE_WINDOW_SECONDS / 60),
      supportEmail: config.SUPPORT_EMAIL,
      language: user.language ?? 'en',
    });
    tasks.run('sign-in attempts notice', async () => void (await mailer.send(mail)));
  }

  /** The owner's own address is freed; the address and account counts stay (an attacker may sign in too). */
  async function succeeded(keys: LoginKeys): Promise<void> {
    await throttle.clear(keys.pair);
  }

  return { admit, failed, succeeded };
}
