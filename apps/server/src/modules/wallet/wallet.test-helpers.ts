import { eq } from 'drizzle-orm';
import { nubanCheckDigit } from '@escrow/shared/domain/nuban';
import type { UserRole, VerificationLevel } from '@escrow/shared/schemas/auth';
import type { App } from '../../app.ts';
import { users, type UserRow } from '../../db/schema/users.ts';
import { uniqueEmail } from '../../testing/test-app.ts';

export type TestUser = { user: UserRow; token: string; headers: { authorization: string } };

/**
 * A user row and a real bearer token, without going through the sign-up routes (another module's
 * concern). The password hash is a placeholder nobody can sign in with.
 */
export async function createTestUser(
  app: App,
  options: { role?: UserRole; verificationLevel?: VerificationLevel; firstName?: string } = {},
): Promise<TestUser> {
  const [user] = await app.deps.db
    .insert(users)
    .values({
      email: uniqueEmail('money'),
      passwordHash: 'test-placeholder-not-a-hash',
      firstName: options.firstName ?? 'Test',
      lastName: 'User',
      role: options.role ?? 'USER',
      verificationLevel: options.verificationLevel ?? 'BASIC',
    })
    .returning();
  const { token } = await app.tokens.issue(user!.id);
  return { user: user!, token, headers: { authorization: `Bearer ${token}` } };
}

export async function setLevel(app: App, userId: string, level: VerificationLevel) {
  await app.deps.db.update(users).set({ verificationLevel: level }).where(eq(users.id, userId));
}

/** A check-digit-valid NUBAN for `bankCode` built from a 9-digit serial. */
export function nuban(bankCode: string, serial: string): string {
  return `${serial}${nubanCheckDigit(bankCode, serial)}`;
}

export async function deposit(app: App, who: TestUser, amount: number, key?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/wallet/deposit',
    headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { amount },
  });
}

export async function addBank(app: App, who: TestUser, bankCode = '058', serial = '012345678') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/wallet/bank-accounts',
    headers: who.headers,
    payload: { bankCode, accountNumber: nuban(bankCode, serial) },
  });
  if (res.statusCode !== 201) throw new Error(`bank account not added: ${res.body}`);
  return res.json().data.bankAccount as { id: string; accountName: string };
}

export async function balanceOf(app: App, who: TestUser): Promise<number> {
  const res = await app.inject({ method: 'GET', url: '/api/wallet', headers: who.headers });
  return res.json().data.wallet.balance as number;
}
