/**
 * Disputes and the inspection window (docs/disputes.md, docs/product.md "Disputes"). Pure rules shared
 * by the server (which enforces them) and the web app (which shows
 * them): statuses, enumerations, timers, and how each settlement splits the escrow.
 */

import { commissionShare, smallestSellerPart } from './commission.ts';
import { tradeAmountsWithFee, type FeePayer } from './fees.ts';
import { formatMoney, toMajor } from './money.ts';
import { msg } from '../i18n/msg.ts';

export const DISPUTE_STATUSES = ['OPEN', 'IN_REVIEW', 'RESOLVED', 'CLOSED'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
/** A dispute in one of these statuses freezes its transaction; at most one per transaction. */
export const UNRESOLVED_DISPUTE_STATUSES: readonly DisputeStatus[] = ['OPEN', 'IN_REVIEW'];

export const DISPUTE_TYPES = ['PAYMENT', 'DELIVERY', 'QUALITY', 'FRAUD', 'OTHER'] as const;
export type DisputeType = (typeof DISPUTE_TYPES)[number];

export const DISPUTE_PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
export type DisputePriority = (typeof DISPUTE_PRIORITIES)[number];
export const DEFAULT_DISPUTE_PRIORITY: DisputePriority = 'MEDIUM';

export const RESOLUTION_TYPES = ['AUTOMATIC', 'MEDIATION', 'ARBITRATION', 'ADMIN_DECISION'] as const;
export type ResolutionType = (typeof RESOLUTION_TYPES)[number];
/** What a party may send (MEDIATION) and what staff send (ADMIN_DECISION); the other two are not accepted. */
export const PROPOSABLE_RESOLUTION_TYPES = ['MEDIATION', 'ADMIN_DECISION'] as const;

export const RESOLUTION_ACTIONS = ['REFUND_FULL', 'REFUND_PARTIAL', 'RELEASE_PAYMENT', 'NO_ACTION'] as const;
export type ResolutionAction = (typeof RESOLUTION_ACTIONS)[number];

export const RESOLUTION_STATUSES = ['PENDING', 'ACCEPTED', 'REJECTED'] as const;
export type ResolutionStatus = (typeof RESOLUTION_STATUSES)[number];
/**
 * Why a proposal is REJECTED: the other party said no, it ran out its 48 hours, its proposer sent a
 * newer one, or the dispute left OPEN (escalated, taken by staff, decided) while it was pending.
 */
export const RESOLUTION_CLOSED_REASONS = ['rejected', 'expired', 'superseded', 'withdrawn'] as const;
export type ResolutionClosedReason = (typeof RESOLUTION_CLOSED_REASONS)[number];

/** How a viewer stands to a dispute. */
export const DISPUTE_VIEWER_ROLES = ['RAISER', 'ACCUSED', 'STAFF'] as const;
export type DisputeViewerRole = (typeof DISPUTE_VIEWER_ROLES)[number];

// Timers (hours unless named otherwise).
export const PROPOSAL_TTL_HOURS = 48;
/** Staff answer a dispute within 48 h of it being raised (what the texts' '24-48 hours' promises). */
export const DISPUTE_SLA_HOURS = 48;
/** A RESOLVED dispute closes by itself 7 days after its resolution. */
export const DISPUTE_CLOSE_AFTER_DAYS = 7;
export const EVIDENCE_MAX_FILES = 10;
export const DISPUTE_REASON_MAX = 200;
export const DISPUTE_DESCRIPTION_MAX = 1000;
export const DISPUTE_MESSAGE_MAX = 2000;
export const RESOLUTION_REASON_MAX = 500;

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

export const disputeSlaDueAt = (raisedAt: Date) => new Date(raisedAt.getTime() + DISPUTE_SLA_HOURS * HOUR_MS);
export const proposalExpiresAt = (proposedAt: Date) =>
  new Date(proposedAt.getTime() + PROPOSAL_TTL_HOURS * HOUR_MS);
export const disputeClosesAt = (resolvedAt: Date) =>
  new Date(resolvedAt.getTime() + DISPUTE_CLOSE_AFTER_DAYS * DAY_MS);

export const DISPUTE_TYPE_META: Record<DisputeType, { label: string; description: string }> = {
  PAYMENT: {
    label: msg('Payment issue'),
    description: msg('A problem with the payment or the amount charged'),
  },
  DELIVERY: {
    label: msg('Delivery problem'),
    description: msg('The item did not arrive, or arrived late or damaged'),
  },
  QUALITY: {
    label: msg('Quality issue'),
    description: msg('The item is not as described or not in the stated condition'),
  },
  FRAUD: { label: msg('Fraud'), description: msg('You believe the other party is acting dishonestly') },
  OTHER: { label: msg('Other'), description: msg('Anything else about this transaction') },
};

export const DISPUTE_PRIORITY_META: Record<DisputePriority, { label: string; description: string }> = {
  LOW: { label: msg('Low'), description: msg('No rush; a question or a small problem') },
  MEDIUM: { label: msg('Medium'), description: msg('A problem that needs sorting out') },
  HIGH: { label: msg('High'), description: msg('A serious problem with the item or delivery') },
  URGENT: { label: msg('Urgent'), description: msg('Fraud or a large amount at risk') },
};

export const RESOLUTION_ACTION_LABELS: Record<ResolutionAction, string> = {
  REFUND_FULL: msg('Full refund to the buyer'),
  REFUND_PARTIAL: msg('Partial refund'),
  RELEASE_PAYMENT: msg('Release payment to the seller'),
  NO_ACTION: msg('No action (continue the transaction)'),
};

/** The dispute texts, word for word (docs/product.md "Texts that matter"). */
export const DISPUTE_TEXT = {
  created: msg('Dispute created successfully.'),
  submitted: msg(
    'Dispute submitted successfully! Our support team will review your case within 24-48 hours.',
  ),
  requiredFields: msg('Please fill in all required fields'),
  loadFailed: msg('Failed to load disputes'),
  createFailed: msg('Failed to create dispute'),
  detailFailed: msg('Failed to load dispute details'),
  sendFailed: msg('Failed to send message'),
  messageSent: msg('Message sent successfully'),
  notFoundTitle: msg('Dispute not found'),
  notFoundBody: msg("The dispute you're looking for doesn't exist or you don't have access to it."),
  noMessages: msg('No messages yet'),
  noEvidence: msg('No evidence uploaded yet'),
  notFound: msg('Dispute not found'),
  // The limits written out (english-messages.test.ts checks them against the constants).
  reasonTooLong: msg('Reason must be at most 200 characters'),
  descriptionTooLong: msg('Description must be at most 1000 characters'),
  alreadyOpen: msg('This transaction already has an open dispute'),
  notDisputable: msg('A dispute can only be raised after payment and before completion'),
  closedNoMessages: msg('This dispute is closed and takes no more messages'),
  proposalsOnlyOpen: msg('Proposals can only be made while the dispute is open'),
  proposalNotPending: msg('This proposal is no longer pending'),
  ownProposal: msg('Only the other party can answer this proposal'),
  partyNoAdminDecision: msg('Only support staff can make an admin decision'),
  partialAmountRange: msg('The buyer’s share must be more than 0 and less than the price'),
  evidenceLimit: msg('A dispute can have at most 10 pieces of evidence'),
  evidenceUpload: msg('Evidence must be a dispute evidence file you uploaded for this transaction'),
  alreadyDecided: msg('This dispute has already been resolved'),
  notEscalatable: msg('Only an open dispute can be escalated'),
  staffOnly: msg('Only support staff can do this'),
  internalStaffOnly: msg('Only support staff can add internal notes'),
} as const;

/**
 * The escrow split of one settlement, in minor units: buyer + seller + platform (+ broker) = total held.
 * `broker` is there only for a brokered trade (a commission): the broker's part of the commission.
 */
export type SettlementSplit = { buyer: number; seller: number; platform: number; broker?: number };

/**
 * How a resolution moves the money held (what the buyer paid: price + the buyer's fee share); see
 * docs/money.md "Refunds" and "Who pays the fee":
 * REFUND_FULL: the buyer gets everything they paid back and the seller is charged nothing;
 * REFUND_PARTIAL: the buyer gets `buyerShare`, the seller the rest of the price less the seller's fee
 * share, the platform keeps the whole fee; RELEASE_PAYMENT: as on receipt (the seller gets the price less
 * their fee share); NO_ACTION moves nothing (null): the transaction goes back to where it was.
 */
export function settlementSplit(
  action: ResolutionAction,
  priceMinor: number,
  feeMinor: number,
  buyerShareMinor?: number | null,
  feePayer: FeePayer = 'BUYER',
  commissionMinor = 0,
): SettlementSplit | null {
  const trade = tradeAmountsWithFee(priceMinor, feeMinor, feePayer);
  return remainderSplit(
    action,
    {
      priceMinor,
      feeMinor,
      sellerFeeMinor: trade.sellerFeeMinor,
      buyerFeeMinor: trade.buyerFeeMinor,
      anyReleased: false,
      commissionMinor,
    },
    buyerShareMinor,
  );
}

/**
 * What a dispute acts on: the escrow still held. For a one-off trade, the whole price and fee; for a
 * milestone trade, the unreleased milestones' price and fee parts (domain/milestones.ts).
 */
export type EscrowRemainder = {
  priceMinor: number;
  feeMinor: number;
  sellerFeeMinor: number;
  buyerFeeMinor: number;
  /** A milestone was already released: the platform then keeps the fee (docs/money.md "Milestones"). */
  anyReleased: boolean;
  /** A brokered trade's commission (domain/commission.ts); brokered trades have no milestones. */
  commissionMinor?: number;
};

/**
 * settlementSplit on a remainder. Before any release a full refund returns everything the buyer paid;
 * after one, the buyer gets the unreleased price back and the platform keeps the buyer's fee part of it
 * (the seller is charged nothing for what is refunded). The parts always add up to the remainder held.
 */
export function remainderSplit(
  action: ResolutionAction,
  r: EscrowRemainder,
  buyerShareMinor?: number | null,
): SettlementSplit | null {
  const commission = r.commissionMinor ?? 0;
  // The broker's part appears only on a brokered trade, so other splits keep their shape.
  const withBroker = (split: SettlementSplit, broker: number): SettlementSplit =>
    commission > 0 ? { ...split, broker } : split;
  switch (action) {
    case 'REFUND_FULL':
      return withBroker(
        r.anyReleased
          ? { buyer: r.priceMinor, seller: 0, platform: r.buyerFeeMinor }
          : { buyer: r.priceMinor + r.buyerFeeMinor, seller: 0, platform: 0 },
        0,
      );
    case 'REFUND_PARTIAL': {
      const share = buyerShareMinor ?? 0;
      if (!isValidPartialShare(share, r.priceMinor, r.sellerFeeMinor, commission))
        throw new RangeError(DISPUTE_TEXT.partialAmountRange);
      const sellerPart = r.priceMinor - share;
      const broker = commissionShare(commission, sellerPart, r.priceMinor);
      return withBroker(
        { buyer: share, seller: sellerPart - r.sellerFeeMinor - broker, platform: r.feeMinor },
        broker,
      );
    }
    case 'RELEASE_PAYMENT':
      return withBroker(
        { buyer: 0, seller: r.priceMinor - r.sellerFeeMinor - commission, platform: r.feeMinor },
        commission,
      );
    case 'NO_ACTION':
      return null;
  }
}

/**
 * The largest buyer's share of a partial refund: the seller's part (price − share) must cover the
 * seller's fee share and the broker's part of the commission, and a share of the whole price is a full
 * refund, not a partial one.
 */
export function largestPartialShare(priceMinor: number, sellerFeeMinor = 0, commissionMinor = 0): number {
  return priceMinor - smallestSellerPart(priceMinor, sellerFeeMinor, commissionMinor);
}

export function isValidPartialShare(
  shareMinor: number,
  priceMinor: number,
  sellerFeeMinor = 0,
  commissionMinor = 0,
): boolean {
  return (
    Number.isSafeInteger(shareMinor) &&
    shareMinor > 0 &&
    shareMinor <= largestPartialShare(priceMinor, sellerFeeMinor, commissionMinor)
  );
}

/**
 * The 400 text for a partial share out of range, naming the largest allowed amount. `remainder`: the
 * share is of a milestone trade's unreleased part, not of the whole price. A brokered trade's text also
 * names the broker's commission share the seller's part must cover at that amount.
 */
export function partialShareRangeText(
  priceMinor: number,
  sellerFeeMinor: number,
  currency: string,
  remainder = false,
  commissionMinor = 0,
): string {
  if (sellerFeeMinor === 0 && commissionMinor === 0 && !remainder) return DISPUTE_TEXT.partialAmountRange;
  const largestMinor = largestPartialShare(priceMinor, sellerFeeMinor, commissionMinor);
  const largest = formatMoney(toMajor(largestMinor), currency);
  const held = remainder ? ` of the ${formatMoney(toMajor(priceMinor), currency)} not yet released` : '';
  const brokerMinor = commissionShare(commissionMinor, priceMinor - largestMinor, priceMinor);
  const broker = formatMoney(toMajor(brokerMinor), currency);
  if (sellerFeeMinor === 0 && brokerMinor === 0)
    return `The buyer’s share must be more than 0 and at most ${largest}${held}`;
  if (sellerFeeMinor === 0)
    return `The buyer’s share must be more than 0 and at most ${largest}${held}, so the seller’s part covers the broker’s ${broker} share of the commission`;
  const share = formatMoney(toMajor(sellerFeeMinor), currency);
  if (brokerMinor === 0)
    return `The buyer’s share must be more than 0 and at most ${largest}${held}, so the seller’s part covers their ${share} share of the fee`;
  return `The buyer’s share must be more than 0 and at most ${largest}${held}, so the seller’s part covers their ${share} share of the fee and the broker’s ${broker} share of the commission`;
}

/**
 * partialShareRangeText as an ICU message, with the values partialShareRangeMessage computes: {largest}
 * the largest share; {remainder} 'yes' for a milestone trade's unreleased part, with {unreleased} its
 * price; {covers} what the seller's part must cover ('fee', 'broker', 'both' or 'none'), with {share}
 * the seller's fee share and {broker} the broker's part of the commission. Amounts formatted (formatMoney).
 */
export const partialShareRangeTextMessage = msg(
  'The buyer’s share must be more than 0 and at most {largest}{remainder, select, yes { of the {unreleased} not yet released} other {}}{covers, select, fee {, so the seller’s part covers their {share} share of the fee} broker {, so the seller’s part covers the broker’s {broker} share of the commission} both {, so the seller’s part covers their {share} share of the fee and the broker’s {broker} share of the commission} other {}}',
);

/**
 * partialShareRangeText as a message and its values, for a screen or an answer that translates it:
 * `t(message, params)` reads as partialShareRangeText(…) in English.
 */
export function partialShareRangeMessage(
  priceMinor: number,
  sellerFeeMinor: number,
  currency: string,
  remainder = false,
  commissionMinor = 0,
): { message: string; params: Record<string, string> } {
  if (sellerFeeMinor === 0 && commissionMinor === 0 && !remainder)
    return { message: DISPUTE_TEXT.partialAmountRange, params: {} };
  const largestMinor = largestPartialShare(priceMinor, sellerFeeMinor, commissionMinor);
  const brokerMinor = commissionShare(commissionMinor, priceMinor - largestMinor, priceMinor);
  const covers =
    sellerFeeMinor === 0 ? (brokerMinor === 0 ? 'none' : 'broker') : brokerMinor === 0 ? 'fee' : 'both';
  return {
    message: partialShareRangeTextMessage,
    params: {
      largest: formatMoney(toMajor(largestMinor), currency),
      remainder: remainder ? 'yes' : 'no',
      unreleased: formatMoney(toMajor(priceMinor), currency),
      covers,
      share: formatMoney(toMajor(sellerFeeMinor), currency),
      broker: formatMoney(toMajor(brokerMinor), currency),
    },
  };
}

// ---- Inspection window (auto-release) ----

/** Default inspection period after the estimated delivery date (env INSPECTION_DAYS overrides). */
export const DEFAULT_INSPECTION_DAYS = 3;
/** Days until the estimated delivery counted into the window, at most. */
export const MAX_DELIVERY_DAYS_IN_WINDOW = 14;
/** The buyer may extend the window once, by 1 to 7 days. */
export const MAX_INSPECTION_EXTENSION_DAYS = 7;
/** Reminders to the buyer this many hours before the automatic release. */
export const AUTO_RELEASE_REMINDER_HOURS = [48, 24] as const;
/** A buyer's time-based release never fires earlier than this after shipment. */
export const MIN_HOURS_AFTER_SHIPMENT_FOR_TIME_RELEASE = 48;

export const INSPECTION_TEXT = {
  autoReleased: msg('Funds released automatically after the inspection period'),
  extended: msg('Inspection period extended'),
  alreadyExtended: msg('The inspection period can only be extended once'),
  /** MAX_INSPECTION_EXTENSION_DAYS written out (english-messages.test.ts checks it). */
  extensionRange: msg('Extend by 1 to 7 days'),
} as const;

/**
 * `autoReleaseAt` when the seller ships: shipment time + whole days until the estimated delivery date
 * (0 if that date has passed, at most 14) + the inspection period. The estimated date is a calendar day
 * ('2026-01-31') or an ISO date-time; an unreadable one counts as 0 days.
 */
export function computeAutoReleaseAt(
  shippedAt: Date,
  estimatedDelivery: string | null | undefined,
  inspectionDays: number = DEFAULT_INSPECTION_DAYS,
): Date {
  let deliveryDays = 0;
  if (estimatedDelivery) {
    const text = /^\d{4}-\d{2}-\d{2}$/.test(estimatedDelivery)
      ? `${estimatedDelivery}T00:00:00+01:00`
      : estimatedDelivery;
    const at = new Date(text).getTime();
    if (Number.isFinite(at))
      deliveryDays = Math.min(
        MAX_DELIVERY_DAYS_IN_WINDOW,
        Math.max(0, Math.ceil((at - shippedAt.getTime()) / DAY_MS)),
      );
  }
  return new Date(shippedAt.getTime() + (deliveryDays + inspectionDays) * DAY_MS);
}

/** The window after a NO_ACTION dispute outcome: the inspection period again, from the decision. */
export function restartedAutoReleaseAt(
  decidedAt: Date,
  inspectionDays: number = DEFAULT_INSPECTION_DAYS,
): Date {
  return new Date(decidedAt.getTime() + inspectionDays * DAY_MS);
}

export function extendedAutoReleaseAt(current: Date, days: number): Date {
  return new Date(current.getTime() + days * DAY_MS);
}

/** A time-based release date is moved to at least 48 h after shipment (the buyer always gets to inspect). */
export function earliestTimeRelease(releaseAt: Date, shippedAt: Date | null): Date {
  if (!shippedAt) return releaseAt;
  const floor = shippedAt.getTime() + MIN_HOURS_AFTER_SHIPMENT_FOR_TIME_RELEASE * HOUR_MS;
  return new Date(Math.max(releaseAt.getTime(), floor));
}

/** 'in 2 days 3 hours', 'in 5 hours', 'in 12 minutes', or 'now' (countdowns). */
export function countdownText(until: Date, now: Date): string {
  const ms = until.getTime() - now.getTime();
  if (ms <= 0) return 'now';
  const days = Math.floor(ms / DAY_MS);
  const hours = Math.floor((ms % DAY_MS) / HOUR_MS);
  const minutes = Math.max(1, Math.floor((ms % HOUR_MS) / 60_000));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (days > 0) return `in ${plural(days, 'day')}${hours ? ` ${plural(hours, 'hour')}` : ''}`;
  if (hours > 0) return `in ${plural(hours, 'hour')}`;
  return `in ${plural(minutes, 'minute')}`;
}

/** What countdownText counts: the largest unit left ('now' once passed), and the days, hours and minutes. */
export type CountdownParams = {
  unit: 'now' | 'days' | 'hours' | 'minutes';
  days: number;
  hours: number;
  minutes: number;
};

/** The values of countdownTextMessage and autoReleaseLabelMessage for `until` seen at `now`. */
export function countdownParams(until: Date, now: Date): CountdownParams {
  const ms = until.getTime() - now.getTime();
  if (ms <= 0) return { unit: 'now', days: 0, hours: 0, minutes: 0 };
  const days = Math.floor(ms / DAY_MS);
  const hours = Math.floor((ms % DAY_MS) / HOUR_MS);
  const minutes = Math.max(1, Math.floor((ms % HOUR_MS) / 60_000));
  return { unit: days > 0 ? 'days' : hours > 0 ? 'hours' : 'minutes', days, hours, minutes };
}

/** countdownText as an ICU message, with countdownParams(until, now) as its values. */
export const countdownTextMessage = msg(
  '{unit, select, days {in {days, plural, one {# day} other {# days}}{hours, plural, =0 {} one { # hour} other { # hours}}} hours {in {hours, plural, one {# hour} other {# hours}}} minutes {in {minutes, plural, one {# minute} other {# minutes}}} other {now}}',
);

/**
 * The list card's countdown beside the next-step label while the buyer inspects: 'Releases
 * automatically in 2 days 3 hours', or 'Releasing automatically now' once the deadline has passed.
 */
export function autoReleaseLabel(autoReleaseAt: Date, now: Date): string {
  const left = countdownText(autoReleaseAt, now);
  return left === 'now' ? 'Releasing automatically now' : `Releases automatically ${left}`;
}

/** autoReleaseLabel as an ICU message, with countdownParams(autoReleaseAt, now) as its values. */
export const autoReleaseLabelMessage = msg(
  '{unit, select, days {Releases automatically in {days, plural, one {# day} other {# days}}{hours, plural, =0 {} one { # hour} other { # hours}}} hours {Releases automatically in {hours, plural, one {# hour} other {# hours}}} minutes {Releases automatically in {minutes, plural, one {# minute} other {# minutes}}} other {Releasing automatically now}}',
);
