import { createHash, randomBytes } from 'node:crypto';
import type { SetNewPasswordInput } from '@escrow/shared/schemas/auth';
import type { UserRow } from '../../db/schema/users.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { BackgroundTasks } from '../../lib/background-tasks.ts';
import type { AuthDeps } from './auth.deps.ts';
import { invalidResetToken } from './auth.errors.ts';
import { passwordResetMail } from './auth.mails.ts';
import { normalizeEmail } from './auth.public-user.ts';
import * as repo from './auth.repository.ts';
import { throttleKeys, type Throttle } from '../../lib/throttle.ts';

/** Reset mails per account per throttle window: enough for a lost mail, too few to flood an inbox. */
const RESET_MAILS_PER_WINDOW = 5;

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;

/**
 * Reset links carry a random 256-bit token; only its SHA-256 is stored, so a database leak yields no
 * usable link. The token travels only in the e-mail: never in an answer, never in a log.
 */
export function createPasswordResetService(deps: AuthDeps, throttle: Throttle, tasks: BackgroundTasks) {
  const { db, config, tokens, mailer, log, clock } = deps;

  /** Answers the same for every address; a real account gets its mail after the answer is sent. */
  async function requestReset(email: string): Promise<void> {
    const user = await repo.findUserByEmail(db, normalizeEmail(email));
    if (user) tasks.run('password reset mail', () => sendResetLink(user));
  }

  async function sendResetLink(user: UserRow): Promise<void> {
    // Counted before sending (one atomic upsert), so a burst of requests cannot slip past the limit.
    const mailKey = throttleKeys.resetMail(user.email);
    const sent = (await throttle.record([mailKey])).get(mailKey) ?? 0;
    if (sent > RESET_MAILS_PER_WINDOW) {
      log.warn({ userId: user.id }, 'password reset mail limit reached: no mail sent');
      return;
    }
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(clock.now().getTime() + config.RESET_TOKEN_TTL_MINUTES * 60_000);
    await repo.insertResetToken(db, { userId: user.id, tokenHash: sha256(token), expiresAt });
    const link = `${config.publicUrl}/reset-password?token=${token}`;
    const mail = passwordResetMail({
      to: user.email,
      firstName: user.firstName,
      link,
      ttlMinutes: config.RESET_TOKEN_TTL_MINUTES,
      language: user.language ?? 'en',
    });
    try {
      await mailer.send(mail);
    } catch (error) {
      // Whatever the transport reports, the token must not reach the log.
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`reset mail not sent: ${message.replaceAll(token, '[token]')}`);
    }
  }

  /**
   * Single use: the token is consumed by a guarded UPDATE in the same transaction that sets the new
   * hash, closes the user's other reset links and signs out every session.
   */
  async function setNewPassword(input: SetNewPasswordInput): Promise<void> {
    const tokenHash = sha256(input.resetToken);
    // Cheap check first, so garbage tokens do not cost an argon2 hash each.
    if (!(await repo.isResetTokenUsable(db, tokenHash, clock.now()))) throw invalidResetToken();
    const passwordHash = await hashPassword(input.newPassword);
    const reset = await db.transaction(async (tx) => {
      const now = clock.now();
      const userId = await repo.consumeResetToken(tx, tokenHash, now);
      if (!userId) return null;
      const row = await repo.updateUser(tx, userId, { passwordHash });
      await repo.invalidateResetTokens(tx, userId, now);
      const ended = await tokens.revokeAllForUser(userId, { executor: tx });
      return { user: row, ended };
    });
    if (!reset) throw invalidResetToken();
    const { user } = reset;
    // Committed: every instance now refuses the user's old sessions, and their open sockets close.
    tokens.invalidateUser(user.id);
    tokens.sessionsEnded(reset.ended);
    // Whoever can read the mailbox owns the account: their blocks from failed sign-ins end here.
    await throttle.clearPrefix(throttleKeys.accountIpPrefix(user.email));
  }

  return { requestReset, setNewPassword };
}
