import { asc, eq } from 'drizzle-orm';
import type { PublicUser } from '@escrow/shared/schemas/auth';
import type { DbOrTx } from '../../db/client.ts';
import { sessions } from '../../db/schema/users.ts';
import { describeDevice } from './auth.devices.ts';
import { loadUser } from './auth.load-user.ts';
import { toPublicUser } from './auth.public-user.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The account's own records for "Download my data" (docs/privacy.md): the profile as the API shows it
 * (never the password hash) and every session, which is the sign-in history (device, address, times).
 * Device names are written in the account's saved language, as its notifications in the export are.
 */
export async function accountForExport(
  db: DbOrTx,
  userId: string,
): Promise<{
  profile: PublicUser;
  sessions: {
    id: string;
    device: string;
    userAgent: string | null;
    ipAddress: string | null;
    signedInAt: string;
    lastActiveAt: string | null;
    expiresAt: string;
    signedOutAt: string | null;
  }[];
}> {
  const user = await loadUser(db, userId);
  const rows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
  return {
    profile: toPublicUser(user),
    sessions: rows.map((row) => ({
      id: row.id,
      device: describeDevice(row.userAgent, user.language ?? 'en'),
      userAgent: row.userAgent,
      ipAddress: row.ipAddress,
      signedInAt: row.createdAt.toISOString(),
      lastActiveAt: iso(row.lastSeenAt),
      expiresAt: row.expiresAt.toISOString(),
      signedOutAt: iso(row.revokedAt),
    })),
  };
}
