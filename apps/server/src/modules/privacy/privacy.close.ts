import type { ClosureBlocker, ClosureCheck } from '@escrow/shared/schemas/privacy';
import { AppError } from '../../lib/errors.ts';
import type { Language } from '../../lib/i18n.ts';
import { needlesOf } from '../../lib/personal-data.ts';
import { forgetClosedPartyInActivities } from '../activities/index.ts';
import { recordAudit } from '../audit/index.ts';
import {
  closeAccountRow,
  confirmAccountPassword,
  lockAccountForClosing,
  type AuthUser,
} from '../auth/index.ts';
import { forgetClosedPartyInDisputes } from '../disputes/index.ts';
import { forgetIdentityOf } from '../identity/index.ts';
import { lockNonEmptyWallets, nonEmptyWallets } from '../ledger/index.ts';
import { forgetClosedPartyInChats } from '../messages/index.ts';
import { forgetClosedPartyInNotifications } from '../notifications/index.ts';
import { revokeKeysOfClosedAccount } from '../partner/index.ts';
import { forgetPhoneOf } from '../phone/index.ts';
import { forgetClosedParty, transactionIdsOf } from '../transactions/index.ts';
import { forgetTwoFactorOf } from '../two-factor/index.ts';
import { deletePersonalUploadRows, removeStoredObjects } from '../uploads/index.ts';
import { hideClosedVendor } from '../vendors/index.ts';
import { retireBankAccountsOf } from '../wallet/index.ts';
import { closureBlockers } from './privacy.blockers.ts';
import type { PrivacyDeps } from './privacy.deps.ts';
import { deleteExportsOf } from './privacy.exports.ts';

/**
 * The 409 of a refused closing: every blocker's text in the message, and each in `details` (written in
 * the request's language already).
 */
const cannotClose = (blockers: ClosureBlocker[]) =>
  new AppError('CONFLICT', blockers.map((b) => b.message).join('. '), { blockers });

/** GET /auth/me/closure: what the confirmation dialog shows before the user types their password. */
export async function closureCheck(
  deps: Pick<PrivacyDeps, 'db'>,
  userId: string,
  language: Language = 'en',
): Promise<ClosureCheck> {
  const blockers = await closureBlockers(deps.db, userId, await nonEmptyWallets(deps.db, userId), language);
  return { canClose: blockers.length === 0, blockers };
}

/**
 * Closes the caller's account (docs/privacy.md). The password is checked first (throttled, as an e-mail
 * change checks it); then ONE database transaction locks the user and their wallets, checks again that
 * nothing blocks (409 naming each thing), and removes the personal data each module owns: the profile
 * (placeholders), sessions, API keys, vendor profile, verified phone and text messages, identity records,
 * personal uploads' rows, bank accounts (soft), notifications, and every copy of the name, e-mail or
 * phone in the account's trades, chats and disputes. Financial records stay: ledger, amounts and dates, the audit log. After commit
 * the old token is refused at once (session cache, sockets) and the files leave storage.
 */
export async function closeAccount(
  deps: PrivacyDeps,
  user: AuthUser,
  input: { password: string; requestId: string; language?: Language },
): Promise<void> {
  const { password, requestId, language = 'en' } = input;
  await confirmAccountPassword(deps, user.id, password);
  const now = deps.clock.now();
  const { sessionIds, storageKeys } = await deps.db.transaction(async (tx) => {
    const former = await lockAccountForClosing(tx, user.id);
    const blockers = await closureBlockers(tx, user.id, await lockNonEmptyWallets(tx, user.id), language);
    if (blockers.length) throw cannotClose(blockers);

    const vendor = await hideClosedVendor(tx, user.id);
    // The verified phone, its codes and its text messages go (phone module).
    const phone = await forgetPhoneOf(tx, user.id);
    const needles = needlesOf([
      `${former.firstName} ${former.lastName}`,
      former.email,
      vendor?.phone,
      vendor?.email,
      phone,
    ]);
    const closed = await closeAccountRow(tx, deps.tokens, user.id, now);
    await revokeKeysOfClosedAccount(tx, user.id, now);
    // The sealed TOTP secret, recovery codes and sign-in challenges (two-factor module).
    await forgetTwoFactorOf(tx, user.id);
    // Identity documents point at their uploads: their rows go first.
    await forgetIdentityOf(tx, user.id);
    const removed = await deletePersonalUploadRows(tx, user.id);
    await retireBankAccountsOf(tx, user.id, now);

    const transactionIds = await transactionIdsOf(tx, user.id);
    await forgetClosedParty(tx, user.id, { email: former.email, needles });
    await forgetClosedPartyInActivities(tx, { userId: user.id, transactionIds, needles });
    await forgetClosedPartyInChats(tx, {
      transactionIds,
      needles,
      removedUploadIds: removed.filter((u) => u.purpose === 'chat_attachment').map((u) => u.id),
    });
    await forgetClosedPartyInDisputes(tx, user.id, needles);
    await forgetClosedPartyInNotifications(tx, { userId: user.id, transactionIds, needles });
    // The account's own action, so the actor is the account (now 'Closed account' in the log).
    await recordAudit(tx, {
      actorId: user.id,
      action: 'user.close',
      targetType: 'user',
      targetId: user.id,
      summary: { before: { closedAt: null }, after: { closedAt: now.toISOString() } },
      requestId,
      at: now,
    });
    // Its prepared exports hold everything above: they go too.
    const exportKeys = await deleteExportsOf(tx, user.id);
    return {
      sessionIds: closed.sessionIds,
      storageKeys: [...removed.map((u) => u.storageKey), ...exportKeys],
    };
  });
  // Committed: every instance forgets the cached sessions, the sockets close, the files go.
  deps.tokens.invalidateUser(user.id);
  deps.tokens.sessionsEnded(sessionIds);
  deps.realtime.disconnectUser(user.id);
  const files = await removeStoredObjects(deps, storageKeys);
  deps.log.info(
    { userId: user.id, filesRemoved: files.removed, filesFailed: files.failed },
    'account closed',
  );
}
