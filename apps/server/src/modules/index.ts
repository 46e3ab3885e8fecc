import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { adminRoutes } from './admin/index.ts';
import { assistantRoutes } from './assistant/index.ts';
import { authRoutes } from './auth/index.ts';
import { backupRoutes } from './backup/index.ts';
import { disputesRoutes, evidenceAttached, isTransactionDisputed } from './disputes/index.ts';
import { emailRoutes } from './email/index.ts';
import { escrowCalculatorRoutes } from './escrow-calculator/index.ts';
import { handoverRoutes } from './handover/index.ts';
import { healthRoutes } from './health/index.ts';
import {
  businessLicenseHolders,
  identityNameChecks,
  identityRoutes,
  identityVerifiedUsers,
  recordIdentityDocumentView,
} from './identity/index.ts';
import { refundsCreditedSince, transactionLedgerEntries } from './ledger/index.ts';
import { carriesAttachment, messagesRoutes } from './messages/index.ts';
import { notificationsRoutes, type NotificationView } from './notifications/index.ts';
import { paymentConditionsRoutes } from './payment-conditions/index.ts';
import { partnerModule } from './partner/index.ts';
import { privacyModule } from './privacy/index.ts';
import { paymentsModule } from './payments/index.ts';
import { hasVerifiedPhone, phoneModule, textMessageOutbox } from './phone/index.ts';
import {
  countTransactions,
  INVITATION_TTL_MS,
  listTransactions,
  memberTransactionRow,
  milestoneFileDelivered,
  transactionsRoutes,
} from './transactions/index.ts';
import { createSecondFactorCheck, startTwoFactorSignIn, twoFactorRoutes } from './two-factor/index.ts';
import { isOwnProfilePicture, uploadsRoutes } from './uploads/index.ts';
import { vendorsModule } from './vendors/index.ts';
import { waitlistModule } from './waitlist/index.ts';
import { webhooksRoutes } from './webhooks/index.ts';
import {
  announceWithdrawal,
  dedicatedAccountOwner,
  markWithdrawalCompleted,
  reverseWithdrawal,
  walletRoutes,
  walletSummary,
} from './wallet/index.ts';

/**
 * Every module's routes under /api, each handed the dependencies it declares (never the Fastify
 * instance as a service locator). One line per module.
 */
export async function registerModules(app: FastifyInstance, deps: AppDeps) {
  // With two-factor sign-in on, withdrawals, bank-account changes and closing the account ask for a code.
  const confirmSecondFactor = createSecondFactorCheck(deps);
  await app.register(healthRoutes(deps), { prefix: '/api' });
  await app.register(
    authRoutes({
      ...deps,
      transactionCounts: (userId) => countTransactions(deps.db, userId),
      // A name change withdraws the identity checks made under the old name (docs/privacy.md).
      nameChecks: identityNameChecks(deps),
      // A right password with two-factor sign-in on answers a challenge instead of a session.
      twoFactorChallenge: (userId, attempt) => startTwoFactorSignIn(deps, userId, attempt),
      // A profile may only point at the user's own picture upload (uploads module).
      ownProfilePicture: (userId, uploadId) => isOwnProfilePicture(deps.db, userId, uploadId),
    }),
    { prefix: '/api/auth' },
  );
  await app.register(twoFactorRoutes(deps), { prefix: '/api/auth' });
  await app.register(privacyModule({ ...deps, confirmSecondFactor }), { prefix: '/api/auth' });
  await app.register(
    paymentsModule({
      ...deps,
      withdrawals: {
        markCompleted: markWithdrawalCompleted,
        reverse: reverseWithdrawal,
        // Payments hands back, unopened, what the wallet's functions answered.
        announce: (note) => announceWithdrawal(deps, note as NotificationView | null),
      },
      // A transfer into a dedicated account is a deposit of the account's owner (wallet module).
      dedicatedAccountOwner,
    }),
  );
  await app.register(walletRoutes({ ...deps, confirmSecondFactor }), { prefix: '/api' });
  await app.register(adminRoutes(deps), { prefix: '/api/admin' });
  await app.register(escrowCalculatorRoutes(deps), { prefix: '/api/escrow-calculator' });
  await app.register(waitlistModule(deps), { prefix: '/api' });
  await app.register(transactionsRoutes(deps), { prefix: '/api' });
  await app.register(paymentConditionsRoutes(deps), { prefix: '/api' });
  await app.register(handoverRoutes(deps), { prefix: '/api' });
  await app.register(
    notificationsRoutes({
      ...deps,
      // SMS and WhatsApp need a verified phone; their messages go to the phone module's outbox, written
      // in the same database transaction as the notification (docs/security.md "Text messages").
      hasVerifiedPhone: (userId) => hasVerifiedPhone(deps.db, userId),
      queueTextMessages: textMessageOutbox(deps),
    }),
    { prefix: '/api' },
  );
  await app.register(phoneModule(deps), { prefix: '/api' });
  await app.register(
    uploadsRoutes({
      ...deps,
      // A chat file reaches the other party once a sent message carries it.
      chatFileSent: (transactionId, uploadId) => carriesAttachment(deps.db, transactionId, uploadId),
      // An evidence file reaches the other party once it is attached to the dispute as evidence.
      evidenceAttached: (transactionId, uploadId) => evidenceAttached(deps.db, transactionId, uploadId),
      // A milestone file reaches the buyer once a milestone delivery carries it.
      milestoneFileDelivered: (transactionId, uploadId) =>
        milestoneFileDelivered(deps.db, transactionId, uploadId),
      // Staff read the parties' chat files only on a transaction that had a dispute.
      transactionDisputed: (transactionId) => isTransactionDisputed(deps.db, transactionId),
      // Every staff look at a user's identity document image writes an audit row (identity module).
      identityDocumentViewed: (look, image) => recordIdentityDocumentView(deps, look, image),
    }),
    { prefix: '/api' },
  );
  await app.register(disputesRoutes(deps), { prefix: '/api' });
  await app.register(messagesRoutes(deps), { prefix: '/api' });
  await app.register(backupRoutes(deps), { prefix: '/api/admin' });
  await app.register(
    assistantRoutes({
      ...deps,
      invitationTtlMs: INVITATION_TTL_MS,
      // The caller's own wallet and transactions only: the user id is always the signed-in user's.
      account: {
        wallet: (userId) => walletSummary(deps, { id: userId }),
        transactions: async (userId, filter) =>
          (await listTransactions(deps, userId, { page: 1, ...filter })).transactions,
        refundsCreditedSince: (userId, currency, since) =>
          refundsCreditedSince(deps.db, userId, currency, since),
        transactionEntries: async (userId, id) => {
          await memberTransactionRow(deps.db, userId, id); // not a member: 404, never the entries
          return transactionLedgerEntries(deps.db, id);
        },
      },
    }),
    { prefix: '/api' },
  );
  await app.register(identityRoutes(deps), { prefix: '/api' });
  await app.register(webhooksRoutes(deps), { prefix: '/api/developer' });
  await app.register(partnerModule(deps));
  await app.register(emailRoutes(deps), { prefix: '/api' });
  await app.register(
    vendorsModule({
      ...deps,
      // The verification checklist's two identity items come from the identity module.
      businessLicenseHolders: (userIds) => businessLicenseHolders(deps.db, userIds),
      identityVerifiedUsers: (userIds) => identityVerifiedUsers(deps.db, userIds),
    }),
    { prefix: '/api' },
  );
}
