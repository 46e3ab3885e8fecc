import { useEffect } from 'react';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { useRating } from '../../api/rating';
import type { RatingCardProps } from './rating-card';
import { later } from './later-parts';

/** Rateable once COMPLETED, or CANCELLED by a dispute refund. */
export const isRateable = (tx: Transaction) =>
  tx.status === 'COMPLETED' || (tx.status === 'CANCELLED' && tx.paymentStatus === 'REFUNDED');

// The card with its forms (react-hook-form, zod with the ratings schema) only for a rateable trade.
const RatingCard = later<RatingCardProps>(() => import('./rating-card').then((module) => module.RatingCard));

/** The buyer rates the seller (editable for 7 days); the seller sees it and may reply once. */
export function RatingPanel({ transaction }: { transaction: Transaction }) {
  // A brokered trade's broker neither rates nor replies (the rating is the buyer's and the seller's).
  const rateable = isRateable(transaction) && transaction.viewerIsBroker !== true;
  const rating = useRating(transaction.id, rateable);
  // The card's code is fetched with the rating, not once the rating is here.
  useEffect(() => {
    if (rateable) RatingCard.prefetch();
  }, [rateable]);
  if (!rateable || !rating.data) return null;
  const { rating: given, canRate } = rating.data;
  if (!given && !canRate) return null;
  return <RatingCard transaction={transaction} given={given} />;
}
