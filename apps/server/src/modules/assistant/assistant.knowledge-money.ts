import { msg } from '@escrow/shared/i18n/msg';
import { answerWith, type KnowledgeEntry } from './assistant.knowledge-types.ts';

/** Fees, the wallet, limits and verification. */
export const MONEY_KNOWLEDGE: KnowledgeEntry[] = [
  {
    id: 'fees-overview',
    topic: 'calculator',
    questions: ['What are the fees?', 'How much does Amana charge?'],
    keywords: 'fee fees charge charges cost price percent percentage commission service',
    answer: answerWith(
      msg(
        'Amana charges a {feePercent} escrow fee on each transaction. By default it is added to the price: the buyer pays the price plus the fee and the seller receives the full price. When creating the transaction you can choose instead that the seller pays it (taken from what the seller receives) or that you split it 50/50. Withdrawing from your wallet to a bank costs {withdrawalFee} per withdrawal. There are no other charges. The fee calculator shows the fee and total for any amount.',
      ),
    ),
    suggestions: [
      msg('Who pays the escrow fee?'),
      msg('How do I withdraw funds?'),
      msg('How do I create a transaction?'),
    ],
  },
  {
    id: 'fee-who-pays',
    topic: 'calculator',
    questions: ['Who pays the escrow fee?', 'Does the seller pay any fee?'],
    keywords: 'fee buyer seller pays pay who split total',
    answer: answerWith(
      msg(
        'Whoever creates the transaction chooses, and the other party sees it before joining. By default the buyer pays the {feePercent} fee on top of the price and the seller receives the full price. If the seller pays, the buyer pays just the price and the seller receives the price less the fee. With a 50/50 split each pays half (the buyer takes the odd kobo). It cannot change once the other party has joined.',
      ),
    ),
    suggestions: [msg('What are the fees?'), msg('How do I create a transaction?')],
  },
  {
    id: 'fee-calculate',
    topic: 'calculator',
    questions: ['How do I calculate the fee for my trade?', 'Is there a fee calculator?'],
    keywords: 'calculate calculator estimate quote total amount work out compute',
    answer: answerWith(
      msg(
        'Open the fee calculator and enter the amount and details of the trade. It shows a risk-based estimate, and reminds you that the fee actually charged on every transaction is the flat {feePercent} of the price, paid by the buyer, the seller or both half each, as chosen at creation.',
      ),
    ),
    suggestions: [msg('What are the fees?'), msg('Who pays the escrow fee?')],
  },
  {
    id: 'fee-refund',
    topic: 'disputes',
    questions: ['Do I get the fee back if the trade is refunded?'],
    keywords: 'fee refund refunded back return cancelled',
    answer: answerWith(
      msg(
        'A full refund from a dispute returns everything the buyer paid, the {feePercent} fee included. After a partial refund or a release the fee is kept. A transaction cancelled before payment costs nothing, since nothing was paid.',
      ),
    ),
    suggestions: [msg('How do I resolve a dispute?'), msg('How do I cancel a transaction?')],
  },
  {
    id: 'withdraw',
    topic: 'wallet',
    questions: ['How do I withdraw funds?', 'How do I move money from my wallet to my bank account?'],
    keywords: 'withdraw withdrawal payout bank transfer cash out send money account',
    answer: answerWith(
      msg(
        'Open your wallet and choose Withdraw Funds. Pick one of your saved Nigerian bank accounts (or add one: we confirm the account name with the bank), enter the amount and confirm. A withdrawal costs {withdrawalFee}, charged on top of the amount. It is sent at once through our payment provider and shows as pending until the bank confirms; if the bank refuses it, the amount and the fee come back to your wallet.',
      ),
    ),
    suggestions: [
      msg('What is the withdrawal fee?'),
      msg('How much can I withdraw per day?'),
      msg('What is my balance?'),
    ],
  },
  {
    id: 'withdrawal-fee',
    topic: 'wallet',
    questions: ['What is the withdrawal fee?'],
    keywords: 'withdrawal fee cost charge bank payout',
    answer: answerWith(
      msg(
        'Each withdrawal to a bank costs {withdrawalFee}, added on top of the amount you withdraw. Your balance must cover both.',
      ),
    ),
    suggestions: [msg('How do I withdraw funds?'), msg('What are the fees?')],
  },
  {
    id: 'withdrawal-pending',
    topic: 'wallet',
    questions: ['My withdrawal is pending, when will it arrive?', 'My withdrawal failed, what happens?'],
    keywords: 'withdrawal pending delay late arrive arrived failed reversed bank yet',
    answer: answerWith(
      msg(
        'A withdrawal is sent to your bank at once and stays pending until the bank confirms it. We check pending withdrawals with the payment provider regularly. If the transfer fails, the amount and the fee are returned to your wallet automatically, and you get a notification either way.',
      ),
    ),
    suggestions: [msg('How do I withdraw funds?'), msg('What is my balance?')],
  },
  {
    id: 'deposit',
    topic: 'wallet',
    questions: ['How do I deposit money into my wallet?', 'How do I fund my wallet?'],
    keywords: 'deposit fund top up add money wallet load credit',
    answer: answerWith(
      msg(
        'Open your wallet and choose Deposit Funds, enter the amount and pay by card or bank transfer through our payment provider. The money is in your wallet as soon as the provider confirms it. Your balance after a deposit is limited by your verification level (BASIC: {basicCap, select, none {no balance cap} other {a balance of up to {basicCap}}}; ENHANCED: {enhancedCap, select, none {no balance cap} other {a balance of up to {enhancedCap}}}; PREMIUM: {premiumCap, select, none {no balance cap} other {a balance of up to {premiumCap}}}).',
      ),
    ),
    suggestions: [msg('What are the wallet limits?'), msg('How do I verify my identity?')],
  },
  {
    id: 'wallet-overview',
    topic: 'wallet',
    questions: ['What is the wallet for?', 'What does in escrow mean in my wallet?'],
    keywords: 'wallet balance escrow pending history statement available',
    answer: answerWith(
      msg(
        'Your wallet holds money you can use to pay for trades or withdraw to your bank. It shows your available balance, the money you have paid into escrow that is not yet released, your deposits and withdrawals, and a history of every movement.',
      ),
    ),
    suggestions: [
      msg('What is my balance?'),
      msg('How do I deposit money?'),
      msg('How do I withdraw funds?'),
    ],
  },
  {
    id: 'daily-withdrawal-limit',
    topic: 'wallet',
    questions: ['How much can I withdraw per day?', 'What is the daily withdrawal limit?'],
    keywords: 'limit limits daily maximum withdraw withdrawal per day much',
    answer: answerWith(
      msg(
        'Withdrawals per day (Lagos time) depend on your verification level: BASIC {basicDaily}, ENHANCED (NIN verified) {enhancedDaily}, PREMIUM (BVN verified) {premiumDaily}. Refunded money can be withdrawn the same day whatever the limit. Verify your identity to raise it.',
      ),
    ),
    suggestions: [msg('How do I raise my limits?'), msg('How do I withdraw funds?')],
  },
  {
    id: 'wallet-limits',
    topic: 'wallet',
    questions: ['What are the wallet limits?', 'Is there a maximum balance?'],
    keywords: 'limits limit maximum balance cap tier level deposit withdrawal',
    answer: answerWith(
      msg(
        'Limits apply to deposits and withdrawals only, never to payments into escrow, releases or refunds. BASIC: {basicDaily} of withdrawals a day and {basicCap, select, none {no balance cap} other {a balance of up to {basicCap}}}. ENHANCED (NIN): {enhancedDaily} a day and {enhancedCap, select, none {no balance cap} other {a balance of up to {enhancedCap}}}. PREMIUM (BVN): {premiumDaily} a day and {premiumCap, select, none {no balance cap} other {a balance of up to {premiumCap}}}.',
      ),
    ),
    suggestions: [msg('How do I raise my limits?'), msg('How much can I withdraw per day?')],
  },
  {
    id: 'raise-limits',
    topic: 'verification',
    questions: ['How do I raise my limits?', 'How can I upgrade my account level?'],
    keywords: 'raise increase upgrade higher limits level tier premium enhanced',
    answer: answerWith(
      msg(
        'Verify your identity. Verifying your NIN moves you to ENHANCED ({enhancedDaily} of withdrawals a day), verifying your BVN to PREMIUM ({premiumDaily} a day and {premiumCap, select, none {no balance cap} other {a balance of up to {premiumCap}}}).',
      ),
    ),
    suggestions: [msg('How do I verify my identity?'), msg('What are the wallet limits?')],
  },
  {
    id: 'verify-identity',
    topic: 'verification',
    questions: ['How do I verify my identity?', 'How does verification work?'],
    keywords: 'verify verification identity kyc nin bvn document id verified confirm',
    answer: answerWith(
      msg(
        'Open the verification page. Enter your NIN (11 digits) with your name and date of birth to reach the ENHANCED level, or your BVN (11 digits) with your name and phone number for PREMIUM. You can also upload a document (driver’s licence, passport, utility bill or bank statement). A higher level raises your wallet limits and your trust with other traders.',
      ),
    ),
    suggestions: [msg('What are the wallet limits?'), msg('Why should I verify my BVN?')],
  },
  {
    id: 'verify-bvn',
    topic: 'verification',
    questions: ['Why should I verify my BVN?', 'Is it safe to give my BVN or NIN?'],
    keywords: 'bvn nin safe secure why share number premium enhanced privacy',
    answer: answerWith(
      msg(
        'Your BVN or NIN is used only to confirm who you are; it never gives anyone access to your bank account. Verifying your BVN makes you PREMIUM: {premiumDaily} of withdrawals a day and {premiumCap, select, none {no balance cap} other {a balance of up to {premiumCap}}}, and buyers and sellers see you as a verified trader.',
      ),
    ),
    suggestions: [msg('How do I verify my identity?'), msg('How do I raise my limits?')],
  },
  {
    id: 'verification-documents',
    topic: 'verification',
    questions: ['Which documents can I upload for verification?'],
    keywords: 'document documents upload passport licence license utility bill bank statement',
    answer: answerWith(
      msg(
        'On the verification page you can upload a driver’s licence, a passport, a utility bill or a bank statement, as an image or a PDF of up to {documentSize}, with its document number. Our team reviews it.',
      ),
    ),
    suggestions: [msg('How do I verify my identity?')],
  },
  {
    id: 'payment-methods',
    topic: 'transactions',
    questions: ['How can the buyer pay?', 'Can I pay with my card or by bank transfer?'],
    keywords: 'pay payment method card bank transfer wallet paystack how',
    answer: answerWith(
      msg(
        'The buyer pays the price plus the {feePercent} fee from their Amana wallet, by card, or by bank transfer through our payment provider. The money goes straight into escrow for that transaction. If it is refunded later, it goes back the way it came.',
      ),
    ),
    suggestions: [msg('What are the fees?'), msg('How do I create a transaction?')],
  },
];
