import {
  type LoginInput,
  type ProfileSummary,
  type PublicUser,
  type SignInHistory,
  type SignupInput,
  type UpdateProfileInput,
} from '@escrow/shared/schemas/auth';
import type { NameChangeImpact } from '@escrow/shared/schemas/identity';
import type { LoginAnswer } from '@escrow/shared/schemas/two-factor';
import { PRIVACY_NOTICE_VERSION } from '@escrow/shared/texts/privacy-notice';
import { AppError } from '../../lib/errors.ts';
import { ADMIN_TEXT } from '@escrow/shared/schemas/admin';
import { hashPassword, timingSafeDummyHash, verifyPassword } from '../../lib/passwords.ts';
import type { AuthDeps, AuthUser } from './auth.deps.ts';
import type { BackgroundTasks } from '../../lib/background-tasks.ts';
import {
  currentPasswordNeeded,
  emailTaken,
  invalidCredentials,
  invalidProfilePicture,
} from './auth.errors.ts';
import { loadUser } from './auth.load-user.ts';
import { saveProfilePatch } from './auth.name-change.ts';
import { createLoginThrottle } from './auth.login-throttle.ts';
import { emailChangedMail, passwordChangedMail } from './auth.mails.ts';
import { normalizeEmail, toPublicUser } from './auth.public-user.ts';
import { previousSignInAt } from './auth.sign-in-history.ts';
import { completeSignIn } from './auth.sign-in.ts';
import * as repo from './auth.repository.ts';
import type { Throttle } from '../../lib/throttle.ts';
import { createPasswordConfirmation } from './auth.reauth.ts';
import { pickLanguage } from '@escrow/shared/i18n/languages';

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: AuthDeps, throttle: Throttle, tasks: BackgroundTasks) {
  const { db, config, tokens, mailer, clock } = deps;
  const loginThrottle = createLoginThrottle(deps, throttle, tasks);

  /**
   * The schema has refused a sign-up without `acceptPrivacyNotice: true`; the account records the notice
   * version this server serves and the time, in the same row (no account without its consent).
   */
  async function signup(input: SignupInput, acceptLanguage?: string): Promise<PublicUser> {
    const passwordHash = await hashPassword(input.password);
    try {
      const row = await repo.insertUser(db, {
        email: normalizeEmail(input.email),
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
        privacyNoticeAcceptedAt: clock.now(),
        // The language chosen on the page, else the browser's (docs/languages.md).
        language: input.language ?? pickLanguage(null, acceptLanguage),
      });
      return toPublicUser(row);
    } catch (error) {
      if (error instanceof repo.EmailTakenError) throw emailTaken();
      throw error;
    }
  }

  /**
   * Throttled before the password is looked at (auth.login-throttle.ts), with the same keys and answers
   * whether or not the account exists; an unknown account still costs one argon2 verification so timing
   * does not tell.
   */
  async function login(input: LoginInput, ip: string, userAgent?: string): Promise<LoginAnswer> {
    const email = normalizeEmail(input.email);
    const keys = await loginThrottle.admit(email, ip);
    const user = await repo.findUserByEmail(db, email);
    const valid = await verifyPassword(user?.passwordHash ?? (await timingSafeDummyHash()), input.password);
    if (!user || !valid) {
      await loginThrottle.failed(keys, user ?? null);
      throw invalidCredentials();
    }
    await loginThrottle.succeeded(keys);
    // Told only to someone who knows the password, so it reveals nothing about the account to others.
    if (user.suspendedAt) throw new AppError('ACCOUNT_SUSPENDED', ADMIN_TEXT.suspended);
    // With two-factor sign-in on, no session yet: a challenge for POST /auth/2fa/verify (two-factor module).
    const challenge = await deps.twoFactorChallenge(user.id, { ip, userAgent });
    if (challenge) return { twoFactorRequired: true as const, ...challenge };
    return completeSignIn({ db, tokens }, user, { userAgent, ip });
  }

  const confirmCurrentPassword = createPasswordConfirmation(config, throttle);

  /** The caller's own row, read now (request.user is a slim cached copy without the password hash). */
  async function profile(authUser: AuthUser): Promise<PublicUser> {
    return toPublicUser(await loadUser(db, authUser.id));
  }

  /** GET /me: the user and when they signed in before this session. */
  async function me(authUser: AuthUser): Promise<{ user: PublicUser } & SignInHistory> {
    const user = await profile(authUser);
    return { user, previousSignInAt: await previousSignInAt(db, authUser.id, authUser.sessionId) };
  }

  /**
   * PUT /me. A first or last name change that withdraws verified identity checks needs
   * `confirmVerificationLoss` (auth.name-change.ts); `withdrawn` says what it withdrew.
   */
  async function updateProfile(
    authUser: AuthUser,
    input: UpdateProfileInput,
    requestId: string | null = null,
  ): Promise<{ user: PublicUser; withdrawn: NameChangeImpact | null }> {
    // The row, not the cached copy: the e-mail comparison and the password check need it current.
    const user = await loadUser(db, authUser.id);
    const patch: Parameters<typeof repo.updateUser>[2] = {};
    if (input.firstName !== undefined) patch.firstName = input.firstName;
    if (input.lastName !== undefined) patch.lastName = input.lastName;
    const picture = input.profilePictureId !== undefined ? input.profilePictureId : input.profilePicture;
    if (picture !== undefined) {
      // Only the caller's own upload made for this purpose (so it passed the image and 5 MB checks).
      if (picture !== null && !(await deps.ownProfilePicture(user.id, picture)))
        throw invalidProfilePicture();
      patch.profilePicture = picture;
    }
    if (input.onboardingCompleted !== undefined) patch.onboardingCompleted = input.onboardingCompleted;
    if (input.hideAmounts !== undefined) patch.hideAmounts = input.hideAmounts;
    if (input.language !== undefined) patch.language = input.language;
    const newEmail = input.email === undefined ? undefined : normalizeEmail(input.email);
    if (newEmail !== undefined && newEmail !== user.email) {
      // The e-mail is where reset links go: changing it is as sensitive as changing the password.
      if (!input.currentPassword) throw currentPasswordNeeded();
      await confirmCurrentPassword(user, input.currentPassword);
      patch.email = newEmail;
    }
    if (Object.keys(patch).length === 0) return { user: toPublicUser(user), withdrawn: null };

    let saved;
    try {
      saved = await saveProfilePatch(
        { db, nameChecks: deps.nameChecks, now: () => clock.now() },
        user.id,
        patch,
        {
          confirmVerificationLoss: input.confirmVerificationLoss,
          requestId,
        },
      );
    } catch (error) {
      if (error instanceof repo.EmailTakenError) throw emailTaken();
      throw error;
    }
    const { row, withdrawn } = saved;
    // E-mail, names (and a withdrawn level) are in every cached session of the user: drop them here and
    // on every instance.
    tokens.invalidateUser(user.id);
    withdrawn?.afterCommit();
    if (patch.email) {
      const mail = emailChangedMail({
        to: user.email,
        firstName: row.firstName,
        newEmail: row.email,
        supportEmail: config.SUPPORT_EMAIL,
        language: row.language ?? 'en',
      });
      tasks.run('e-mail changed notice', async () => void (await mailer.send(mail)));
    }
    return { user: toPublicUser(row), withdrawn: withdrawn?.impact ?? null };
  }

  /** New hash and the revocation of every other session commit together. */
  async function changePassword(authUser: AuthUser, input: { currentPassword: string; newPassword: string }) {
    const user = await loadUser(db, authUser.id);
    await confirmCurrentPassword(user, input.currentPassword);
    const passwordHash = await hashPassword(input.newPassword);
    const ended = await db.transaction(async (tx) => {
      await repo.updateUser(tx, user.id, { passwordHash });
      await repo.invalidateResetTokens(tx, user.id, clock.now());
      return tokens.revokeAllForUser(user.id, { exceptSessionId: authUser.sessionId, executor: tx });
    });
    // Committed: every instance now refuses the other sessions (the cache forgets them all), and
    // their open sockets close.
    tokens.invalidateUser(user.id);
    tokens.sessionsEnded(ended);
    const mail = passwordChangedMail({
      to: user.email,
      firstName: user.firstName,
      supportEmail: config.SUPPORT_EMAIL,
      language: user.language ?? 'en',
    });
    tasks.run('password changed notice', async () => void (await mailer.send(mail)));
  }

  /** The Profile tab: the user, their transaction counts (computed here, never by the client) and labels. */
  async function profileSummary(authUser: AuthUser): Promise<ProfileSummary> {
    const row = await loadUser(db, authUser.id);
    const counts = await deps.transactionCounts(row.id);
    return {
      user: toPublicUser(row),
      stats: { completedTransactions: counts.completed, activeTransactions: counts.active },
      role: row.profileLabel,
      memberSince: row.createdAt.toISOString(),
    };
  }

  async function logout(user: AuthUser): Promise<void> {
    await tokens.revoke(user.sessionId);
  }

  return { signup, login, me, profile, profileSummary, updateProfile, changePassword, logout };
}
