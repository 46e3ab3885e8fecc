import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  autoReleaseLabel,
  autoReleaseLabelMessage,
  countdownParams,
  countdownText,
  countdownTextMessage,
  DISPUTE_DESCRIPTION_MAX,
  DISPUTE_REASON_MAX,
  DISPUTE_TEXT,
  EVIDENCE_MAX_FILES,
  INSPECTION_TEXT,
  MAX_INSPECTION_EXTENSION_DAYS,
  partialShareRangeMessage,
  partialShareRangeText,
} from '../domain/disputes.ts';
import { formatNumber } from '../domain/en-ng-format.ts';
import { FEE_ESTIMATE_NOTE } from '../domain/fee-estimate.ts';
import { TRANSACTION_FEE_PERCENT } from '../domain/fees.ts';
import { HANDOVER_MAX_WRONG_CODES, HANDOVER_REMINDER_DAYS } from '../domain/handover.ts';
import { LIMIT_TEXT } from '../domain/limits.ts';
import { MAX_MILESTONES, MILESTONE_FILES_MAX, MILESTONE_TEXT, MIN_MILESTONES } from '../domain/milestones.ts';
import { MAX_MAJOR_AMOUNT } from '../domain/money.ts';
import {
  DEFAULT_PRICE_BOUNDS,
  priceAboveMaximum,
  priceAboveMaximumMessage,
  priceBelowMinimum,
  priceBelowMinimumMessage,
  priceBoundProblem,
  priceBoundProblemMessage,
} from '../domain/price-bounds.ts';
import {
  decide,
  statusToastTextMessage,
  statusWords,
  STATUS_WORDS_MESSAGE,
  TRANSACTION_STATUSES,
} from '../domain/transaction-machine.ts';
import { computeTrustScore, TRUST_REASON_MESSAGES } from '../domain/trust-score.ts';
import { UPLOAD_RULES } from '../domain/uploads.ts';
import {
  TOO_MANY_ATTEMPTS_LATER,
  tooManyAttemptsMinutes,
  tooManyAttemptsText,
  tooManyAttemptsTextMessage,
} from '../errors.ts';
import { ASSISTANT_MESSAGE_MAX, ASSISTANT_TEXT } from '../schemas/assistant.ts';
import {
  disputeMessageBodySchema,
  escalateDisputeSchema,
  proposeResolutionFields,
  rejectResolutionSchema,
} from '../schemas/disputes.ts';
import {
  bvnFormSchema,
  IDENTITY_DAILY_ATTEMPTS,
  IDENTITY_NUMBER_LENGTH,
  ninFormSchemaFor,
  TRUST_POINTS,
  VERIFICATION_TEXT,
} from '../schemas/identity.ts';
import {
  MESSAGE_ATTACHMENTS_MAX,
  MESSAGE_MAX,
  MESSAGE_TEXT,
  sendMessageSchema,
} from '../schemas/messages.ts';
import {
  API_KEY_MAX_PER_USER,
  PARTNER_METADATA_KEY_MAX,
  PARTNER_METADATA_MAX_KEYS,
  PARTNER_METADATA_VALUE_MAX,
  PARTNER_REFERENCE_MAX,
  PARTNER_TEXT,
  partnerCreateTransactionSchemaFor,
} from '../schemas/partner.ts';
import { testCardPaymentSchema } from '../schemas/test-checkout.ts';
import {
  cancelTransactionSchema,
  confirmPaymentSchema,
  deliverMilestoneBodySchemaFor,
  deliveryDetailsSchema,
  shipmentDataSchemaFor,
  transactionDraftSchemaFor,
} from '../schemas/transactions.ts';
import { vendorListQuerySchema, vendorProfileFormSchema } from '../schemas/vendors.ts';
import { WEBHOOK_MAX_ENDPOINTS, WEBHOOK_TEXT, WEBHOOK_URL_MAX } from '../schemas/webhooks.ts';
import { DELIVERY_CORRECTION_TEXT, NAME_CHANGE_TEXT } from '../texts/correction.ts';
import { HANDOVER_TEXT } from '../texts/handover.ts';
import { IDENTITY_CHECK_NOTICES, IDENTITY_PROVIDER_NAME } from '../texts/identity-checks.ts';
import { NOTIFICATION_CHANNEL_TEXT } from '../texts/notifications.ts';
import { PHONE_TEXT } from '../texts/phone.ts';
import { CONSENT_TEXT } from '../texts/privacy-notice.ts';
import { closureBlockerText, PRIVACY_TEXT } from '../texts/privacy.ts';
import {
  refundDestinationText,
  refundDestinationTextMessage,
  type ProviderRefundStatus,
} from '../texts/refunds.ts';
import { TRANSACTION_TEXT } from '../texts/transactions.ts';
import { TWO_FACTOR_TEXT } from '../texts/two-factor.ts';
import { VENDOR_TEXT } from '../texts/vendors.ts';
import { WALLET_TEXT } from '../texts/wallet.ts';
import { formatMoney } from '../domain/money.ts';
import { walletLimitsFor } from '../domain/limits.ts';
import { createTranslator, type MessageParams } from './translator.ts';

/**
 * The English of every ICU message that stands beside a text function (`<name>Message`) is what the
 * function writes, and the limits written out in texts are the constants they name: the screens and the
 * server read the same words whether they call the function or translate the message.
 */
const translate = createTranslator({});
const en = (message: string, params?: MessageParams) => translate('en', message, params);
/** A status in English words: 'WAITING_FOR_PAYMENT' → 'waiting for payment'. */
const statusInWords = (status: string) => status.toLowerCase().replace(/_/g, ' ');

describe('text functions and their ICU messages read the same in English', () => {
  const inWords = (items: string[]) =>
    items.length <= 1
      ? items.join('')
      : en(NAME_CHANGE_TEXT.checksInWordsMessage, {
          items: items.slice(0, -1).join(', '),
          last: items.at(-1)!,
        });

  it.each([
    {
      checks: ['your NIN ****5678'],
      levelBefore: 'ENHANCED',
      levelAfter: 'BASIC',
      trustScoreBefore: 45,
      trustScoreAfter: 20,
    },
    {
      checks: ['your NIN ****5678', 'your BVN ****1234'],
      levelBefore: 'PREMIUM',
      levelAfter: 'PREMIUM',
      trustScoreBefore: 80,
      trustScoreAfter: 20,
    },
    {
      checks: ['your NIN ****5678', 'your BVN ****1234', 'your approved Passport'],
      levelBefore: 'PREMIUM',
      levelAfter: 'BASIC',
      trustScoreBefore: 30,
      trustScoreAfter: 30,
    },
  ] as const)('NAME_CHANGE_TEXT.warning($checks)', (input) => {
    const params = {
      checks: inWords([...input.checks]),
      count: input.checks.length,
      levelChanged: input.levelAfter !== input.levelBefore ? 'yes' : 'no',
      scoreChanged: input.trustScoreAfter !== input.trustScoreBefore ? 'yes' : 'no',
      levelBefore: input.levelBefore,
      levelAfter: input.levelAfter,
      dailyWithdrawal: formatMoney(walletLimitsFor(input.levelAfter).dailyWithdrawalMinor / 100, 'NGN', 2),
      trustScoreBefore: input.trustScoreBefore,
      trustScoreAfter: input.trustScoreAfter,
    };
    expect(en(NAME_CHANGE_TEXT.warningMessage, params)).toBe(NAME_CHANGE_TEXT.warning(input));
  });

  it.each([[['your NIN ****5678']], [['your NIN ****5678', 'your approved Utility Bill']]])(
    'NAME_CHANGE_TEXT.notificationMessage(%j)',
    (checks) => {
      expect(
        en(NAME_CHANGE_TEXT.notificationMessageMessage, {
          checks: inWords(checks),
          count: checks.length,
          level: 'BASIC',
        }),
      ).toBe(NAME_CHANGE_TEXT.notificationMessage(checks, 'BASIC'));
    },
  );

  type Case = [name: string, fromFunction: string, message: string, params: MessageParams];
  const cases: Case[] = [
    [
      'ninLabel',
      NAME_CHANGE_TEXT.ninLabel('****5678'),
      NAME_CHANGE_TEXT.ninLabelMessage,
      { masked: '****5678' },
    ],
    [
      'bvnLabel',
      NAME_CHANGE_TEXT.bvnLabel('****1234'),
      NAME_CHANGE_TEXT.bvnLabelMessage,
      { masked: '****1234' },
    ],
    [
      'documentLabel',
      NAME_CHANGE_TEXT.documentLabel('Passport'),
      NAME_CHANGE_TEXT.documentLabelMessage,
      { type: 'Passport' },
    ],
    [
      'correctedActivity',
      DELIVERY_CORRECTION_TEXT.correctedActivity('Ikeja', 'Lagos'),
      DELIVERY_CORRECTION_TEXT.correctedActivityMessage,
      { city: 'Ikeja', state: 'Lagos' },
    ],
    [
      'sellerMessage',
      DELIVERY_CORRECTION_TEXT.sellerMessage('"iPhone 12"'),
      DELIVERY_CORRECTION_TEXT.sellerMessageMessage,
      { quotedTrade: '"iPhone 12"' },
    ],
    ['locked', HANDOVER_TEXT.locked('14:05'), HANDOVER_TEXT.lockedUntilMessage, { until: '14:05' }],
    ['wrongCode(1)', HANDOVER_TEXT.wrongCode(1), HANDOVER_TEXT.wrongCodeMessage, { left: 1 }],
    ['wrongCode(4)', HANDOVER_TEXT.wrongCode(4), HANDOVER_TEXT.wrongCodeMessage, { left: 4 }],
    [
      'wrongCodeLocked',
      HANDOVER_TEXT.wrongCodeLocked('09:30'),
      HANDOVER_TEXT.wrongCodeLockedMessage,
      { until: '09:30' },
    ],
    [
      'lockedMessage',
      HANDOVER_TEXT.lockedMessage('“Sofa”', '14:05'),
      HANDOVER_TEXT.lockedMessageMessage,
      { item: '“Sofa”', until: '14:05' },
    ],
    // The reminders go out HANDOVER_REMINDER_DAYS after payment, never after one day.
    ...HANDOVER_REMINDER_DAYS.flatMap((days): Case[] => [
      [
        `reminderBuyer(${days})`,
        HANDOVER_TEXT.reminderBuyer('“Sofa”', days),
        HANDOVER_TEXT.reminderBuyerMessage,
        { item: '“Sofa”', days },
      ],
      [
        `reminderSeller(${days})`,
        HANDOVER_TEXT.reminderSeller('“Sofa”', days),
        HANDOVER_TEXT.reminderSellerMessage,
        { item: '“Sofa”', days },
      ],
    ]),
    [
      'channelsOf',
      NOTIFICATION_CHANNEL_TEXT.channelsOf('Payment alerts'),
      NOTIFICATION_CHANNEL_TEXT.channelsOfMessage,
      { category: 'Payment alerts' },
    ],
    ['codeMessage', PHONE_TEXT.codeMessage('123456'), PHONE_TEXT.codeMessageMessage, { code: '123456' }],
    [
      'codeSentTo',
      PHONE_TEXT.codeSentTo('+234 *** *** 4567'),
      PHONE_TEXT.codeSentToMessage,
      { phone: '+234 *** *** 4567' },
    ],
    ['expiresAt', PHONE_TEXT.expiresAt('14:30'), PHONE_TEXT.expiresAtMessage, { time: '14:30' }],
    [
      'accepted',
      CONSENT_TEXT.accepted('1.0', '1 Nov 2025'),
      CONSENT_TEXT.acceptedMessage,
      { version: '1.0', date: '1 Nov 2025' },
    ],
    [
      'exportOncePerDay(1)',
      PRIVACY_TEXT.exportOncePerDay(1),
      PRIVACY_TEXT.exportOncePerDayMessage,
      { hours: 1 },
    ],
    [
      'exportOncePerDay(23)',
      PRIVACY_TEXT.exportOncePerDay(23),
      PRIVACY_TEXT.exportOncePerDayMessage,
      { hours: 23 },
    ],
    [
      'exportReadyMessage(1)',
      PRIVACY_TEXT.exportReadyMessage(1),
      PRIVACY_TEXT.exportReadyMessageMessage,
      { days: 1 },
    ],
    [
      'exportReadyMessage(7)',
      PRIVACY_TEXT.exportReadyMessage(7),
      PRIVACY_TEXT.exportReadyMessageMessage,
      { days: 7 },
    ],
    ...(['walletBalance', 'escrowHeld', 'pendingWithdrawals', 'pendingRefunds'] as const).flatMap(
      (name): Case[] => [
        [
          `${name}(NGN)`,
          closureBlockerText[name](1234.5, 'NGN'),
          closureBlockerText[`${name}Message` as const],
          { major: formatMoney(1234.5, 'NGN') },
        ],
        [
          `${name}(USD)`,
          closureBlockerText[name](20, 'USD'),
          closureBlockerText[`${name}Message` as const],
          { major: formatMoney(20, 'USD') },
        ],
      ],
    ),
    ...([1, 3] as const).flatMap((n): Case[] => [
      [
        `openTransactions(${n})`,
        closureBlockerText.openTransactions(n),
        closureBlockerText.openTransactionsMessage,
        { n },
      ],
      [
        `openDisputes(${n})`,
        closureBlockerText.openDisputes(n),
        closureBlockerText.openDisputesMessage,
        { n },
      ],
    ]),
    [
      'TRANSACTION_TEXT.tooLong',
      TRANSACTION_TEXT.tooLong('Brand', 100),
      TRANSACTION_TEXT.tooLongMessage,
      { field: 'Brand', max: 100 },
    ],
    [
      'VENDOR_TEXT.tooLong',
      VENDOR_TEXT.tooLong('Business name', 100),
      VENDOR_TEXT.tooLongMessage,
      { field: 'Business name', max: 100 },
    ],
    [
      'onSince',
      TWO_FACTOR_TEXT.onSince('1 Nov 2025'),
      TWO_FACTOR_TEXT.onSinceMessage,
      { date: '1 Nov 2025' },
    ],
    [
      'codesFileHeading',
      TWO_FACTOR_TEXT.codesFileHeading('ada@example.com'),
      TWO_FACTOR_TEXT.codesFileHeadingMessage,
      { email: 'ada@example.com' },
    ],
    [
      'recoveryCodesLeft(1)',
      TWO_FACTOR_TEXT.recoveryCodesLeft(1),
      TWO_FACTOR_TEXT.recoveryCodesLeftMessage,
      { count: 1 },
    ],
    [
      'recoveryCodesLeft(7)',
      TWO_FACTOR_TEXT.recoveryCodesLeft(7),
      TWO_FACTOR_TEXT.recoveryCodesLeftMessage,
      { count: 7 },
    ],
    [
      'resetIntro',
      TWO_FACTOR_TEXT.resetIntro('Ada Obi'),
      TWO_FACTOR_TEXT.resetIntroMessage,
      { name: 'Ada Obi' },
    ],
    [
      'tooManyBankAccounts',
      WALLET_TEXT.tooManyBankAccounts(10),
      WALLET_TEXT.tooManyBankAccountsMessage,
      { max: 10 },
    ],
    ...(['NIN', 'BVN'] as const).flatMap((kind): Case[] => [
      [
        `nameMismatch(${kind})`,
        VERIFICATION_TEXT.nameMismatch(kind),
        VERIFICATION_TEXT.nameMismatchMessage,
        { kind },
      ],
      [`notFound(${kind})`, VERIFICATION_TEXT.notFound(kind), VERIFICATION_TEXT.notFoundMessage, { kind }],
      [`inUse(${kind})`, VERIFICATION_TEXT.inUse(kind), VERIFICATION_TEXT.inUseMessage, { kind }],
    ]),
    [
      'sentFile',
      MESSAGE_TEXT.sentFile('receipt.pdf'),
      MESSAGE_TEXT.sentFileMessage,
      { filename: 'receipt.pdf' },
    ],
    ...(['transactions:read', 'transactions:write'] as const).map((scope): Case => [
      `missingScope(${scope})`,
      PARTNER_TEXT.missingScope(scope),
      PARTNER_TEXT.missingScopeMessage,
      { scope },
    ]),
    [
      'priceBelowMinimum',
      priceBelowMinimum(100, 'NGN'),
      priceBelowMinimumMessage,
      { min: formatMoney(100, 'NGN') },
    ],
    [
      'priceBelowMinimum(USD)',
      priceBelowMinimum(1, 'USD'),
      priceBelowMinimumMessage,
      { min: formatMoney(1, 'USD') },
    ],
    [
      'priceAboveMaximum',
      priceAboveMaximum(50_000_000, 'NGN'),
      priceAboveMaximumMessage,
      { max: formatMoney(50_000_000, 'NGN') },
    ],
    [
      'priceAboveMaximum(GBP)',
      priceAboveMaximum(50_000, 'GBP'),
      priceAboveMaximumMessage,
      { max: formatMoney(50_000, 'GBP') },
    ],
    ...TRANSACTION_STATUSES.slice(0, 3).map((status): Case => [
      `status toast (${status})`,
      `Transaction status updated to: ${statusInWords(status)}`,
      statusToastTextMessage,
      { status: statusWords(status) },
    ]),
  ];
  it.each(cases)('%s', (_name, fromFunction, message, params) => {
    expect(en(message, params)).toBe(fromFunction);
  });

  it.each(['BASIC', 'ENHANCED', 'PREMIUM'] as const)('LIMIT_TEXT at %s', (level) => {
    const capMinor = 300_000_00;
    const params = { capMinor: `₦${formatNumber(capMinor / 100)}`, level };
    expect(en(LIMIT_TEXT.depositAboveCapMessage, params)).toBe(LIMIT_TEXT.depositAboveCap(capMinor, level));
    expect(en(LIMIT_TEXT.walletCannotHoldMessage, params)).toBe(LIMIT_TEXT.walletCannotHold(capMinor, level));
  });

  it('refundDestinationText', () => {
    expect(
      en(refundDestinationTextMessage, {
        status: 'WALLET',
        method: 'CARD',
        provider: 'paystack',
        reference: 'none',
      }),
    ).toBe(refundDestinationText(null));
    const statuses: ProviderRefundStatus[] = ['PENDING', 'SUCCEEDED', 'FAILED', 'CREDITED_TO_WALLET'];
    for (const status of statuses)
      for (const method of ['CARD', 'BANK_TRANSFER', 'USSD'])
        for (const provider of ['paystack', 'sandbox', 'flutterwave'])
          for (const reference of [null, 'RF_123']) {
            const refund = { status, method, provider, reference };
            expect(
              en(refundDestinationTextMessage, { ...refund, reference: reference ?? 'none' }),
              JSON.stringify(refund),
            ).toBe(refundDestinationText(refund));
          }
  });

  it('partialShareRangeText', () => {
    const cases: Parameters<typeof partialShareRangeText>[] = [
      [100_000_00, 0, 'NGN'],
      [100_000_00, 0, 'NGN', true],
      [100_000_00, 1_250_00, 'NGN'],
      [100_000_00, 1_250_00, 'NGN', true],
      [100_000_00, 0, 'NGN', false, 10_000_00],
      [100_000_00, 1_250_00, 'NGN', false, 10_000_00],
      [100_000_00, 1_250_00, 'USD', true, 10_000_00],
    ];
    for (const args of cases) {
      const { message, params } = partialShareRangeMessage(...args);
      expect(en(message, params), JSON.stringify(args)).toBe(partialShareRangeText(...args));
    }
  });

  it('countdownText and autoReleaseLabel', () => {
    const now = new Date('2026-01-10T10:00:00Z');
    const minute = 60_000;
    for (const ms of [
      -5,
      0,
      30_000,
      minute,
      5 * minute,
      60 * minute,
      61 * minute,
      3 * 60 * minute,
      24 * 60 * minute,
      25 * 60 * minute,
      51 * 60 * minute,
      72 * 60 * minute,
    ]) {
      const until = new Date(now.getTime() + ms);
      const params = countdownParams(until, now);
      expect(en(countdownTextMessage, params), `${ms}`).toBe(countdownText(until, now));
      expect(en(autoReleaseLabelMessage, params), `${ms}`).toBe(autoReleaseLabel(until, now));
    }
  });

  it('tooManyAttemptsText', () => {
    for (const seconds of [null, undefined, 0, -3, Number.NaN, 1, 60, 61, 600]) {
      const minutes = tooManyAttemptsMinutes(seconds);
      const message =
        minutes === null ? en(TOO_MANY_ATTEMPTS_LATER) : en(tooManyAttemptsTextMessage, { minutes });
      expect(message, String(seconds)).toBe(tooManyAttemptsText(seconds));
    }
  });

  it('priceBoundProblem', () => {
    for (const [price, currency] of [
      [50, 'NGN'],
      [500, 'NGN'],
      [60_000_000, 'NGN'],
      [0.5, 'EUR'],
      [60_000, 'USD'],
    ] as const) {
      const problem = priceBoundProblemMessage(price, currency, DEFAULT_PRICE_BOUNDS);
      expect(problem === null ? null : en(problem.message, problem.params)).toBe(
        priceBoundProblem(price, currency),
      );
    }
  });

  it.each(Object.entries(UPLOAD_RULES))('UPLOAD_RULES.%s', (_purpose, rule) => {
    expect(en(rule.notAcceptedMessage, { file: 'photo.heic' })).toBe(rule.notAccepted('photo.heic'));
    expect(en(rule.tooLargeMessage, { file: 'photo.heic' })).toBe(rule.tooLarge('photo.heic'));
  });

  it('computeTrustScore labels', () => {
    for (const n of [1, 3]) {
      const { reasons } = computeTrustScore({
        ninVerified: true,
        bvnVerified: true,
        approvedDocuments: n,
        completedTransactions: n,
        accountAgeDays: 400,
        disputesLost: n,
      });
      expect(reasons.map((r) => r.label)).toEqual([
        'NIN verified',
        'BVN verified',
        en(TRUST_REASON_MESSAGES.approvedDocuments, { count: n }),
        en(TRUST_REASON_MESSAGES.completedTransactions, { count: n }),
        en(TRUST_REASON_MESSAGES.accountAge),
        en(TRUST_REASON_MESSAGES.disputesLost, { count: n }),
      ]);
    }
    expect(TRUST_REASON_MESSAGES.accountAge).toBe(`Account older than ${TRUST_POINTS.accountAgeDays} days`);
  });

  it('the refusals of the state machine name the status as {status}, in words', () => {
    const refusal = decide('COMPLETED', 'PAY', 'BUYER', {
      useCourier: false,
      hasCounterparty: true,
      hasDeliveryDetails: false,
    });
    expect(refusal).toEqual({
      ok: false,
      code: 'ILLEGAL_TRANSITION',
      reason: 'Payment is not possible while the transaction is {status}',
      params: { status: statusWords('COMPLETED') },
    });
    expect(refusal.ok ? '' : en(refusal.reason, refusal.params)).toBe(
      'Payment is not possible while the transaction is completed',
    );
  });

  it.each(TRANSACTION_STATUSES)('STATUS_WORDS_MESSAGE writes %s lower-cased with spaces', (status) => {
    expect(en(STATUS_WORDS_MESSAGE, { status })).toBe(statusInWords(status));
  });
});

describe('limits written out in texts are the constants', () => {
  it.each([
    [TRANSACTION_TEXT.amountTooLarge, `Amount cannot exceed ${formatNumber(MAX_MAJOR_AMOUNT)}`],
    [ASSISTANT_TEXT.tooLong, `Questions must be at most ${ASSISTANT_MESSAGE_MAX} characters`],
    [MESSAGE_TEXT.tooLong, `Message must be at most ${MESSAGE_MAX} characters`],
    [PARTNER_TEXT.tooManyKeys, `You can have at most ${API_KEY_MAX_PER_USER} API keys`],
    [PARTNER_TEXT.metadataKeys, `Metadata can have at most ${PARTNER_METADATA_MAX_KEYS} keys`],
    [PARTNER_TEXT.metadataKey, `Metadata keys must have 1 to ${PARTNER_METADATA_KEY_MAX} characters`],
    [
      PARTNER_TEXT.metadataValue,
      `Metadata values must be text of at most ${PARTNER_METADATA_VALUE_MAX} characters`,
    ],
    [PARTNER_TEXT.commissionTooHigh, `commission must be at most 20% of the price`],
    [WEBHOOK_TEXT.urlTooLong, `A webhook URL can have at most ${WEBHOOK_URL_MAX} characters`],
    [WEBHOOK_TEXT.tooMany, `You can have at most ${WEBHOOK_MAX_ENDPOINTS} webhook endpoints`],
    [
      VERIFICATION_TEXT.tooManyAttempts,
      `You have reached the limit of ${IDENTITY_DAILY_ATTEMPTS} verification attempts today. Please try again tomorrow`,
    ],
    [DISPUTE_TEXT.reasonTooLong, `Reason must be at most ${DISPUTE_REASON_MAX} characters`],
    [DISPUTE_TEXT.descriptionTooLong, `Description must be at most ${DISPUTE_DESCRIPTION_MAX} characters`],
    [DISPUTE_TEXT.evidenceLimit, `A dispute can have at most ${EVIDENCE_MAX_FILES} pieces of evidence`],
    [INSPECTION_TEXT.extensionRange, `Extend by 1 to ${MAX_INSPECTION_EXTENSION_DAYS} days`],
    [MILESTONE_TEXT.count, `Add between ${MIN_MILESTONES} and ${MAX_MILESTONES} milestones`],
    [
      FEE_ESTIMATE_NOTE,
      `This is an estimate from our risk model. The fee actually charged on a transaction is the flat ${TRANSACTION_FEE_PERCENT}% of the price.`,
    ],
    [HANDOVER_TEXT.lockedMessageMessage.split(' ')[0], String(HANDOVER_MAX_WRONG_CODES)],
  ])('%s', (text, fromConstant) => {
    expect(text).toBe(fromConstant);
  });

  it('the commission limit is MAX_COMMISSION_PERCENT', async () => {
    const { MAX_COMMISSION_PERCENT } = await import('../domain/commission.ts');
    expect(PARTNER_TEXT.commissionTooHigh).toBe(
      `commission must be at most ${MAX_COMMISSION_PERCENT}% of the price`,
    );
  });

  it('the identity notices name the provider', () => {
    expect(IDENTITY_CHECK_NOTICES.NIN.sent).toContain(`our identity provider (${IDENTITY_PROVIDER_NAME})`);
    expect(IDENTITY_CHECK_NOTICES.BVN.sent).toContain(`our identity provider (${IDENTITY_PROVIDER_NAME})`);
  });
});

/** The message of the first issue at `path` when `schema` parses `input`. */
function issueAt(schema: z.ZodType, input: unknown, path: string): string | undefined {
  const result = schema.safeParse(input);
  return result.success
    ? undefined
    : result.error.issues.find((issue) => issue.path.join('.') === path)?.message;
}

describe('validation messages written out are the texts they were built from', () => {
  const clock = { now: () => new Date('2026-01-10T10:00:00Z') };
  const long = (max: number) => 'x'.repeat(max + 1);

  it('transaction fields: TRANSACTION_TEXT.tooLong(field, max)', () => {
    const draft = transactionDraftSchemaFor(clock);
    const fields: [path: string, field: string, max: number][] = [
      ['description', 'Description', 2000],
      ['itemBrand', 'Brand', 100],
      ['itemModel', 'Model', 100],
      ['itemSize', 'Size', 100],
      ['itemColor', 'Colour', 100],
      ['itemDimensions', 'Dimensions', 200],
      ['itemSerialNumber', 'Serial number', 100],
      ['itemWarranty', 'Warranty', 500],
      ['itemOrigin', 'Country of origin', 100],
      ['itemAge', 'Age/usage', 200],
      ['specialInstructions', 'Special instructions', 2000],
      ['returnPolicy', 'Return policy', 2000],
      ['specificRequirements', 'Specific requirements', 2000],
      ['transactionTerms', 'Transaction terms', 5000],
    ];
    const input = Object.fromEntries(fields.map(([path, , max]) => [path, long(max)]));
    for (const [path, field, max] of fields)
      expect(issueAt(draft, input, path), path).toBe(TRANSACTION_TEXT.tooLong(field, max));
    const milestones = { milestones: [{ title: long(120), description: long(1000), amount: 1 }] };
    expect(issueAt(draft, milestones, 'milestones.0.title')).toBe(
      TRANSACTION_TEXT.tooLong('Milestone title', 120),
    );
    expect(issueAt(draft, milestones, 'milestones.0.description')).toBe(
      TRANSACTION_TEXT.tooLong('Milestone description', 1000),
    );

    const delivery: [string, string, number][] = [
      ['fullName', 'Full name', 120],
      ['phoneNumber', 'Phone number', 30],
      ['address', 'Address', 300],
      ['city', 'City', 100],
      ['zipCode', 'ZIP code', 20],
      ['specialInstructions', 'Special instructions', 1000],
    ];
    const deliveryInput = Object.fromEntries(delivery.map(([path, , max]) => [path, long(max)]));
    for (const [path, field, max] of delivery)
      expect(issueAt(deliveryDetailsSchema, deliveryInput, path), path).toBe(
        TRANSACTION_TEXT.tooLong(field, max),
      );

    const shipment: [string, string, number][] = [
      ['trackingNumber', 'Tracking number', 100],
      ['packagingDetails', 'Packaging details', 1000],
      ['additionalNotes', 'Additional notes', 2000],
    ];
    const shipmentInput = Object.fromEntries(shipment.map(([path, , max]) => [path, long(max)]));
    for (const [path, field, max] of shipment)
      expect(issueAt(shipmentDataSchemaFor(clock, false), shipmentInput, path), path).toBe(
        TRANSACTION_TEXT.tooLong(field, max),
      );

    const deliver = deliverMilestoneBodySchemaFor(clock);
    expect(issueAt(deliver, { note: long(2000) }, 'note')).toBe(
      TRANSACTION_TEXT.tooLong('Delivery note', 2000),
    );
    const files = Array.from(
      { length: MILESTONE_FILES_MAX + 1 },
      () => '0190a5a2-5c1e-7000-8000-000000000000',
    );
    expect(issueAt(deliver, { note: 'ok', files }, 'files')).toBe(
      `You can attach at most ${MILESTONE_FILES_MAX} files`,
    );
    expect(
      issueAt(
        confirmPaymentSchema,
        { paymentMethod: 'CARD', paymentReference: long(100) },
        'paymentReference',
      ),
    ).toBe(TRANSACTION_TEXT.tooLong('Payment reference', 100));
    expect(issueAt(cancelTransactionSchema, { reason: long(500) }, 'reason')).toBe(
      TRANSACTION_TEXT.tooLong('Reason', 500),
    );
  });

  it('vendor fields: VENDOR_TEXT.tooLong(field, max)', () => {
    const input = { businessName: long(100), description: long(1000) };
    expect(issueAt(vendorProfileFormSchema, input, 'businessName')).toBe(
      VENDOR_TEXT.tooLong('Business name', 100),
    );
    expect(issueAt(vendorProfileFormSchema, input, 'description')).toBe(
      VENDOR_TEXT.tooLong('Description', 1000),
    );
    expect(issueAt(vendorListQuerySchema, { q: long(100) }, 'q')).toBe(VENDOR_TEXT.tooLong('Search', 100));
  });

  it('identity fields', () => {
    const nin = ninFormSchemaFor(clock);
    for (const [schema, kind] of [
      [nin, 'NIN'],
      [bvnFormSchema, 'BVN'],
    ] as const) {
      const field = kind.toLowerCase();
      expect(issueAt(schema, {}, field)).toBe(`${kind} is required`);
      expect(issueAt(schema, { [field]: '' }, field)).toBe(`${kind} is required`);
      expect(issueAt(schema, { [field]: '123456789012' }, field)).toBe(
        `${kind} must be at most ${IDENTITY_NUMBER_LENGTH} characters`,
      );
      expect(issueAt(schema, { [field]: '12345' }, field)).toBe(
        `${kind} must be exactly ${IDENTITY_NUMBER_LENGTH} digits`,
      );
      for (const [path, label] of [
        ['firstName', 'First name'],
        ['lastName', 'Last name'],
      ] as const) {
        expect(issueAt(schema, {}, path)).toBe(`${label} is required`);
        expect(issueAt(schema, { [path]: long(100) }, path)).toBe(`${label} must be at most 100 characters`);
      }
    }
  });

  it('test card fields', () => {
    for (const [path, label, min, max] of [
      ['cardNumber', 'Card number', 12, 19],
      ['cvv', 'CVV', 3, 4],
    ] as const) {
      expect(issueAt(testCardPaymentSchema, { method: 'CARD' }, path)).toBe(`${label} is required`);
      expect(issueAt(testCardPaymentSchema, { method: 'CARD', [path]: '12a' }, path)).toBe(
        `${label} must contain digits only`,
      );
      expect(issueAt(testCardPaymentSchema, { method: 'CARD', [path]: '1'.repeat(min - 1) }, path)).toBe(
        `${label} must be at least ${min} digits`,
      );
      expect(issueAt(testCardPaymentSchema, { method: 'CARD', [path]: '1'.repeat(max + 1) }, path)).toBe(
        `${label} must be at most ${max} digits`,
      );
    }
  });

  it('dispute, message and partner limits', async () => {
    const { DISPUTE_MESSAGE_MAX, RESOLUTION_REASON_MAX } = await import('../domain/disputes.ts');
    expect(issueAt(disputeMessageBodySchema, { content: long(DISPUTE_MESSAGE_MAX) }, 'content')).toBe(
      `Message must be at most ${DISPUTE_MESSAGE_MAX} characters`,
    );
    const reason = `Reason must be at most ${RESOLUTION_REASON_MAX} characters`;
    expect(issueAt(proposeResolutionFields, { reason: long(RESOLUTION_REASON_MAX) }, 'reason')).toBe(reason);
    expect(issueAt(rejectResolutionSchema, { reason: long(RESOLUTION_REASON_MAX) }, 'reason')).toBe(reason);
    expect(issueAt(escalateDisputeSchema, { reason: long(RESOLUTION_REASON_MAX) }, 'reason')).toBe(reason);
    const attachmentIds = Array.from(
      { length: MESSAGE_ATTACHMENTS_MAX + 1 },
      () => '0190a5a2-5c1e-7000-8000-000000000000',
    );
    expect(issueAt(sendMessageSchema, { attachmentIds }, 'attachmentIds')).toBe(
      `At most ${MESSAGE_ATTACHMENTS_MAX} attachments per message`,
    );
    expect(
      issueAt(
        partnerCreateTransactionSchemaFor(clock),
        { reference: long(PARTNER_REFERENCE_MAX) },
        'reference',
      ),
    ).toBe(`reference must be at most ${PARTNER_REFERENCE_MAX} characters`);
    expect(issueAt(partnerCreateTransactionSchemaFor(clock), { seller: {} }, 'seller.email')).toBe(
      'Seller e-mail is required',
    );
  });
});
