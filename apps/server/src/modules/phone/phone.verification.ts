import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import {
  maskPhone,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_TTL_MS,
  PHONE_SENDS_PER_HOUR_PER_NUMBER,
  PHONE_SENDS_PER_HOUR_PER_USER,
  PHONE_TEXT,
  toE164NigerianPhone,
  type PhoneStatus,
} from '@escrow/shared/schemas/phone';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { phoneVerifications, verifiedPhones } from '../../db/schema/phone.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { translate, type Language } from '../../lib/i18n.ts';
import { tooManyRequests } from '../../lib/rate-limits.ts';
import type { PhoneDeps } from './phone.deps.ts';
import { MessagingUnavailable } from './phone.provider.ts';

const HOUR_MS = 3600_000;

/**
 * The code's hash, bound to the account and the number it was sent for: SHA-256, the code itself only
 * travels in the text message (docs/security.md "Phone verification").
 */
const codeHash = (userId: string, phone: string, code: string) =>
  createHash('sha256').update(`${userId}:${phone}:${code}`).digest('hex');

const sameHash = (a: string, b: string) => {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
};

/** The user's verified phone (masked) and the newest code still open, as GET /auth/phone answers. */
export async function phoneStatus(db: DbOrTx, userId: string, now: Date): Promise<PhoneStatus> {
  const [verified] = await db.select().from(verifiedPhones).where(eq(verifiedPhones.userId, userId));
  const latest = await newestCode(db, userId);
  const open =
    latest && !latest.verifiedAt && latest.expiresAt > now && latest.attempts < PHONE_CODE_MAX_ATTEMPTS;
  return {
    phone: verified ? maskPhone(verified.phone) : null,
    verifiedAt: verified ? verified.verifiedAt.toISOString() : null,
    pending: open ? { phone: maskPhone(latest.phone), expiresAt: latest.expiresAt.toISOString() } : null,
  };
}

/** A new code replaces the ones before it: only the newest row counts (ties: the later UUIDv7). */
async function newestCode(db: DbOrTx, userId: string) {
  const [row] = await db
    .select()
    .from(phoneVerifications)
    .where(eq(phoneVerifications.userId, userId))
    .orderBy(desc(phoneVerifications.createdAt), desc(phoneVerifications.id))
    .limit(1);
  return row;
}

/**
 * 429 when `column = value` already has `max` sends in the last hour; Retry-After is when the oldest of
 * them leaves the hour. Reads only the max-th newest row (through the index on (column, created_at)).
 */
async function refuseOverLimit(
  tx: Tx,
  column: typeof phoneVerifications.userId | typeof phoneVerifications.phone,
  value: string,
  max: number,
  now: Date,
) {
  const [row] = await tx
    .select({ createdAt: phoneVerifications.createdAt })
    .from(phoneVerifications)
    .where(and(eq(column, value), gt(phoneVerifications.createdAt, new Date(now.getTime() - HOUR_MS))))
    .orderBy(desc(phoneVerifications.createdAt))
    .offset(max - 1)
    .limit(1);
  if (row)
    throw tooManyRequests(Math.max(1, Math.ceil((row.createdAt.getTime() + HOUR_MS - now.getTime()) / 1000)));
}

/**
 * POST /auth/phone: a fresh 6-digit code to a Nigerian number, by SMS straight through the provider
 * (the user waits for it). Refused before anything is sent when the number is verified on another
 * account (409) or when the user or the number had their sends for the hour (429). The row is written
 * first, under per-user and per-number locks, so that concurrent requests count each other; when the
 * provider fails it is deleted (the send never happened, so it does not count) and the answer is 503.
 */
export async function sendPhoneCode(
  deps: PhoneDeps,
  userId: string,
  rawPhone: string,
  language: Language = 'en',
): Promise<PhoneStatus> {
  const phone = toE164NigerianPhone(rawPhone);
  const now = deps.clock.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const row = await deps.db.transaction(async (tx) => {
    // Fixed order, user then number, so two requests never wait on each other crosswise.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-sends:user:${userId}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone-sends:number:${phone}`}))`);
    const [holder] = await tx
      .select({ userId: verifiedPhones.userId })
      .from(verifiedPhones)
      .where(and(eq(verifiedPhones.phone, phone), ne(verifiedPhones.userId, userId)));
    if (holder) throw conflict(PHONE_TEXT.phoneInUse, 'PHONE_IN_USE');
    await refuseOverLimit(tx, phoneVerifications.userId, userId, PHONE_SENDS_PER_HOUR_PER_USER, now);
    await refuseOverLimit(tx, phoneVerifications.phone, phone, PHONE_SENDS_PER_HOUR_PER_NUMBER, now);
    const [inserted] = await tx
      .insert(phoneVerifications)
      .values({
        userId,
        phone,
        codeHash: codeHash(userId, phone, code),
        expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MS),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: phoneVerifications.id });
    return inserted!;
  });
  try {
    // In the language of the account asking (the request's), who is the one who reads it.
    const body = translate(language, PHONE_TEXT.codeMessageMessage, { code });
    await deps.messaging.send({ to: phone, channel: 'SMS', body });
  } catch (error) {
    await deps.db.delete(phoneVerifications).where(eq(phoneVerifications.id, row.id));
    deps.log.warn(
      {
        userId,
        phone: maskPhone(phone),
        provider: deps.messaging.name,
        reason: error instanceof MessagingUnavailable ? error.reason : 'unexpected',
      },
      'phone code not sent',
    );
    throw new AppError('SERVICE_UNAVAILABLE', PHONE_TEXT.smsUnavailable);
  }
  deps.log.info({ userId, phone: maskPhone(phone) }, 'phone code sent');
  return phoneStatus(deps.db, userId, now);
}

type CheckOutcome = { failure: string } | { inUse: true } | { verified: true };

/**
 * POST /auth/phone/verify: the user's newest code, if still open, against the one typed (hashes compared
 * in constant time). A wrong code counts an attempt, committed before the 400; the fifth ends the code.
 * Right: the number becomes the account's verified phone (replacing any before), unless another account
 * verified it meanwhile (409; the unique number decides a race).
 */
export async function verifyPhoneCode(deps: PhoneDeps, userId: string, code: string): Promise<PhoneStatus> {
  const now = deps.clock.now();
  const outcome = await deps.db
    .transaction(async (tx): Promise<CheckOutcome> => {
      const [latest] = await tx
        .select()
        .from(phoneVerifications)
        .where(eq(phoneVerifications.userId, userId))
        .orderBy(desc(phoneVerifications.createdAt), desc(phoneVerifications.id))
        .limit(1)
        .for('update');
      if (!latest || latest.verifiedAt) return { failure: PHONE_TEXT.noCodePending };
      if (latest.attempts >= PHONE_CODE_MAX_ATTEMPTS) return { failure: PHONE_TEXT.tooManyAttempts };
      if (latest.expiresAt <= now) return { failure: PHONE_TEXT.codeExpired };
      if (!sameHash(codeHash(userId, latest.phone, code), latest.codeHash)) {
        const attempts = latest.attempts + 1;
        await tx
          .update(phoneVerifications)
          .set({ attempts, updatedAt: now })
          .where(eq(phoneVerifications.id, latest.id));
        return {
          failure: attempts >= PHONE_CODE_MAX_ATTEMPTS ? PHONE_TEXT.tooManyAttempts : PHONE_TEXT.codeWrong,
        };
      }
      const [holder] = await tx
        .select({ userId: verifiedPhones.userId })
        .from(verifiedPhones)
        .where(eq(verifiedPhones.phone, latest.phone));
      if (holder && holder.userId !== userId) return { inUse: true };
      await tx
        .update(phoneVerifications)
        .set({ verifiedAt: now, updatedAt: now })
        .where(eq(phoneVerifications.id, latest.id));
      await tx
        .insert(verifiedPhones)
        .values({ userId, phone: latest.phone, verifiedAt: now, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: verifiedPhones.userId,
          set: { phone: latest.phone, verifiedAt: now, updatedAt: now },
        });
      return { verified: true };
    })
    .catch((error: unknown): CheckOutcome => {
      if (isPhoneTaken(error)) return { inUse: true };
      throw error;
    });
  if ('failure' in outcome) throw new AppError('INVALID_PHONE_CODE', outcome.failure);
  if ('inUse' in outcome) throw conflict(PHONE_TEXT.phoneInUse, 'PHONE_IN_USE');
  deps.log.info({ userId }, 'phone verified');
  return phoneStatus(deps.db, userId, now);
}

/** Another account's row holds the number (the unique constraint of verified_phones.phone). */
function isPhoneTaken(error: unknown): boolean {
  const e = error as {
    code?: string;
    constraint?: string;
    cause?: { code?: string; constraint?: string };
  } | null;
  const pg = e?.cause ?? e;
  return pg?.code === '23505' && pg.constraint === 'verified_phones_phone_unique';
}
