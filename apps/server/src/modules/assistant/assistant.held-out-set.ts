import type { TransactionListItem } from '@escrow/shared/schemas/transactions';
import type { Wallet } from '@escrow/shared/schemas/wallet';

/**
 * The held-out evaluation set (docs/assistant.md "Evaluation"): questions a Nigerian buyer or seller
 * would type, in English, Nigerian English and Pidgin, typos included, that the matching code was NOT
 * written against. It was written and committed before any tuning, and is never tuned on: when a question
 * here is missed, add phrasings of that intent to the intent table (never these), and add new held-out
 * questions in a later, separately committed change. `assistant.held-out.test.ts` asks every question and
 * requires 90% right.
 *
 * `expect` is where the answer must lead, per docs/assistant.md: the page its button opens, or
 * 'not-sure' for the honest low-confidence answer ("I'm not sure", no button, how to reach support), or
 * 'support' for the answer to a request for support itself (no button, the support address).
 *
 * Questions about the asker's own money are asked by HELD_OUT_ASKER below (their wallet and their own
 * transactions); a question about one named trade must open that trade.
 */
export type HeldOutExpectation = `/app/${string}` | 'not-sure' | 'support';
export type HeldOutQuestion = { question: string; expect: HeldOutExpectation };

const ANKARA = '0193a6c1-5d2e-7c41-9a10-4f2b8e0a1001';
const SAMSUNG = '0193a6c1-5d2e-7c41-9a10-4f2b8e0a1002';
const CHAIRS = '0193a6c1-5d2e-7c41-9a10-4f2b8e0a1003';
const LOGO = '0193a6c1-5d2e-7c41-9a10-4f2b8e0a1004';

const trade = (
  item: Pick<TransactionListItem, 'id' | 'description' | 'price' | 'status' | 'viewerRole'> & {
    other: string;
    autoReleaseAt?: string;
    createdAt: string;
  },
): TransactionListItem => {
  const fee = Math.round(item.price * 2.5) / 100;
  return {
    id: item.id,
    description: item.description,
    currency: 'NGN',
    price: item.price,
    fee,
    total: item.price + fee,
    useCourier: true,
    status: item.status,
    creatorId: 'asker',
    creatorName: 'Ngozi Eze',
    creatorRole: item.viewerRole,
    counterpartyId: `other-${item.id.slice(-4)}`,
    counterpartyName: item.other,
    viewerRole: item.viewerRole,
    autoReleaseAt: item.autoReleaseAt ?? null,
    createdAt: item.createdAt,
    updatedAt: item.createdAt,
  };
};

/**
 * The asker: BASIC level, ₦48,700 available of which ₦28,700 is today's full refund of the Ankara fabric
 * (paid from the wallet, refunded to it after a dispute), ₦20,000 already withdrawn today.
 */
export const HELD_OUT_ASKER = {
  wallet: {
    balance: 48_700,
    currency: 'NGN',
    pendingEscrow: 317_750,
    totalDeposits: 400_000,
    totalWithdrawals: 20_000,
    transactionCount: 9,
    transactionCountCapped: false,
    verificationLevel: 'BASIC',
    limits: { dailyWithdrawal: 50_000, withdrawnToday: 20_000, maxBalance: 300_000 },
    withdrawalFee: 50,
    provider: 'sandbox',
    testMode: true,
  } satisfies Wallet,
  /** Refunds credited to the wallet since 00:00 today (Lagos): exempt from the daily limit. */
  refundedToday: 28_700,
  transactions: [
    trade({
      id: ANKARA,
      description: 'Ankara fabric, 6 yards x 3 pieces',
      price: 28_000,
      status: 'CANCELLED',
      viewerRole: 'BUYER',
      other: 'Halima Musa',
      createdAt: '2026-11-18T09:12:00.000Z',
    }),
    trade({
      id: SAMSUNG,
      description: 'Samsung Galaxy A54, 256GB',
      price: 310_000,
      status: 'WAITING_FOR_BUYER_CONFIRMATION',
      viewerRole: 'BUYER',
      other: 'Emeka Obi',
      autoReleaseAt: '2026-11-29T10:00:00.000Z',
      createdAt: '2026-11-17T15:40:00.000Z',
    }),
    trade({
      id: CHAIRS,
      description: 'Office chairs (x4)',
      price: 96_000,
      status: 'WAITING_FOR_SHIPMENT',
      viewerRole: 'SELLER',
      other: 'Tunde Bakare',
      createdAt: '2026-11-15T11:05:00.000Z',
    }),
    trade({
      id: LOGO,
      description: 'Logo design for my bakery',
      price: 45_000,
      status: 'COMPLETED',
      viewerRole: 'SELLER',
      other: 'Aisha Bello',
      createdAt: '2026-11-02T08:30:00.000Z',
    }),
  ],
  /** What each trade credited to the asker's wallet (the ledger's ESCROW_REFUND / ESCROW_RELEASE). */
  walletCredits: {
    [ANKARA]: [{ kind: 'ESCROW_REFUND', amount: 28_700, at: '2026-11-26T08:15:00.000Z' }],
    [LOGO]: [{ kind: 'ESCROW_RELEASE', amount: 45_000, at: '2026-11-09T12:00:00.000Z' }],
  } as Record<string, { kind: 'ESCROW_REFUND' | 'ESCROW_RELEASE'; amount: number; at: string }[]>,
};

export const HELD_OUT_SET: HeldOutQuestion[] = [
  // The seven questions reported before either set was written, as reported.
  { question: 'I wan report this seller', expect: '/app/disputes' },
  { question: 'I want to report a seller for fraud', expect: '/app/disputes' },
  { question: 'how to report a seller who no send my goods', expect: '/app/disputes' },
  { question: 'Is my money safe? what if una run away with am', expect: '/app/create-transaction' },
  {
    question: 'how much will it cost me to buy a car of 4.5 million naira through escrow',
    expect: '/app/escrow-calculator',
  },
  { question: 'where is my money for the ankara fabric?', expect: `/app/transactions/${ANKARA}` },
  { question: 'What is my balance', expect: '/app/wallet' },

  // The asker's own money and trades.
  { question: 'how much I fit withdraw today', expect: '/app/wallet' },
  { question: 'abeg check how much remain for my wallet', expect: '/app/wallet' },
  { question: 'my ankara money, e don enter my wallet?', expect: `/app/transactions/${ANKARA}` },
  {
    question: 'what happened to the money i paid for the samsung phone',
    expect: `/app/transactions/${SAMSUNG}`,
  },
  { question: 'has the buyer paid for the office chairs', expect: `/app/transactions/${CHAIRS}` },
  { question: 'when will I get paid for the logo design', expect: `/app/transactions/${LOGO}` },

  // Wallet.
  { question: 'pls how do i withdrw my funds to opay', expect: '/app/wallet' },
  { question: 'I don deposit but e never show for my wallet', expect: '/app/wallet' },
  { question: 'how long does withdrawal take to hit my account', expect: '/app/wallet' },
  { question: 'can i fund my wallet with bank transfer', expect: '/app/wallet' },
  { question: 'is there charges for withdrawing', expect: '/app/wallet' },
  { question: 'how much be the maximum wey I fit keep for wallet', expect: '/app/wallet' },

  // Fees.
  { question: 'what is your percentage for a 200k item', expect: '/app/escrow-calculator' },
  { question: 'who dey pay the charges, me or the seller', expect: '/app/escrow-calculator' },
  { question: 'do you people charge for using escrow', expect: '/app/escrow-calculator' },
  {
    question: 'how much will the buyer pay in total for 80,000 naira shoe',
    expect: '/app/escrow-calculator',
  },

  // Disputes.
  { question: 'seller sent me an empty box', expect: '/app/disputes' },
  { question: 'the shoe wey I buy no fit me, na different size dem send', expect: '/app/disputes' },
  { question: 'buyer has the goods but he is saying he didnt receive it', expect: '/app/disputes' },
  { question: 'I want to open a case against this vendor', expect: '/app/disputes' },
  { question: 'na fake iphone them give me, I want refund', expect: '/app/disputes' },
  { question: 'how long does it take admin to decide a dispute', expect: '/app/disputes' },

  // Verification.
  { question: 'how do I verify my nin', expect: '/app/verification' },
  { question: 'my BVN verification keeps failing, name mismatch', expect: '/app/verification' },
  { question: 'wetin I need to become premium user', expect: '/app/verification' },
  { question: 'can I use voters card for verification', expect: '/app/verification' },
  { question: 'I wan increase my limit abeg', expect: '/app/verification' },

  // Starting a trade, buying and selling safely.
  {
    question: 'how do I sell my generator to someone in Port Harcourt without being scammed',
    expect: '/app/create-transaction',
  },
  {
    question: 'I want to buy a laptop from a guy on twitter, how do I protect myself',
    expect: '/app/create-transaction',
  },
  { question: 'how does amana hold the money', expect: '/app/create-transaction' },
  {
    question: 'vendor say make I pay into his personal account, is it ok',
    expect: '/app/create-transaction',
  },
  { question: 'how I go start transaction as buyer', expect: '/app/create-transaction' },

  // Joining.
  { question: 'my seller sent me a link, how do I join', expect: '/app/join-transaction' },
  { question: 'the invite code says invalid', expect: '/app/join-transaction' },
  { question: 'where do i paste the code wey dem give me', expect: '/app/join-transaction' },

  // The steps of a trade.
  { question: 'how do I confirm say I don receive the goods', expect: '/app/transactions' },
  { question: 'how I go put tracking number', expect: '/app/transactions' },
  { question: 'can the buyer pay with card', expect: '/app/transactions' },
  { question: 'how many days before the money release automatically', expect: '/app/transactions' },
  { question: 'I made a mistake creating a transaction, how do I cancel it', expect: '/app/transactions' },
  { question: 'how do I give the seller my address for delivery', expect: '/app/transactions' },

  // Messages, notifications, profile, vendors.
  { question: 'where I go see message wey buyer send me', expect: '/app/messages' },
  { question: 'can I send pictures to the seller in chat', expect: '/app/messages' },
  { question: 'I no dey get email when something happen', expect: '/app/notifications' },
  { question: 'how do I reset my password', expect: '/app/profile' },
  { question: 'change my email address', expect: '/app/profile' },
  { question: 'I want to become a vendor on amana', expect: '/app/vendor' },
  { question: 'find me a trusted phone seller in lagos', expect: '/app/vendor' },

  // Support itself.
  { question: 'how can I speak to a human', expect: 'support' },
  { question: 'abeg give me your customer care email', expect: 'support' },

  // Nothing the assistant knows: the honest answer, not a confident wrong one.
  { question: 'what is the weather in lagos today', expect: 'not-sure' },
  { question: 'can you recommend a good restaurant in abuja', expect: 'not-sure' },
  { question: 'who win the match yesterday', expect: 'not-sure' },
  { question: 'asdfgh jkl qwerty', expect: 'not-sure' },
  { question: 'can you lend me 20k till month end', expect: 'not-sure' },
  { question: 'do you people sell crypto or forex', expect: 'not-sure' },
  { question: 'tell me a joke', expect: 'not-sure' },
];
