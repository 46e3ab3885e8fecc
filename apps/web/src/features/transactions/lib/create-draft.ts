import { transactionTotals } from '@escrow/shared/domain/fees';
import { toMajor, toMinor } from '@escrow/shared/domain/money';
import type { PartyRole } from '@escrow/shared/domain/transaction-machine';
import type { TransactionCurrency } from '@escrow/shared/domain/nigeria';
import { TRANSACTION_TEXT, type CreateTransactionInput } from '@escrow/shared/schemas/transactions';

/** The create wizard's form state: inputs as typed (strings), turned into the API payload on submit. */
export type CreateDraft = {
  creatorRole: PartyRole | null;
  useCourier: boolean | null;
  description: string;
  currency: TransactionCurrency;
  price: string;
  estimatedDeliveryDays: string;
  itemType: string;
  itemCategory: string;
  itemCondition: string;
  itemQuantity: string;
  itemBrand: string;
  itemModel: string;
  itemSize: string;
  itemColor: string;
  itemWeight: string;
  itemDimensions: string;
  itemSerialNumber: string;
  itemWarranty: string;
  itemOrigin: string;
  itemAge: string;
  specialInstructions: string;
  returnPolicy: string;
  maximumBudget: string;
  preferredCondition: string;
  specificRequirements: string;
  transactionTerms: string;
};

export const EMPTY_DRAFT: CreateDraft = {
  creatorRole: null,
  useCourier: null,
  description: '',
  currency: 'NGN',
  price: '',
  estimatedDeliveryDays: '3',
  itemType: '',
  itemCategory: '',
  itemCondition: '',
  itemQuantity: '1',
  itemBrand: '',
  itemModel: '',
  itemSize: '',
  itemColor: '',
  itemWeight: '',
  itemDimensions: '',
  itemSerialNumber: '',
  itemWarranty: '',
  itemOrigin: '',
  itemAge: '',
  specialInstructions: '',
  returnPolicy: '',
  maximumBudget: '',
  preferredCondition: '',
  specificRequirements: '',
  transactionTerms: '',
};

export const WIZARD_STEPS = 5;

/** Typed amount in major units ('150,000.50' allowed), or null when it is not a number. */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/,/g, '').trim();
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

/** Spec 01 §5: quantity at least 1, bad input becomes 1. */
export function normalizeQuantity(text: string): string {
  const value = Number.parseInt(text, 10);
  return Number.isFinite(value) && value >= 1 ? String(value) : '1';
}

/** Fee (2.5%, half-up to the kobo) and total for the typed price; null until the price is a valid amount. */
export function feePreview(priceText: string): { fee: number; total: number } | null {
  const price = parseAmount(priceText);
  const minor = price === null ? null : toMinor(price);
  if (minor === null || minor <= 0) return null;
  const { feeMinor, totalMinor } = transactionTotals(minor);
  return { fee: toMajor(feeMinor), total: toMajor(totalMinor) };
}

/** A reason the price cannot be used, or null. Empty/zero is simply not ready (Continue disabled). */
export function priceProblem(priceText: string): string | null {
  if (!priceText.trim()) return null;
  const price = parseAmount(priceText);
  if (price === null || price <= 0) return TRANSACTION_TEXT.priceRequired;
  if (toMinor(price) === null) return TRANSACTION_TEXT.amountDecimals;
  return null;
}

export function deliveryDaysValid(text: string): boolean {
  return /^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 30;
}

/** Spec 01 §5 "Create wizard": whether Continue (steps 1-4) or Create Transaction (step 5) is enabled. */
export function canContinue(step: number, draft: CreateDraft): boolean {
  switch (step) {
    case 1:
      return draft.creatorRole !== null;
    case 2:
      return draft.useCourier !== null;
    case 3:
      return (
        draft.description.trim().length > 0 &&
        feePreview(draft.price) !== null &&
        (!draft.useCourier || deliveryDaysValid(draft.estimatedDeliveryDays))
      );
    case 4:
      return (
        draft.creatorRole !== 'SELLER' || (!!draft.itemType && !!draft.itemCategory && !!draft.itemCondition)
      );
    default:
      return draft.description.trim().length > 0 && feePreview(draft.price) !== null;
  }
}

const text = (value: string) => (value.trim() ? value.trim() : undefined);

/** The API payload for the draft; the role decides which item fields are sent. */
export function toCreatePayload(draft: CreateDraft): CreateTransactionInput {
  const price = parseAmount(draft.price) ?? 0;
  const base = {
    creatorRole: draft.creatorRole ?? 'BUYER',
    useCourier: draft.useCourier ?? false,
    description: draft.description.trim(),
    currency: draft.currency,
    price,
    ...(draft.useCourier ? { estimatedDeliveryDays: Number(draft.estimatedDeliveryDays) } : {}),
  } satisfies CreateTransactionInput;
  if (draft.creatorRole === 'SELLER') {
    const weight = parseAmount(draft.itemWeight);
    return {
      ...base,
      itemType: (text(draft.itemType) as CreateTransactionInput['itemType']) ?? undefined,
      itemCategory: (text(draft.itemCategory) as CreateTransactionInput['itemCategory']) ?? undefined,
      itemCondition: (text(draft.itemCondition) as CreateTransactionInput['itemCondition']) ?? undefined,
      itemQuantity: Number(normalizeQuantity(draft.itemQuantity)),
      itemBrand: text(draft.itemBrand),
      itemModel: text(draft.itemModel),
      itemSize: text(draft.itemSize),
      itemColor: text(draft.itemColor),
      itemWeight: weight ?? undefined,
      itemDimensions: text(draft.itemDimensions),
      itemSerialNumber: text(draft.itemSerialNumber),
      itemWarranty: text(draft.itemWarranty),
      itemOrigin: text(draft.itemOrigin),
      itemAge: text(draft.itemAge),
      specialInstructions: text(draft.specialInstructions),
      returnPolicy: text(draft.returnPolicy),
    };
  }
  const budget = parseAmount(draft.maximumBudget);
  return {
    ...base,
    maximumBudget: budget ?? undefined,
    preferredCondition:
      (text(draft.preferredCondition) as CreateTransactionInput['preferredCondition']) ?? undefined,
    specificRequirements: text(draft.specificRequirements),
    transactionTerms: text(draft.transactionTerms),
  };
}
