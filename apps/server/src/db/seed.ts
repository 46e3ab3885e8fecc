import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/env.ts';
import type { Db } from './client.ts';
import { hashPassword } from '../lib/passwords.ts';
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
 * when the database has no users yet and seeding is on (the embedded default, or SEED_DEMO=true).
 */
export async function seedOnStart(deps: {
  db: Db;
  config: AppConfig;
  log: FastifyBaseLogger;
}): Promise<DemoAccount[]> {
  const { db, config, log } = deps;
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    await ensureAdmin(db, log, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
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
  db: Db,
  log: Pick<FastifyBaseLogger, 'info'>,
  email: string,
  password: string,
  role: StaffRole = 'ADMIN',
): Promise<AdminResult> {
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
        .set({ revokedAt: new Date() })
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
