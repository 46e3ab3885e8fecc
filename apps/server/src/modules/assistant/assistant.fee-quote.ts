import { tradeAmounts } from '@escrow/shared/domain/fees';
import { formatMoney, toMajor, toMinor } from '@escrow/shared/domain/money';
import { priceBoundProblem, type PriceBounds } from '@escrow/shared/domain/price-bounds';
import { msg } from '@escrow/shared/i18n/msg';
import { inEnglish, type Say } from './assistant.knowledge-types.ts';

const MULTIPLIERS: Record<string, number> = {
  k: 1_000,
  thousand: 1_000,
  m: 1_000_000,
  mil: 1_000_000,
  million: 1_000_000,
  millions: 1_000_000,
  // Thousand and million in Hausa, Yoruba and Igbo ('50 dubu', '2 miliyan', '2 milionu', '40 puku').
  dubu: 1_000,
  egberun: 1_000,
  puku: 1_000,
  miliyan: 1_000_000,
  milionu: 1_000_000,
  nde: 1_000_000,
};

/**
 * The naira amount a question names ('4.5 million naira', '250k', '₦80,000', '1m'), or null. A bare number
 * counts only with a unit, a naira sign or word, or thousands separators, so '2012 Corolla' is not a price.
 */
export function amountIn(question: string): number | null {
  const pattern =
    /(₦|\bn(?=\d)|\bngn\s*)?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(k|thousand|m|mil|millions?|dubu|egberun|puku|miliyan|milionu|nde)?\b\s*(naira|ngn)?/gi;
  const plain = question.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  let best: number | null = null;
  for (const match of plain.matchAll(pattern)) {
    const [, sign, digits, unit, word] = match;
    if (!sign && !unit && !word && !digits!.includes(',')) continue;
    const value = Number(digits!.replace(/,/g, '')) * (unit ? MULTIPLIERS[unit.toLowerCase()]! : 1);
    if (Number.isFinite(value) && (best === null || value > best)) best = value;
  }
  return best;
}

/**
 * 'For a price of ₦4,500,000.00 the escrow fee is ₦112,500.00. If the buyer pays it (the default) ...', each
 * fee payer's amounts from the fee the code charges (docs/money.md "Who pays the fee"), in the language
 * `say` writes.
 */
export function feeQuote(question: string, bounds: PriceBounds, say: Say = inEnglish): string | null {
  const price = amountIn(question);
  if (price === null) return null;
  const minor = toMinor(price);
  if (minor === null || priceBoundProblem(price, 'NGN', bounds)) return null;
  const money = (amount: number) => formatMoney(toMajor(amount));
  const buyer = tradeAmounts(minor, 'BUYER');
  const seller = tradeAmounts(minor, 'SELLER');
  const split = tradeAmounts(minor, 'SPLIT');
  return say(
    msg(
      'For a price of {price} the escrow fee is {fee}. If the buyer pays it (the default), the buyer pays {buyerTotal} in total. If the seller pays it, the buyer pays {sellerCaseBuyerPays} and the seller receives {sellerCaseSellerReceives}. Split 50/50, the buyer pays {splitBuyerPays} and the seller receives {splitSellerReceives}.',
    ),
    {
      price: formatMoney(price),
      fee: money(buyer.feeMinor),
      buyerTotal: money(buyer.buyerPaysMinor),
      sellerCaseBuyerPays: money(seller.buyerPaysMinor),
      sellerCaseSellerReceives: money(seller.sellerReceivesMinor),
      splitBuyerPays: money(split.buyerPaysMinor),
      splitSellerReceives: money(split.sellerReceivesMinor),
    },
  );
}
