/**
 * Milestones (docs/money.md "Milestones"): a larger job paid into escrow once and released in 2 to 10 parts.
 * Pure rules shared by the server (which enforces them) and the web app (which shows them): limits,
 * statuses, and how each part's release splits the fee.
 */
import { tradeAmountsWithFee, type FeePayer } from './fees.ts';
import { msg } from '../i18n/msg.ts';

export const MIN_MILESTONES = 2;
export const MAX_MILESTONES = 10;
export const MILESTONE_TITLE_MAX = 120;
export const MILESTONE_DESCRIPTION_MAX = 1000;
export const MILESTONE_NOTE_MAX = 2000;
export const MILESTONE_FILES_MAX = 5;

/** PENDING → DELIVERED → RELEASED, or REFUNDED when a dispute settles the unreleased remainder. */
export const MILESTONE_STATUSES = ['PENDING', 'DELIVERED', 'RELEASED', 'REFUNDED'] as const;
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];
export const MILESTONE_STATUS_LABELS: Record<MilestoneStatus, string> = {
  PENDING: msg('In progress'),
  DELIVERED: msg('Delivered, awaiting approval'),
  RELEASED: msg('Released'),
  REFUNDED: msg('Settled by dispute'),
};

export const MILESTONE_TEXT = {
  /** MIN_MILESTONES and MAX_MILESTONES written out (english-messages.test.ts checks them). */
  count: msg('Add between 2 and 10 milestones'),
  sum: msg('Milestone amounts must add up to the price'),
  titleRequired: msg('Milestone title is required'),
  amountRequired: msg('Milestone amount must be greater than 0'),
  inPersonNoMilestones: msg('Meet and inspect trades are paid in one part, without milestones'),
  notFound: msg('Milestone not found'),
  deliverOnlyPending: msg('Only a milestone in progress can be marked delivered'),
  acceptOnlyDelivered: msg('Only a delivered milestone can be accepted'),
  onlySeller: msg('Only the seller can mark a milestone delivered'),
  onlyBuyer: msg('Only the buyer can accept a milestone'),
  notInProgress: msg('Milestones can only be delivered or accepted while the transaction is in progress'),
} as const;

type Part = { amountMinor: number };

/**
 * Shares of `totalMinor` for each part, pro rata to its amount: ⌊total × amount ÷ price⌋ to the kobo,
 * the last part taking what remains, so the shares always add up to the total.
 */
export function proRataShares(totalMinor: number, parts: readonly Part[]): number[] {
  const price = parts.reduce((sum, p) => sum + p.amountMinor, 0);
  let given = 0;
  return parts.map((part, i) => {
    if (i === parts.length - 1) return totalMinor - given;
    const share = Number((BigInt(totalMinor) * BigInt(part.amountMinor)) / BigInt(price));
    given += share;
    return share;
  });
}

/** What one milestone's release moves out of escrow: the seller's part and the platform's fee part. */
export type MilestoneRelease = { sellerMinor: number; platformMinor: number; escrowOutMinor: number };

/**
 * The release of milestone `index` (in create order) of a trade: the seller receives its amount less its
 * pro-rata share of the seller's fee share; the platform receives its pro-rata share of the whole fee.
 */
export function milestoneRelease(
  trade: { priceMinor: number; feeMinor: number; feePayer: FeePayer },
  parts: readonly Part[],
  index: number,
): MilestoneRelease {
  const { sellerFeeMinor } = tradeAmountsWithFee(trade.priceMinor, trade.feeMinor, trade.feePayer);
  const sellerShare = proRataShares(sellerFeeMinor, parts)[index]!;
  const platform = proRataShares(trade.feeMinor, parts)[index]!;
  const seller = parts[index]!.amountMinor - sellerShare;
  return { sellerMinor: seller, platformMinor: platform, escrowOutMinor: seller + platform };
}

/**
 * What is still in escrow for the unreleased milestones (`open` are their indexes): their price, the
 * platform's and the seller's fee parts, and the buyer's fee part (what the buyer paid on top for them).
 * A one-off trade is the case where nothing was released: the whole price and fee.
 */
export function unreleasedRemainder(
  trade: { priceMinor: number; feeMinor: number; feePayer: FeePayer },
  parts: readonly Part[],
  open: readonly number[],
): { priceMinor: number; feeMinor: number; sellerFeeMinor: number; buyerFeeMinor: number } {
  const { sellerFeeMinor } = tradeAmountsWithFee(trade.priceMinor, trade.feeMinor, trade.feePayer);
  const fee = proRataShares(trade.feeMinor, parts);
  const seller = proRataShares(sellerFeeMinor, parts);
  const sum = (values: number[]) => open.reduce((total, i) => total + values[i]!, 0);
  const feeMinor = sum(fee);
  const sellerFee = sum(seller);
  return {
    priceMinor: open.reduce((total, i) => total + parts[i]!.amountMinor, 0),
    feeMinor,
    sellerFeeMinor: sellerFee,
    buyerFeeMinor: feeMinor - sellerFee,
  };
}
