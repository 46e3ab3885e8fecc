import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/env.ts';
import type { Db } from './client.ts';
import type { Clock } from '../lib/clock.ts';
import { hashPassword, verifyPassword } from '../lib/passwords.ts';
import { sessions, users } from './schema/users.ts';

export type DemoAccount = { label: string; email: string; password: string };

export const DEMO_ACCOUNTS = [
  {
    label: 'Buyer',
    email: 'buyer@demo.amana.ng',
    password: 'DemoBuyer#2025',
    firstName: 'Adaeze',
    lastName: 'Okafor',
    role: 'USER',
    profileLabel: 'buyer',
  },
  {
    label: 'Seller',
    email: 'seller@demo.amana.ng',
    password: 'DemoSeller#2025',
    firstName: 'Tunde',
    lastName: 'Bakare',
    role: 'USER',
    profileLabel: 'VENDOR',
  },
  {
    label: 'Support',
    email: 'support@demo.amana.ng',
    password: 'DemoSupport#2025',
    firstName: 'Chidi',
    lastName: 'Nwosu',
    role: 'SUPPORT',
    profileLabel: 'buyer',
  },
  {
    label: 'Admin',
    email: 'admin@demo.amana.ng',
    password: 'DemoAdmin#2025',
    firstName: 'Ngozi',
    lastName: 'Eze',
    role: 'ADMIN',
    profileLabel: 'buyer',
  },
] as const;

/**
 * On start: the configured first admin (ADMIN_EMAIL/ADMIN_PASSWORD) if missing, and the demo accounts
 * when the database has no users yet and seeding is on (the embedded default, or SEED_DEMO=true; never in
 * production, see `seedDemo` in config/env.ts). In production it throws `DemoPasswordsInProduction` while
 * a staff account still has a demo password.
 */
export async function seedOnStart(deps: {
  db: Db;
  clock: Clock;
  config: AppConfig;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}): Promise<DemoAccount[]> {
  const { db, config, log } = deps;
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    await ensureAdmin(deps, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  }
  if (config.NODE_ENV === 'production') {
    if (config.SEED_DEMO)
      log.warn('SEED_DEMO is ignored in production: demo accounts are never created there');
    await refuseDemoPasswordsInProduction(db, config, log);
  }
  if (!config.seedDemo) return [];
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(sql`${users.email} like '%@demo.amana.ng'`);
  if ((row?.n ?? 0) === 0) {
    const [any] = await db.select({ n: count() }).from(users);
    if ((any?.n ?? 0) > 0) return [];
    for (const account of DEMO_ACCOUNTS) {
      const { label: _label, password, ...fields } = account;
      await db.insert(users).values({ ...fields, passwordHash: await hashPassword(password) });
    }
    log.info('demo accounts created');
  }
  return DEMO_ACCOUNTS.map(({ label, email, password }) => ({ label, email, password }));
}

/** Start-up refused: an account anyone can sign in to with a password printed in the README. */
export class DemoPasswordsInProduction extends Error {}

/**
 * Production must not run with a published password on a staff account: a database carried over from a
 * trial keeps admin@demo.amana.ng and its README password. Checked: the demo e-mails and ADMIN_EMAIL,
 * each against every demo password (at most 5 × 4 argon2 verifications, about a second, once per start).
 * Not every account: argon2 is slow on purpose, so 4 verifications per user would take hours on a real
 * user base; and an account created by sign-up with a demo password harms only itself.
 * Only staff accounts (ADMIN, SUPPORT) stop start-up: sign-up is open and takes any address, so anyone
 * could register buyer@demo.amana.ng with its README password, and refusing on that would let a stranger
 * keep production from restarting; sign-up never makes staff. A plain account found is logged instead.
 * Suspended accounts cannot sign in and are skipped, so suspending one is a way out, as is a new password.
 */
export async function refuseDemoPasswordsInProduction(
  db: Db,
  config: Pick<AppConfig, 'ADMIN_EMAIL'>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  const emails = [...DEMO_ACCOUNTS.map((account) => account.email), config.ADMIN_EMAIL]
    .filter((email) => email !== undefined)
    .map((email) => email.trim().toLowerCase());
  const candidates = await db
    .select({ email: users.email, role: users.role, passwordHash: users.passwordHash })
    .from(users)
    .where(and(inArray(sql`lower(${users.email})`, emails), isNull(users.suspendedAt)));
  const exposed: { email: string; role: string }[] = [];
  for (const { email, role, passwordHash } of candidates) {
    const matches = await Promise.all(
      DEMO_ACCOUNTS.map((account) => verifyPassword(passwordHash, account.password)),
    );
    if (matches.some(Boolean)) exposed.push({ email, role });
  }
  const staff = exposed.filter((account) => account.role !== 'USER');
  const plain = exposed.filter((account) => account.role === 'USER');
  if (plain.length > 0)
    log.warn(
      { accounts: plain.map((account) => account.email) },
      'accounts with a demo password from the README exist; anyone can sign in to them',
    );
  if (staff.length === 0) return;
  const names = staff.map((account) => `${account.email} (${account.role})`).join(', ');
  const list = staff.map((account) => `'${account.email}'`).join(', ');
  throw new DemoPasswordsInProduction(
    [
      `Refusing to start with NODE_ENV=production: ${names} still ${staff.length === 1 ? 'has' : 'have'} a demo password published in the README, so anyone could sign in to the operator console.`,
      'Change each password (start once without NODE_ENV=production, sign in, Profile > Security) or suspend the account:',
      `  UPDATE users SET suspended_at = now() WHERE email IN (${list});`,
      'then start again.',
    ].join('\n'),
  );
}

export type AdminResult = 'created' | 'promoted' | 'unchanged';
export type StaffRole = 'ADMIN' | 'SUPPORT';

/**
 * Makes sure a staff account (ADMIN by default, or SUPPORT) with this e-mail exists: creates it with the
 * password, or gives an existing account the role. Sign-up does not prove ownership of an address, so
 * someone may have registered the operator's address first: a promoted account therefore gets the given
 * password and loses its sessions, in the same transaction. An account that already has the role is left
 * alone (its password may have been changed since).
 */
export async function ensureAdmin(
  deps: { db: Db; log: Pick<FastifyBaseLogger, 'info'>; clock: Clock },
  email: string,
  password: string,
  role: StaffRole = 'ADMIN',
): Promise<AdminResult> {
  const { db, log, clock } = deps;
  const normalized = email.trim().toLowerCase();
  const [existing] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(sql`lower(${users.email}) = ${normalized}`);
  if (existing) {
    if (existing.role === role) return 'unchanged';
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ role, passwordHash }).where(eq(users.id, existing.id));
      await tx
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(sessions.userId, existing.id), isNull(sessions.revokedAt)));
    });
    log.info({ userId: existing.id, role }, 'existing account given a staff role');
    return 'promoted';
  }
  await db.insert(users).values({
    email: normalized,
    passwordHash: await hashPassword(password),
    firstName: 'Platform',
    lastName: role === 'ADMIN' ? 'Admin' : 'Support',
    role,
  });
  log.info({ role }, 'staff account created');
  return 'created';
}
