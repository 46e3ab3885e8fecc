/**
 * The transaction state machine: ONE pure table that the server enforces on every action and the web
 * app reads for labels and button visibility (docs/product.md "The lifecycle of a transaction").
 *
 * Stored statuses are exactly the ones below (WAITING_FOR_HANDOVER: an in-person trade, paid, waiting for
 * the meeting; IN_PROGRESS: a milestone trade, paid, until every milestone is released or refunded). The
 * other status names (WAITING_FOR_DELIVERY_DETAILS, DELIVERY_DETAILS_IMPORTED, PAYMENT_MADE,
 * SHIPMENT_CONFIRMED, legacy PAYMENT and SHIPPING) are display aliases of stored statuses, see
 * STATUS_ALIASES.
 */

import { msg } from '../i18n/msg.ts';

export const TRANSACTION_STATUSES = [
  'PENDING',
  'ACTIVE',
  'WAITING_FOR_PAYMENT',
  'WAITING_FOR_SHIPMENT',
  'WAITING_FOR_BUYER_CONFIRMATION',
  'WAITING_FOR_HANDOVER',
  'IN_PROGRESS',
  'COMPLETED',
  'CANCELLED',
  'DISPUTED',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const TERMINAL_STATUSES: readonly TransactionStatus[] = ['COMPLETED', 'CANCELLED'];
/** Before the buyer's money is in escrow: the transaction can still be cancelled. */
export const PRE_PAYMENT_STATUSES: readonly TransactionStatus[] = [
  'PENDING',
  'ACTIVE',
  'WAITING_FOR_PAYMENT',
];
/** Money is in escrow and not yet released: a dispute can be raised (and freezes every release). */
export const IN_ESCROW_STATUSES: readonly TransactionStatus[] = [
  'WAITING_FOR_SHIPMENT',
  'WAITING_FOR_BUYER_CONFIRMATION',
  'WAITING_FOR_HANDOVER',
  'IN_PROGRESS',
];

/**
 * How the item reaches the buyer (docs/handover.md): COURIER (the buyer gives delivery
 * details first), SELLER_DELIVERY (the seller delivers, no courier), IN_PERSON ('Meet and inspect': no
 * shipment; the buyer releases by telling the seller a code at the meeting).
 */
export const SHIPPING_TYPES = ['COURIER', 'SELLER_DELIVERY', 'IN_PERSON'] as const;
export type ShippingType = (typeof SHIPPING_TYPES)[number];
export const SHIPPING_TYPE_LABELS: Record<ShippingType, string> = {
  COURIER: msg('Courier delivery'),
  SELLER_DELIVERY: msg('Seller delivers'),
  IN_PERSON: msg('Meet and inspect'),
};
/** A create body without `shippingType` keeps today's meaning of `useCourier`. */
export const shippingTypeFor = (useCourier: boolean, shippingType?: ShippingType | null): ShippingType =>
  shippingType ?? (useCourier ? 'COURIER' : 'SELLER_DELIVERY');

/** Statuses where a time release can be set or a delivery condition added: ACTIVE to shipment confirmed. */
export const CONDITION_EDIT_STATUSES: readonly TransactionStatus[] = [
  'ACTIVE',
  'WAITING_FOR_PAYMENT',
  'WAITING_FOR_SHIPMENT',
  'WAITING_FOR_BUYER_CONFIRMATION',
];
/** Statuses where the buyer may release manually: after shipment (shown as SHIPMENT_CONFIRMED). */
export const MANUAL_RELEASE_STATUSES: readonly TransactionStatus[] = ['WAITING_FOR_BUYER_CONFIRMATION'];

export const IN_PERSON_RELEASE_TEXT = msg(
  'An in-person trade is released when the seller enters the buyer’s release code',
);

export const MILESTONE_RELEASE_TEXT = msg(
  'A milestone trade is released one milestone at a time, as each is accepted',
);

/** After shipment the address the seller shipped to is part of the trade's record (docs/privacy.md). */
export const DELIVERY_LOCKED_TEXT = msg(
  'The delivery address cannot be changed after the seller has shipped: it is part of the record of this trade',
);

export const PAYMENT_CONDITIONS_LOCKED_TEXT = msg(
  'Payment conditions cannot be modified in the current transaction state',
);

export const PARTY_ROLES = ['BUYER', 'SELLER'] as const;
export type PartyRole = (typeof PARTY_ROLES)[number];
/** BROKER: a brokered trade's broker (partner API), who may only cancel before payment. */
export type ActorRole = PartyRole | 'SYSTEM' | 'BROKER';

export const TRANSACTION_ACTIONS = [
  'JOIN',
  'PROVIDE_DELIVERY_DETAILS',
  'PAY',
  'CONFIRM_SHIPMENT',
  'CONFIRM_RECEIPT',
  'CONFIRM_HANDOVER',
  'DELIVER_MILESTONE',
  'ACCEPT_MILESTONE',
  'AUTO_ACCEPT_MILESTONE',
  'EXTEND_MILESTONE_INSPECTION',
  'CANCEL',
  'EXPIRE_INVITATION',
  'RAISE_DISPUTE',
  'TIME_RELEASE',
  'MANUAL_RELEASE',
  'RESOLVE_RELEASE',
  'RESOLVE_REFUND',
  'RESOLVE_PARTIAL',
  'RESOLVE_NO_ACTION',
  'AUTO_RELEASE',
  'EXTEND_INSPECTION',
  // Payment-condition changes: they keep the status but go through the same step (lock, guard,
  // activity, notification, live event) as every transition.
  'ADD_DELIVERY_CONDITION',
  'SET_TIME_RELEASE',
  'CONFIRM_DELIVERY',
] as const;
export type TransactionAction = (typeof TRANSACTION_ACTIONS)[number];

export type TransitionFacts = {
  useCourier: boolean;
  hasCounterparty: boolean;
  /** A brokered trade's JOIN while the other invited party has not joined yet: it stays PENDING. */
  awaitingOtherParty?: boolean;
  hasDeliveryDetails: boolean;
  /** Absent for rows that predate it: COURIER or SELLER_DELIVERY by `useCourier`. */
  shippingType?: ShippingType;
  /** A milestone trade: paid once, then IN_PROGRESS until every milestone ends. */
  hasMilestones?: boolean;
  /** Milestones not yet released or refunded, before this step (accepting the last one completes). */
  openMilestones?: number;
  /** A milestone was released: a full refund then ends COMPLETED (PARTIALLY_REFUNDED), not CANCELLED. */
  anyReleased?: boolean;
  /** A milestone was marked delivered (or ended): the seller has started delivering to the address. */
  anyDelivered?: boolean;
  /** While DISPUTED: the status the dispute froze (a NO_ACTION outcome goes back to it). */
  statusBeforeDispute?: TransactionStatus | null;
};

/** A refusal's `reason` is a message id; `params.status` (when it names one) is the status in words. */
export type Decision =
  | { ok: true; next: TransactionStatus }
  | {
      ok: false;
      code: 'FORBIDDEN' | 'ILLEGAL_TRANSITION';
      reason: string;
      params: { status: { message: string; params: { status: TransactionStatus } } };
    };

type Rule = {
  actors: readonly ActorRole[];
  /** Refusal text when the actor's role may not take this action at all (403). */
  forbidden: string;
  /** Next status from `status`, or a refusal text (409) when the action is not possible from it. */
  next: (status: TransactionStatus, facts: TransitionFacts) => TransactionStatus | { refuse: string };
};

const PARTIES = ['BUYER', 'SELLER'] as const;
const SYSTEM = ['SYSTEM'] as const;
// decide() gives '{status}' as the current status in words (statusWords), so every refusal names it.
/** A refusal for a step the status does not allow: '… is not possible while the transaction is {status}'. */
const notNow = (refuse: string) => ({ refuse });

/** Accepting a milestone (by the buyer or its window): the last open one completes the trade. */
function milestoneEnds(status: TransactionStatus, facts: TransitionFacts, refuse: string) {
  if (status !== 'IN_PROGRESS') return notNow(refuse);
  return (facts.openMilestones ?? 0) <= 1 ? 'COMPLETED' : 'IN_PROGRESS';
}

const RULES: Record<TransactionAction, Rule> = {
  JOIN: {
    actors: PARTIES,
    forbidden: msg('Only a buyer or seller can join a transaction'),
    next: (status, facts) => {
      if (status !== 'PENDING' || facts.hasCounterparty)
        return { refuse: msg('This transaction already has a counterparty') };
      return facts.awaitingOtherParty ? 'PENDING' : 'ACTIVE';
    },
  },
  PROVIDE_DELIVERY_DETAILS: {
    actors: ['BUYER'],
    forbidden: msg('Only the buyer can provide delivery details'),
    next: (status, facts) => {
      if (!facts.useCourier) return { refuse: msg('This transaction does not use a courier') };
      // The buyer gives the address before paying, and may correct it until the seller ships (a
      // milestone trade: until a first milestone is delivered); after that it is the trade's record.
      if (status === 'ACTIVE' || status === 'WAITING_FOR_PAYMENT') return 'WAITING_FOR_PAYMENT';
      if (status === 'WAITING_FOR_SHIPMENT') return status;
      if (status === 'IN_PROGRESS' && facts.hasMilestones)
        return facts.anyDelivered || facts.anyReleased ? { refuse: DELIVERY_LOCKED_TEXT } : status;
      if (status === 'WAITING_FOR_BUYER_CONFIRMATION' || status === 'COMPLETED')
        return { refuse: DELIVERY_LOCKED_TEXT };
      return notNow(msg('Providing delivery details is not possible while the transaction is {status}'));
    },
  },
  PAY: {
    actors: ['BUYER'],
    forbidden: msg('Only the buyer can pay for this transaction'),
    next: (status, facts) => {
      const paid = facts.hasMilestones ? 'IN_PROGRESS' : 'WAITING_FOR_SHIPMENT';
      if (status === 'WAITING_FOR_PAYMENT') return paid;
      if (status === 'ACTIVE') {
        if (facts.useCourier) return { refuse: msg('Please provide delivery details before payment') };
        return facts.shippingType === 'IN_PERSON' ? 'WAITING_FOR_HANDOVER' : paid;
      }
      return notNow(msg('Payment is not possible while the transaction is {status}'));
    },
  },
  CONFIRM_SHIPMENT: {
    actors: ['SELLER'],
    forbidden: msg('Only the seller can confirm shipment'),
    next: (status) =>
      status === 'WAITING_FOR_SHIPMENT'
        ? 'WAITING_FOR_BUYER_CONFIRMATION'
        : notNow(msg('Shipment is not possible while the transaction is {status}')),
  },
  CONFIRM_RECEIPT: {
    actors: ['BUYER'],
    forbidden: msg('Only the buyer can confirm receipt'),
    next: (status) =>
      status === 'WAITING_FOR_BUYER_CONFIRMATION'
        ? 'COMPLETED'
        : notNow(msg('Confirming receipt is not possible while the transaction is {status}')),
  },
  // The seller enters the buyer's release code at the meeting: released as on receipt confirmation.
  CONFIRM_HANDOVER: {
    actors: ['SELLER'],
    forbidden: msg('Only the seller can enter the release code'),
    next: (status) =>
      status === 'WAITING_FOR_HANDOVER'
        ? 'COMPLETED'
        : notNow(msg('Handover is not possible while the transaction is {status}')),
  },
  // Milestones keep the trade IN_PROGRESS; the last one released completes it.
  DELIVER_MILESTONE: {
    actors: ['SELLER'],
    forbidden: msg('Only the seller can mark a milestone delivered'),
    next: (status) =>
      status === 'IN_PROGRESS'
        ? status
        : notNow(msg('Delivering a milestone is not possible while the transaction is {status}')),
  },
  ACCEPT_MILESTONE: {
    actors: ['BUYER'],
    forbidden: msg('Only the buyer can accept a milestone'),
    next: (status, facts) =>
      milestoneEnds(
        status,
        facts,
        msg('Accepting a milestone is not possible while the transaction is {status}'),
      ),
  },
  AUTO_ACCEPT_MILESTONE: {
    actors: SYSTEM,
    forbidden: msg('Only the system accepts a milestone at the end of its inspection period'),
    next: (status, facts) =>
      milestoneEnds(
        status,
        facts,
        msg('Accepting a milestone is not possible while the transaction is {status}'),
      ),
  },
  EXTEND_MILESTONE_INSPECTION: {
    actors: ['BUYER'],
    forbidden: msg('Only the buyer can extend the inspection period'),
    next: (status) =>
      status === 'IN_PROGRESS'
        ? status
        : notNow(msg('Extending the inspection period is not possible while the transaction is {status}')),
  },
  CANCEL: {
    actors: [...PARTIES, 'BROKER'],
    forbidden: msg('Only the buyer or seller can cancel this transaction'),
    next: (status) =>
      PRE_PAYMENT_STATUSES.includes(status)
        ? 'CANCELLED'
        : { refuse: msg('A transaction can only be cancelled before payment') },
  },
  EXPIRE_INVITATION: {
    actors: SYSTEM,
    forbidden: msg('Only the system expires invitations'),
    next: (status) =>
      status === 'PENDING'
        ? 'CANCELLED'
        : notNow(msg('Expiring the invitation is not possible while the transaction is {status}')),
  },
  RAISE_DISPUTE: {
    actors: PARTIES,
    forbidden: msg('Only the buyer or seller can raise a dispute'),
    next: (status) =>
      IN_ESCROW_STATUSES.includes(status)
        ? 'DISPUTED'
        : { refuse: msg('A dispute can only be raised after payment and before completion') },
  },
  TIME_RELEASE: {
    actors: SYSTEM,
    forbidden: msg('Only the system performs time-based releases'),
    next: (status) =>
      status === 'WAITING_FOR_BUYER_CONFIRMATION'
        ? 'COMPLETED'
        : notNow(msg('Release is not possible while the transaction is {status}')),
  },
  MANUAL_RELEASE: {
    actors: ['BUYER'],
    forbidden: msg('Only the buyer can release the payment'),
    next: (status) =>
      MANUAL_RELEASE_STATUSES.includes(status) ? 'COMPLETED' : { refuse: PAYMENT_CONDITIONS_LOCKED_TEXT },
  },
  RESOLVE_RELEASE: {
    actors: SYSTEM,
    forbidden: msg('Only a dispute resolution can do this'),
    next: (status) =>
      status === 'DISPUTED'
        ? 'COMPLETED'
        : notNow(msg('Resolving a dispute is not possible while the transaction is {status}')),
  },
  // After a milestone was released the trade happened in part: a refund of the rest completes it.
  RESOLVE_REFUND: {
    actors: SYSTEM,
    forbidden: msg('Only a dispute resolution can do this'),
    next: (status, facts) => {
      if (status !== 'DISPUTED')
        return notNow(msg('Resolving a dispute is not possible while the transaction is {status}'));
      return facts.anyReleased ? 'COMPLETED' : 'CANCELLED';
    },
  },
  // A partial refund splits the price: the trade is done (COMPLETED, paymentStatus PARTIALLY_REFUNDED).
  RESOLVE_PARTIAL: {
    actors: SYSTEM,
    forbidden: msg('Only a dispute resolution can do this'),
    next: (status) =>
      status === 'DISPUTED'
        ? 'COMPLETED'
        : notNow(msg('Resolving a dispute is not possible while the transaction is {status}')),
  },
  // NO_ACTION: the trade goes on from where the dispute froze it.
  RESOLVE_NO_ACTION: {
    actors: SYSTEM,
    forbidden: msg('Only a dispute resolution can do this'),
    next: (status, facts) => {
      if (status !== 'DISPUTED')
        return notNow(msg('Resolving a dispute is not possible while the transaction is {status}'));
      const before = facts.statusBeforeDispute;
      return before && IN_ESCROW_STATUSES.includes(before)
        ? before
        : { refuse: msg('The status before the dispute is unknown') };
    },
  },
  // The inspection window ran out with the buyer silent (docs/disputes.md "The inspection window").
  AUTO_RELEASE: {
    actors: SYSTEM,
    forbidden: msg('Only the system releases at the end of the inspection period'),
    next: (status) =>
      status === 'WAITING_FOR_BUYER_CONFIRMATION'
        ? 'COMPLETED'
        : notNow(msg('Release is not possible while the transaction is {status}')),
  },
  EXTEND_INSPECTION: {
    actors: ['BUYER'],
    forbidden: msg('Only the buyer can extend the inspection period'),
    next: (status) =>
      status === 'WAITING_FOR_BUYER_CONFIRMATION'
        ? status
        : { refuse: msg('The inspection period can only be extended while the item is with the buyer') },
  },
  ADD_DELIVERY_CONDITION: {
    actors: PARTIES,
    forbidden: msg('Only the buyer or seller can add a payment condition'),
    next: (status) =>
      CONDITION_EDIT_STATUSES.includes(status) ? status : { refuse: PAYMENT_CONDITIONS_LOCKED_TEXT },
  },
  SET_TIME_RELEASE: {
    actors: ['BUYER'],
    forbidden: msg('Only the buyer can set a time-based release'),
    next: (status, facts) => {
      // An in-person trade is released only by the buyer's code: a timer would release unseen goods.
      if (facts.shippingType === 'IN_PERSON') return { refuse: IN_PERSON_RELEASE_TEXT };
      // A milestone trade is released milestone by milestone, each by its own acceptance.
      if (facts.hasMilestones) return { refuse: MILESTONE_RELEASE_TEXT };
      return CONDITION_EDIT_STATUSES.includes(status) ? status : { refuse: PAYMENT_CONDITIONS_LOCKED_TEXT };
    },
  },
  CONFIRM_DELIVERY: {
    actors: ['BUYER'],
    forbidden: msg('Only the buyer can confirm delivery'),
    next: (status) =>
      MANUAL_RELEASE_STATUSES.includes(status)
        ? status
        : { refuse: msg('Delivery can only be confirmed after the seller has shipped') },
  },
};

/**
 * Decides one step. The role is checked first (a member with the wrong role gets FORBIDDEN, 403),
 * then the status (ILLEGAL_TRANSITION, 409). Terminal statuses refuse everything.
 */
export function decide(
  status: TransactionStatus,
  action: TransactionAction,
  actorRole: ActorRole,
  facts: TransitionFacts,
): Decision {
  const rule = RULES[action];
  const params = { status: statusWords(status) };
  if (!rule.actors.includes(actorRole))
    return { ok: false, code: 'FORBIDDEN', reason: rule.forbidden, params };
  const next = rule.next(status, facts);
  if (typeof next === 'string') return { ok: true, next };
  return { ok: false, code: 'ILLEGAL_TRANSITION', reason: next.refuse, params };
}

export function isTerminal(status: TransactionStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}

/**
 * A status in words ('WAITING_FOR_PAYMENT' → 'waiting for payment'), as a message, for a sentence that
 * names a status in its reader's language (refusals, the status toast). The english-messages test holds
 * each English branch to the status lower-cased with spaces.
 */
export const STATUS_WORDS_MESSAGE = msg(
  '{status, select, PENDING {pending} ACTIVE {active} WAITING_FOR_PAYMENT {waiting for payment} WAITING_FOR_SHIPMENT {waiting for shipment} WAITING_FOR_BUYER_CONFIRMATION {waiting for buyer confirmation} WAITING_FOR_HANDOVER {waiting for handover} IN_PROGRESS {in progress} COMPLETED {completed} CANCELLED {cancelled} DISPUTED {disputed} other {{status}}}',
);

/** A message param naming `status` in words, written in the language of the sentence around it. */
export function statusWords(status: TransactionStatus) {
  return { message: STATUS_WORDS_MESSAGE, params: { status } };
}

/** The toast raised on a live status change (docs/product.md "Texts that matter"); {status}: statusWords(status). */
export const statusToastTextMessage = msg('Transaction status updated to: {status}');

export function oppositeRole(role: PartyRole): PartyRole {
  return role === 'BUYER' ? 'SELLER' : 'BUYER';
}

/**
 * The other status names and the stored status each one is shown for. PAYMENT_MADE is the
 * moment money lands in escrow (stored WAITING_FOR_SHIPMENT); SHIPMENT_CONFIRMED is the moment the
 * seller ships (stored WAITING_FOR_BUYER_CONFIRMATION).
 */
export const STATUS_ALIASES = {
  WAITING_FOR_DELIVERY_DETAILS: 'ACTIVE',
  DELIVERY_DETAILS_IMPORTED: 'WAITING_FOR_PAYMENT',
  PAYMENT_MADE: 'WAITING_FOR_SHIPMENT',
  SHIPMENT_CONFIRMED: 'WAITING_FOR_BUYER_CONFIRMATION',
  PAYMENT: 'WAITING_FOR_SHIPMENT',
  SHIPPING: 'WAITING_FOR_BUYER_CONFIRMATION',
} as const satisfies Record<string, TransactionStatus>;

/** A stored status for any status name, stored or display-only, or null for an unknown name. */
export function toStoredStatus(name: string): TransactionStatus | null {
  if ((TRANSACTION_STATUSES as readonly string[]).includes(name)) return name as TransactionStatus;
  return (STATUS_ALIASES as Record<string, TransactionStatus>)[name] ?? null;
}
