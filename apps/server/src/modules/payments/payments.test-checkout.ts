import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { toMajor } from '@escrow/shared/domain/money';
import { nubanCheckDigit } from '@escrow/shared/domain/nuban';
import {
  TEST_CARDS,
  TEST_CHECKOUT_TEXT,
  type TestCheckout,
  type TestCheckoutResult,
} from '@escrow/shared/schemas/test-checkout';
import type { z } from 'zod';
import type { testCheckoutBodySchema } from '@escrow/shared/schemas/test-checkout';
import { paymentIntents, type PaymentIntentRow } from '../../db/schema/payments.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { translate, type Language } from '../../lib/i18n.ts';
import { msg } from '@escrow/shared/i18n/msg';
import type { PaymentsDeps } from './payments.deps.ts';
import { confirmProviderPayment } from './payments.service.ts';
import { ownPaymentIntent } from './payments.deposit-intents.ts';

/** Only the sandbox has a test checkout; with Paystack the buyer pays on Paystack's own page. */
async function ownIntent(deps: PaymentsDeps, userId: string, reference: string): Promise<PaymentIntentRow> {
  if (deps.payments.name !== 'sandbox') throw notFound(msg('Payment not found'));
  const intent = await ownPaymentIntent(deps.db, userId, reference, 'ESCROW');
  if (!intent) throw notFound(msg('Payment not found'));
  return intent;
}

const returnPath = (intent: PaymentIntentRow) =>
  `/app/payment/${intent.transactionId}?reference=${encodeURIComponent(intent.reference)}`;

/** A check-digit-valid test NUBAN per reference, so each transfer has its own "account" to pay into. */
function transferAccount(reference: string) {
  const serial = (createHash('sha256').update(reference).digest().readUInt32BE(0) % 1_000_000_000)
    .toString()
    .padStart(9, '0');
  return {
    bankName: TEST_CHECKOUT_TEXT.transferBank,
    accountNumber: `${serial}${nubanCheckDigit('035', serial)}`,
    accountName: TEST_CHECKOUT_TEXT.transferAccountName,
  };
}

export async function loadTestCheckout(
  deps: PaymentsDeps,
  user: { id: string; email: string },
  reference: string,
  language: Language = 'en',
): Promise<TestCheckout> {
  const intent = await ownIntent(deps, user.id, reference);
  return {
    reference: intent.reference,
    amount: toMajor(intent.amount),
    currency: intent.currency,
    method: intent.method === 'CARD' ? 'CARD' : 'BANK_TRANSFER',
    email: user.email,
    status: intent.status,
    // A refusal's text as stored (a message id, or the provider's words), in the payer's language.
    failureReason: intent.failureReason === null ? null : translate(language, intent.failureReason),
    returnPath: returnPath(intent),
    transfer: transferAccount(intent.reference),
  };
}

/** The card's expiry month is still current or later (Lagos and UTC agree to the month here). */
function expired(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split('/').map(Number) as [number, number];
  const lastValid = Date.UTC(2000 + year, month, 1); // the first instant after the expiry month
  return now.getTime() >= lastValid;
}

/**
 * One attempt on the test checkout. A declined card leaves the payment open (the buyer may try another
 * card, as on Paystack's page) and remembers the refusal, so a confirm-payment with this reference is
 * refused too (see the sandbox's verify). A good card or 'I have sent the money' confirms the payment
 * through the same path as a real provider's verify.
 */
export async function payTestCheckout(
  deps: PaymentsDeps,
  user: { id: string },
  reference: string,
  body: z.output<typeof testCheckoutBodySchema>,
  language: Language = 'en',
): Promise<TestCheckoutResult> {
  const intent = await ownIntent(deps, user.id, reference);
  const back = returnPath(intent);
  if (intent.status === 'SUCCEEDED')
    return {
      status: 'success',
      message: translate(language, TEST_CHECKOUT_TEXT.alreadyPaid),
      returnPath: back,
    };
  if (intent.status === 'FAILED') throw new AppError('CONFLICT', TEST_CHECKOUT_TEXT.closed);
  if (body.method === 'CARD') {
    const card = TEST_CARDS.find((candidate) => candidate.number === body.cardNumber);
    if (!card) throw new AppError('UNPROCESSABLE', TEST_CHECKOUT_TEXT.unknownCard);
    if (expired(body.expiry, deps.clock.now()))
      throw new AppError('UNPROCESSABLE', TEST_CHECKOUT_TEXT.expired);
    if (card.outcome !== 'success') {
      const message =
        card.outcome === 'declined' ? TEST_CHECKOUT_TEXT.declined : TEST_CHECKOUT_TEXT.insufficientFunds;
      await deps.db
        .update(paymentIntents)
        .set({ failureReason: message })
        .where(and(eq(paymentIntents.id, intent.id), eq(paymentIntents.status, 'PENDING')));
      return { status: 'failed', message: translate(language, message), returnPath: back };
    }
  }
  await deps.db
    .update(paymentIntents)
    .set({ failureReason: null })
    .where(and(eq(paymentIntents.id, intent.id), eq(paymentIntents.status, 'PENDING')));
  const confirmed = await confirmProviderPayment(deps, reference);
  if (confirmed.status !== 'success') throw new AppError('CONFLICT', TEST_CHECKOUT_TEXT.closed);
  return { status: 'success', message: null, returnPath: back };
}
