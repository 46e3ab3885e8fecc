import { and, eq, inArray, like, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Clock } from './clock.ts';
import { loginThrottles } from '../db/schema/throttles.ts';

export type ThrottleCheck = { key: string; limit: number };
export type Throttle = ReturnType<typeof createThrottle>;

/** Keys of the login_throttles table; one place so every caller spells them the same way. */
export const throttleKeys = {
  /** Sign-in failures on one account from all addresses: slows the account down, never blocks it. */
  account: (email: string) => `account:${email}`,
  /** Sign-in failures on one account from one address: the hard stop a stranger cannot extend to others. */
  accountIp: (email: string, ip: string) => `account-ip:${email}|${ip}`,
  accountIpPrefix: (email: string) => `account-ip:${email}|`,
  ip: (ip: string) => `ip:${ip}`,
  reauth: (userId: string) => `reauth:${userId}`,
  /** Wrong second-factor codes on one account, from every address (sign-in, money steps, settings). */
  twoFactorAccount: (userId: string) => `2fa:${userId}`,
  /** Wrong second-factor codes from one address, across accounts. */
  twoFactorIp: (ip: string) => `2fa-ip:${ip}`,
  resetMail: (email: string) => `reset:${email}`,
  waitlist: (ip: string) => `waitlist:${ip}`,
};

/** The limit name of a key (rate_limit_refusals_total's label): its kind, never the e-mail or address in it. */
const LIMIT_NAMES: Record<string, string> = {
  account: 'login-account',
  'account-ip': 'login-account-ip',
  ip: 'login-ip',
  reauth: 'reauth',
  '2fa': 'two-factor-account',
  '2fa-ip': 'two-factor-ip',
  reset: 'reset-mail',
  waitlist: 'waitlist-ip',
};
export const throttleLimitName = (key: string) => LIMIT_NAMES[key.slice(0, key.indexOf(':'))] ?? 'other';

/**
 * Fixed-window counters kept in the database (table login_throttles, named after its first use), so
 * every server instance sees the same counts.
 * The counter never loses an increment (one atomic upsert per event). A check before the event
 * (sign-in) lets attempts that are in flight at the same moment all pass, so a burst may overshoot
 * the limit by its size once; where that matters, use the count `record` answers instead.
 * Windows start and end by the injected clock, so a test moves time rather than the rows.
 */
export function createThrottle(
  deps: { db: Db; clock: Clock },
  windowSeconds: number,
  options: {
    sweepPrefix?: string;
    /** Told the limit name of each blocked key a check finds (its caller refuses: a 429). */
    onBlocked?: (limit: string) => void;
  } = {},
) {
  const { db, clock } = deps;
  const windowMs = windowSeconds * 1000;
  let lastSweep = 0;

  /**
   * One read of the keys: `wait` is the seconds until the longest block among them ends (null when none
   * is blocked), `counts` each key's events in its current window (0 once the window has ended).
   */
  async function inspect(checks: ThrottleCheck[]) {
    const now = clock.now();
    const rows = await db
      .select()
      .from(loginThrottles)
      .where(
        inArray(
          loginThrottles.key,
          checks.map((c) => c.key),
        ),
      );
    let wait: number | null = null;
    const counts = new Map<string, number>();
    for (const check of checks) {
      const row = rows.find((r) => r.key === check.key);
      const endsInMs = row ? row.windowStartedAt.getTime() + windowMs - now.getTime() : 0;
      counts.set(check.key, row && endsInMs > 0 ? row.failures : 0);
      if (!row || row.failures < check.limit || endsInMs <= 0) continue;
      wait = Math.max(wait ?? 0, Math.ceil(endsInMs / 1000));
      options.onBlocked?.(throttleLimitName(check.key));
    }
    return { wait, counts };
  }

  /** Seconds until the longest block among the keys ends, or null when none is blocked. */
  async function retryAfter(checks: ThrottleCheck[]): Promise<number | null> {
    return (await inspect(checks)).wait;
  }

  /**
   * Counts one event for each key (a new window starts when the old one has ended) and answers each
   * key's count after this event, read from the same atomic upsert.
   */
  async function record(keys: string[]): Promise<Map<string, number>> {
    const now = clock.now();
    const windowStart = new Date(now.getTime() - windowMs).toISOString();
    const expired = sql`${loginThrottles.windowStartedAt} <= ${windowStart}::timestamptz`;
    const rows = await db
      .insert(loginThrottles)
      .values(keys.map((key) => ({ key, failures: 1, windowStartedAt: now })))
      .onConflictDoUpdate({
        target: loginThrottles.key,
        set: {
          failures: sql`case when ${expired} then 1 else ${loginThrottles.failures} + 1 end`,
          windowStartedAt: sql`case when ${expired} then excluded.window_started_at else ${loginThrottles.windowStartedAt} end`,
          updatedAt: now,
        },
      })
      .returning({ key: loginThrottles.key, failures: loginThrottles.failures });
    await sweep(now);
    return new Map(rows.map((r) => [r.key, r.failures]));
  }

  async function clear(key: string): Promise<void> {
    await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
  }

  /** Drops every key that starts with `prefix` (LIKE wildcards in it are taken literally). */
  async function clearPrefix(prefix: string): Promise<void> {
    const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
    await db.delete(loginThrottles).where(like(loginThrottles.key, `${escaped}%`));
  }

  /**
   * Drops ended windows now and then, so keys from one-off attempts do not pile up forever. A throttle
   * with a `sweepPrefix` drops only its own keys: its window may be shorter than another throttle's.
   */
  async function sweep(now: Date) {
    if (now.getTime() - lastSweep < windowMs) return;
    lastSweep = now.getTime();
    const ended = lt(loginThrottles.windowStartedAt, new Date(now.getTime() - windowMs));
    await db
      .delete(loginThrottles)
      .where(options.sweepPrefix ? and(ended, like(loginThrottles.key, `${options.sweepPrefix}%`)) : ended);
  }

  return { inspect, retryAfter, record, clear, clearPrefix };
}
