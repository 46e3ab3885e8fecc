import { and, count, eq, gte, inArray, isNull, ne, or } from 'drizzle-orm';
import { lagosDayStart, walletLimitsFor } from '@escrow/shared/domain/limits';
import { sameLegalName } from '@escrow/shared/domain/names';
import {
  IDENTITY_DAILY_ATTEMPTS,
  maskNumber,
  normalizeName,
  VERIFICATION_TEXT,
  type BvnForm,
  type IdentityErrorCode,
  type IdentityKind,
  type NinForm,
  type VerificationResult,
} from '@escrow/shared/schemas/identity';
import type { VerificationLevel } from '@escrow/shared/schemas/auth';
import type { DbOrTx } from '../../db/client.ts';
import { identityNumbers, verificationHistory } from '../../db/schema/identity.ts';
import { AppError } from '../../lib/errors.ts';
import { msg } from '@escrow/shared/i18n/msg';
import {
  accountRow,
  lockAccountRow,
  recordVerification,
  verificationStandingOf,
  type UserRow,
} from '../auth/index.ts';
import type { IdentityDeps } from './identity.deps.ts';
import { IdentityProviderUnavailable } from './identity.provider.ts';
import { refreshTrustScore } from '../trust/index.ts';

const LEVEL_RANK: Record<VerificationLevel, number> = { BASIC: 0, ENHANCED: 1, PREMIUM: 2 };
/** A NIN raises to ENHANCED, a BVN to PREMIUM; a check never lowers a level. */
const LEVEL_OF: Record<IdentityKind, VerificationLevel> = { NIN: 'ENHANCED', BVN: 'PREMIUM' };

export const limitsView = (level: VerificationLevel) => {
  const limits = walletLimitsFor(level);
  return {
    dailyWithdrawal: limits.dailyWithdrawalMinor / 100,
    maxBalance: limits.maxBalanceMinor === null ? null : limits.maxBalanceMinor / 100,
  };
};

/** NIN and BVN checks the user ran today (Lagos day), the ones that reached an answer. */
export async function attemptsToday(db: DbOrTx, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(verificationHistory)
    .where(
      and(
        eq(verificationHistory.userId, userId),
        inArray(verificationHistory.verificationType, ['NIN', 'BVN']),
        gte(verificationHistory.createdAt, lagosDayStart(now)),
        // A check withdrawn by a name change (identity.name-change.ts) is not an attempt.
        or(isNull(verificationHistory.outcome), ne(verificationHistory.outcome, 'NAME_CHANGED')),
      ),
    );
  return Number(row?.n ?? 0);
}

/** 429 with Retry-After: the seconds until the next Lagos day, when the attempts start again. */
function tooMany(now: Date) {
  const nextDay = lagosDayStart(new Date(lagosDayStart(now).getTime() + 36 * 60 * 60 * 1000));
  const seconds = Math.max(1, Math.ceil((nextDay.getTime() - now.getTime()) / 1000));
  return new AppError('RATE_LIMITED', VERIFICATION_TEXT.tooManyAttempts, undefined, {
    'retry-after': String(seconds),
  });
}

type Outcome = 'VERIFIED' | IdentityErrorCode;

/**
 * One NIN or BVN check (docs/identity.md). Passes only when the provider finds the number and the first
 * and last names of its record match the profile (case and accent insensitive). The outcome, the level,
 * the trust score and the history row commit in ONE database transaction. Provider unavailable: 503,
 * nothing recorded and no attempt counted. At most 5 answered attempts per Lagos day (429).
 * The number is never logged or answered in full: only `*******8901`.
 */
export async function verifyIdentity(
  deps: IdentityDeps,
  userId: string,
  kind: IdentityKind,
  form: NinForm | BvnForm,
): Promise<{ result: VerificationResult; message: string }> {
  const number = kind === 'NIN' ? (form as NinForm).nin : (form as BvnForm).bvn;
  const masked = maskNumber(number);
  const now = deps.clock.now();
  if ((await attemptsToday(deps.db, userId, now)) >= IDENTITY_DAILY_ATTEMPTS) throw tooMany(now);
  const user = await accountRow(deps.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED', msg('Invalid or expired token'));
  const [own] = await deps.db
    .select({ id: identityNumbers.id, hmac: identityNumbers.numberHmac })
    .from(identityNumbers)
    .where(and(eq(identityNumbers.userId, userId), eq(identityNumbers.kind, kind)));
  const hmac = deps.identityCrypto.hmac(kind, number);
  if (own && own.hmac !== hmac)
    throw new AppError('CONFLICT', msg('Your {kind} is already verified'), undefined, undefined, { kind });
  if (own) return { result: await resultFor(deps.db, user, masked, now), message: verifiedText(kind) };

  let outcome: Outcome;
  const [taken] = await deps.db
    .select({ userId: identityNumbers.userId })
    .from(identityNumbers)
    .where(and(eq(identityNumbers.kind, kind), eq(identityNumbers.numberHmac, hmac)));
  if (taken) outcome = 'IDENTITY_IN_USE';
  else outcome = await askProvider(deps, user, kind, form, number, masked);

  const committed = await deps.db.transaction(async (tx) => {
    const locked = await lockAccountRow(tx, userId);
    if (!locked) throw new AppError('UNAUTHORIZED', msg('Invalid or expired token'));
    if ((await attemptsToday(tx, userId, now)) >= IDENTITY_DAILY_ATTEMPTS) throw tooMany(now);
    let final = outcome;
    // The names changed while the provider was asked: the record matched the old ones, not these.
    if (final === 'VERIFIED' && !sameLegalName(locked, user)) final = 'NAME_MISMATCH';
    if (final === 'VERIFIED') {
      const inserted = await tx
        .insert(identityNumbers)
        .values({
          userId,
          kind,
          numberCiphertext: deps.identityCrypto.encrypt(number),
          numberHmac: hmac,
          masked,
          provider: deps.identityProvider.name,
        })
        .onConflictDoNothing()
        .returning({ id: identityNumbers.id });
      // Lost a race with another account (or a second tab) for the same number.
      if (inserted.length === 0) final = 'IDENTITY_IN_USE';
    }
    if (final === 'VERIFIED') {
      const target = LEVEL_OF[kind];
      const level =
        LEVEL_RANK[target] > LEVEL_RANK[locked.verificationLevel] ? target : locked.verificationLevel;
      await recordVerification(tx, userId, { verificationLevel: level, isVerified: true }, now);
    }
    await tx.insert(verificationHistory).values({
      userId,
      verificationType: kind,
      status: final === 'VERIFIED' ? 'APPROVED' : 'REJECTED',
      outcome: final,
      createdAt: now,
      updatedAt: now,
    });
    await refreshTrustScore(tx, userId, now);
    return final;
  });
  deps.log.info({ userId, kind, number: masked, outcome: committed }, 'identity check');
  if (committed !== 'VERIFIED')
    throw new AppError(committed, failureText(committed), undefined, undefined, { kind });
  // The level and score live in cached sessions: forget them so limits and fees read the new ones.
  deps.tokens.invalidateUser(userId);
  const fresh = await accountRow(deps.db, userId);
  return { result: await resultFor(deps.db, fresh!, masked, now), message: verifiedText(kind) };
}

async function askProvider(
  deps: IdentityDeps,
  user: UserRow,
  kind: IdentityKind,
  form: NinForm | BvnForm,
  number: string,
  masked: string,
): Promise<Outcome> {
  try {
    const answer = await deps.identityProvider.lookup({
      kind,
      number,
      firstName: form.firstName,
      lastName: form.lastName,
      ...('dateOfBirth' in form ? { dateOfBirth: form.dateOfBirth } : {}),
      ...('phoneNumber' in form ? { phoneNumber: form.phoneNumber } : {}),
    });
    if (answer.status === 'NOT_FOUND') return 'IDENTITY_NOT_FOUND';
    if (answer.status === 'NAME_MISMATCH') return 'NAME_MISMATCH';
    const same = (a: string, b: string) => normalizeName(a) === normalizeName(b);
    const matches =
      same(answer.firstName, user.firstName) &&
      same(answer.lastName, user.lastName) &&
      same(form.firstName, user.firstName) &&
      same(form.lastName, user.lastName);
    return matches ? 'VERIFIED' : 'NAME_MISMATCH';
  } catch (error) {
    const reason = error instanceof IdentityProviderUnavailable ? error.reason : 'unexpected';
    deps.log.warn(
      { userId: user.id, kind, number: masked, provider: deps.identityProvider.name, reason },
      'identity provider unavailable',
    );
    throw new AppError('SERVICE_UNAVAILABLE', VERIFICATION_TEXT.unavailable);
  }
}

async function resultFor(db: DbOrTx, user: UserRow, masked: string, _now: Date): Promise<VerificationResult> {
  const row = await verificationStandingOf(db, user.id);
  const level = row?.level ?? user.verificationLevel;
  return {
    verificationLevel: level,
    trustScore: row?.score ?? user.trustScore,
    limits: limitsView(level),
    masked,
  };
}

const verifiedText = (kind: IdentityKind) =>
  kind === 'NIN' ? VERIFICATION_TEXT.ninVerified : VERIFICATION_TEXT.bvnVerified;

/** The refusal's message, with {kind} NIN or BVN. */
function failureText(code: IdentityErrorCode): string {
  if (code === 'NAME_MISMATCH') return VERIFICATION_TEXT.nameMismatchMessage;
  if (code === 'IDENTITY_NOT_FOUND') return VERIFICATION_TEXT.notFoundMessage;
  return VERIFICATION_TEXT.inUseMessage;
}
