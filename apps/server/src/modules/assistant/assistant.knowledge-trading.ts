import { msg } from '@escrow/shared/i18n/msg';
import { answerWith, type KnowledgeEntry } from './assistant.knowledge-types.ts';

/** A trade from start to finish: creating, joining, paying, shipping, inspecting, cancelling, disputing. */
export const TRADING_KNOWLEDGE: KnowledgeEntry[] = [
  {
    id: 'what-is-escrow',
    topic: 'create',
    questions: ['What is escrow?', 'How does Amana work?'],
    keywords: 'escrow work works about explain platform protect middle hold safe',
    answer: answerWith(
      msg(
        'Escrow means we hold the buyer’s payment until the buyer confirms they received what was agreed. The seller creates or joins a transaction, the buyer pays into escrow, the seller ships, the buyer inspects and confirms, and only then is the money released to the seller. If something goes wrong either party can raise a dispute, which freezes the money until it is settled.',
      ),
    ),
    suggestions: [
      msg('How do I create a transaction?'),
      msg('What are the fees?'),
      msg('How do I resolve a dispute?'),
    ],
  },
  {
    id: 'create-transaction',
    topic: 'create',
    questions: ['How do I create a transaction?', 'How do I start a new trade?'],
    keywords: 'create start new open begin transaction trade deal set up',
    answer: answerWith(
      msg(
        'Choose Create Transaction, say whether you are the buyer or the seller, describe the item, set the price and delivery, and review. You get an invitation link and code to send to the other party; it is valid for {invitationDays} days. The trade starts when they join.',
      ),
    ),
    suggestions: [
      msg('How do I join a transaction?'),
      msg('What are the fees?'),
      msg('How do I sell safely?'),
    ],
  },
  {
    id: 'sell-safely',
    topic: 'create',
    questions: ['How do I sell safely?', 'As a seller, how do I know the buyer’s money is really there?'],
    keywords: 'sell seller selling vendor get paid guarantee business customer',
    answer: answerWith(
      msg(
        'Create a transaction as the seller and invite your buyer. Ship only once the transaction shows the buyer’s payment is held in escrow: the money is then reserved for you and is released when the buyer confirms receipt, or automatically after the inspection period.',
      ),
    ),
    suggestions: [msg('How do I create a transaction?'), msg('When is the money released to the seller?')],
  },
  {
    id: 'buy-safely',
    topic: 'create',
    questions: [
      'How do I buy safely online?',
      'How do I protect myself when buying from someone I do not know?',
    ],
    keywords: 'buy buyer buying purchase safely protect trust stranger online instagram',
    answer: answerWith(
      msg(
        'Pay through an Amana transaction instead of paying the seller directly. Your money stays in escrow until you confirm that you received the item as described; if it does not arrive or is not as described, raise a dispute before confirming and the money stays frozen.',
      ),
    ),
    suggestions: [msg('How do I create a transaction?'), msg('How do I resolve a dispute?')],
  },
  {
    id: 'join-transaction',
    topic: 'join',
    questions: ['How do I join a transaction?', 'Someone sent me an invitation link, what do I do?'],
    keywords: 'join invitation invite link code accept received sent',
    answer: answerWith(
      msg(
        'Open the invitation link you were sent, or go to Join Transaction and enter the invitation code. Review the details and join as the other party. Invitations expire after {invitationDays} days; a transaction nobody joined by then is cancelled.',
      ),
    ),
    suggestions: [msg('How do I create a transaction?'), msg('What are the fees?')],
  },
  {
    id: 'invite-expired',
    topic: 'join',
    questions: ['My invitation code does not work', 'The invitation expired, what now?'],
    keywords: 'invitation code invalid expired wrong work link',
    answer: answerWith(
      msg(
        'An invitation is valid for {invitationDays} days and only until someone joins. Check the code letter by letter on the Join Transaction page; if it has expired, ask the other party to create a new transaction.',
      ),
    ),
    suggestions: [msg('How do I join a transaction?')],
  },
  {
    id: 'delivery-details',
    topic: 'transactions',
    questions: ['How do I give my delivery address?', 'How does shipping work?'],
    keywords: 'shipping delivery address courier ship send deliver logistics dispatch',
    answer: answerWith(
      msg(
        'When a trade uses a courier, the buyer gives the delivery address (in Nigeria) on the transaction before paying. After payment the seller ships and confirms the shipment with photos of the item, plus the courier and tracking number when there is one. You follow each step on the transaction.',
      ),
    ),
    suggestions: [
      msg('How do I confirm I received my item?'),
      msg('When is the money released to the seller?'),
    ],
  },
  {
    id: 'confirm-shipment',
    topic: 'transactions',
    questions: ['I am the seller, how do I confirm shipment?'],
    keywords: 'confirm shipment shipped seller tracking photo courier dispatch',
    answer: answerWith(
      msg(
        'Open the transaction once the buyer has paid and choose Confirm Shipment. Add at least one photo of the item and, if a courier carries it, the courier and tracking number. The buyer is told at once and the inspection countdown starts.',
      ),
    ),
    suggestions: [msg('How long does the buyer have to inspect the item?')],
  },
  {
    id: 'confirm-receipt',
    topic: 'transactions',
    questions: ['How do I confirm I received my item?', 'How do I release the money to the seller?'],
    keywords: 'confirm receipt received release pay seller checklist satisfied done',
    answer: answerWith(
      msg(
        'Open the transaction and choose Confirm Receipt. Tick the checklist to confirm the item arrived, matches the description and works; the money is then released to the seller at once. Do not confirm if something is wrong: raise a dispute instead.',
      ),
    ),
    suggestions: [
      msg('How do I resolve a dispute?'),
      msg('How long does the buyer have to inspect the item?'),
    ],
  },
  {
    id: 'inspection-window',
    topic: 'transactions',
    questions: [
      'How long does the buyer have to inspect the item?',
      'When is the money released to the seller?',
    ],
    keywords:
      'inspection inspect period window automatic automatically auto release released paid days countdown deadline long',
    answer: answerWith(
      msg(
        'When the seller confirms shipment the release countdown starts: the days until the estimated delivery date (at most {maxDeliveryDays}) plus an inspection period of {inspectionDays} days. The buyer is reminded {firstReminderHours} and {lastReminderHours} hours before; if they neither confirm nor dispute, the money is released to the seller automatically. The buyer may extend the period once, by up to {maxExtensionDays} days. Nothing is released while a dispute is open.',
      ),
    ),
    suggestions: [msg('How do I confirm I received my item?'), msg('How do I resolve a dispute?')],
  },
  {
    id: 'extend-inspection',
    topic: 'transactions',
    questions: ['Can I get more time to check the item?'],
    keywords: 'extend extension more time longer inspection delay',
    answer: answerWith(
      msg(
        'Yes, once: open the transaction and choose Extend inspection to add 1 to {maxExtensionDays} days before the automatic release.',
      ),
    ),
    suggestions: [msg('How long does the buyer have to inspect the item?')],
  },
  {
    id: 'cancel',
    topic: 'transactions',
    questions: ['How do I cancel a transaction?', 'Can I cancel after paying?'],
    keywords: 'cancel cancellation stop abort call off end withdraw from deal',
    answer: answerWith(
      msg(
        'Either party can cancel a transaction from its page until the buyer pays. Once the money is in escrow it can no longer be cancelled: if the trade goes wrong, raise a dispute and the money is refunded or released as you agree or as our team decides.',
      ),
    ),
    suggestions: [msg('How do I resolve a dispute?'), msg('Do I get the fee back if the trade is refunded?')],
  },
  {
    id: 'dispute-raise',
    topic: 'disputes',
    questions: ['How do I resolve a dispute?', 'How do I raise a dispute?'],
    keywords: 'dispute disputes resolve raise open complain complaint problem issue report',
    answer: answerWith(
      msg(
        'Open the transaction and choose Raise Dispute, or go to Disputes. You can raise one once the buyer has paid and until the trade is complete; it freezes the money. Explain what happened and add evidence (up to {evidenceFiles} files of {evidenceSize}). You can then agree a settlement with the other party, or escalate to our support team, who decide.',
      ),
    ),
    suggestions: [msg('What happens after I raise a dispute?'), msg('I did not receive my item')],
  },
  {
    id: 'dispute-not-received',
    topic: 'disputes',
    questions: ['I did not receive my item', 'The item is not as described'],
    keywords: 'not received never arrived missing wrong fake damaged broken described different',
    answer: answerWith(
      msg(
        'Do not confirm receipt. Raise a dispute on the transaction before the inspection period ends: the money stays frozen in escrow, and you can ask for a full or partial refund. Add photos or documents as evidence.',
      ),
    ),
    suggestions: [msg('How do I resolve a dispute?'), msg('What happens after I raise a dispute?')],
  },
  {
    id: 'dispute-process',
    topic: 'disputes',
    questions: ['What happens after I raise a dispute?', 'How long does a dispute take?'],
    keywords: 'dispute process long take time settlement proposal escalate support refund decision',
    answer: answerWith(
      msg(
        'Either party can propose a settlement: a full refund, a partial refund, releasing the payment, or no action. Only the other party can accept; a proposal lapses after {proposalHours} hours. Either of you can escalate to our support team at any time, and support aims to act within {supportHours} hours. A resolved dispute closes after {disputeCloseDays} days.',
      ),
    ),
    suggestions: [msg('Do I get the fee back if the trade is refunded?'), msg('How do I raise a dispute?')],
  },
  {
    id: 'refund',
    topic: 'disputes',
    questions: ['How do I get a refund?', 'Where does my refund go?'],
    keywords: 'refund refunded money back return reimburse',
    answer: answerWith(
      msg(
        'Money in escrow is refunded through a dispute: agreed with the other party or decided by our support team. A refund goes back the way the money came (a card or bank payment through the provider, a wallet payment to your wallet), and refunded money can be withdrawn the same day whatever your daily limit.',
      ),
    ),
    suggestions: [msg('How do I raise a dispute?'), msg('How do I withdraw funds?')],
  },
];
