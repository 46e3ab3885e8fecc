import { z } from 'zod';
import { DEFAULT_FEE_PAYER, tradeAmounts, type FeePayer } from '@escrow/shared/domain/fees';
import { toMajor, toMinor } from '@escrow/shared/domain/money';
import type { ShippingType } from '@escrow/shared/domain/transaction-machine';
import {
  refinePriceBounds,
  refineSellerItem,
  transactionDraftSchemaFor,
  type CreateTransactionInput,
} from '@escrow/shared/schemas/transactions';
import { msg } from '@escrow/shared/i18n/msg';
import { deviceClock } from '../../../lib/dates';
import {
  milestonesActive,
  milestonesPayload,
  refineMilestoneDrafts,
  type MilestoneDraft,
} from './milestone-drafts';

/**
 * The create wizard's form: react-hook-form over the shared create schema, one `.pick()` per step
 * so each step refuses exactly what the server would, with its words.
 * Typed numbers reach the form already read (lib/form-values), so values have the schema's types.
 */
export type CreateFormValues = {
  creatorRole: 'BUYER' | 'SELLER' | undefined;
  /** Step 2: courier, seller delivery or 'Meet and inspect'; `useCourier` is derived from it. */
  shippingType: ShippingType | undefined;
  feePayer: FeePayer;
  description: string;
  currency: 'NGN' | 'USD' | 'EUR' | 'GBP';
  price: number | undefined;
  estimatedDeliveryDays: number | undefined;
  itemType: string | undefined;
  itemCategory: string | undefined;
  itemCondition: string | undefined;
  itemQuantity: number;
  itemBrand: string;
  itemModel: string;
  itemSize: string;
  itemColor: string;
  itemWeight: number | undefined;
  itemDimensions: string;
  itemSerialNumber: string;
  itemWarranty: string;
  itemOrigin: string;
  itemAge: string;
  specialInstructions: string;
  returnPolicy: string;
  maximumBudget: number | undefined;
  preferredCondition: string | undefined;
  specificRequirements: string;
  transactionTerms: string;
  /** Step 3: 'Pay in milestones' (docs/money.md "Milestones"); the list is kept while it is off. */
  milestonesOn: boolean;
  milestones: MilestoneDraft[];
};

export const EMPTY_CREATE_FORM: CreateFormValues = {
  creatorRole: undefined,
  shippingType: undefined,
  feePayer: DEFAULT_FEE_PAYER,
  description: '',
  currency: 'NGN',
  price: undefined,
  estimatedDeliveryDays: 3,
  itemType: undefined,
  itemCategory: undefined,
  itemCondition: undefined,
  itemQuantity: 1,
  itemBrand: '',
  itemModel: '',
  itemSize: '',
  itemColor: '',
  itemWeight: undefined,
  itemDimensions: '',
  itemSerialNumber: '',
  itemWarranty: '',
  itemOrigin: '',
  itemAge: '',
  specialInstructions: '',
  returnPolicy: '',
  maximumBudget: undefined,
  preferredCondition: undefined,
  specificRequirements: '',
  transactionTerms: '',
  milestonesOn: false,
  milestones: [],
};

export const WIZARD_STEPS = 5;

export const CREATE_STEP_TEXT = {
  roleRequired: msg('Please choose whether you are buying or selling'),
} as const;

/** Only a courier trade asks for delivery days (and sends `useCourier: true`). */
export const usesCourier = (shippingType: ShippingType | undefined) => shippingType === 'COURIER';

const transactionDraftSchema = transactionDraftSchemaFor(deviceClock);
const shape = transactionDraftSchema.shape;
const SELLER_ITEM = [
  'itemType',
  'itemCategory',
  'itemCondition',
  'itemQuantity',
  'itemBrand',
  'itemModel',
  'itemSize',
  'itemColor',
  'itemWeight',
] as const;
const SELLER_EXTRA = [
  'itemDimensions',
  'itemSerialNumber',
  'itemWarranty',
  'itemOrigin',
  'itemAge',
  'specialInstructions',
  'returnPolicy',
] as const;
const BUYER_PREFERENCES = ['maximumBudget', 'preferredCondition', 'specificRequirements'] as const;
const pickOf = <K extends keyof typeof shape>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, true])) as { [P in K]: true };

const pricingFields = (useCourier: boolean) =>
  useCourier
    ? (['description', 'currency', 'price', 'estimatedDeliveryDays', 'feePayer'] as const)
    : (['description', 'currency', 'price', 'feePayer'] as const);

/** The fields each step owns, in screen order (focus goes to the first invalid one). */
export function stepFields(step: number, role: CreateFormValues['creatorRole'], useCourier: boolean) {
  const seller = role === 'SELLER';
  switch (step) {
    case 1:
      return ['creatorRole'] as const;
    case 2:
      return ['shippingType'] as const;
    case 3:
      return [...pricingFields(useCourier), 'milestones'] as const;
    case 4:
      return seller ? SELLER_ITEM : BUYER_PREFERENCES;
    default:
      return seller ? SELLER_EXTRA : (['transactionTerms'] as const);
  }
}

/** The step's schema: the shared create schema's fields for that step, with its cross-field rules. */
export function stepSchema(step: number, role: CreateFormValues['creatorRole'], useCourier: boolean) {
  switch (step) {
    case 1:
      // The schema defaults the role for API callers; the wizard asks for an explicit choice.
      return z
        .object({ creatorRole: shape.creatorRole.unwrap().or(z.undefined()) })
        .refine((v) => v.creatorRole !== undefined, {
          path: ['creatorRole'],
          message: CREATE_STEP_TEXT.roleRequired,
        });
    case 2:
      // Optional for API callers (useCourier decides); the wizard asks for one of the three.
      return z.object({ shippingType: shape.shippingType.unwrap() });
    case 3:
      return transactionDraftSchema
        .pick(pickOf(pricingFields(useCourier)))
        .extend({ milestonesOn: z.boolean(), shippingType: z.unknown(), milestones: z.unknown() })
        .superRefine(refinePriceBounds())
        .superRefine(refineMilestoneDrafts, { when: () => true });
    case 4:
      return role === 'SELLER'
        ? transactionDraftSchema
            .pick({ creatorRole: true, ...pickOf(SELLER_ITEM) })
            .superRefine(refineSellerItem)
        : transactionDraftSchema.pick(pickOf(BUYER_PREFERENCES));
    default:
      return role === 'SELLER'
        ? transactionDraftSchema.pick(pickOf(SELLER_EXTRA))
        : transactionDraftSchema.pick({ transactionTerms: true });
  }
}

/** Quantity at least 1, bad input becomes 1. */
export function quantityValue(text: unknown): number {
  const value = typeof text === 'number' ? text : Number.parseInt(String(text), 10);
  return Number.isSafeInteger(value) && value >= 1 ? value : 1;
}

export type FeePreview = { fee: number; buyerPays: number; sellerReceives: number };

/**
 * Fee (2.5%, half-up to the kobo), what the buyer pays into escrow and what the seller receives, for the
 * price and fee payer, by the server's own rule; null until the price is a valid amount.
 */
export function feePreview(
  price: number | undefined,
  payer: FeePayer = DEFAULT_FEE_PAYER,
): FeePreview | null {
  const minor = typeof price === 'number' ? toMinor(price) : null;
  if (minor === null || minor <= 0) return null;
  const amounts = tradeAmounts(minor, payer);
  return {
    fee: toMajor(amounts.feeMinor),
    buyerPays: toMajor(amounts.buyerPaysMinor),
    sellerReceives: toMajor(amounts.sellerReceivesMinor),
  };
}

/** The filled fields among `keys` (blank optional text is not sent). */
const keep = <K extends keyof CreateFormValues>(values: CreateFormValues, keys: readonly K[]) =>
  Object.fromEntries(
    keys.flatMap((key) => {
      const value = values[key];
      return value === undefined || (typeof value === 'string' && value.trim() === '') ? [] : [[key, value]];
    }),
  );

/** The API payload: the role decides which item fields are sent; the shared schema checks it whole. */
export function toCreatePayload(values: CreateFormValues): CreateTransactionInput {
  const seller = values.creatorRole === 'SELLER';
  const courier = usesCourier(values.shippingType);
  return {
    creatorRole: values.creatorRole ?? 'BUYER',
    useCourier: courier,
    ...(values.shippingType ? { shippingType: values.shippingType } : {}),
    feePayer: values.feePayer,
    description: values.description,
    currency: values.currency,
    price: values.price ?? Number.NaN,
    ...(courier ? { estimatedDeliveryDays: values.estimatedDeliveryDays } : {}),
    ...(milestonesActive(values) ? { milestones: milestonesPayload(values.milestones) } : {}),
    ...(seller
      ? keep(values, [...SELLER_ITEM, ...SELLER_EXTRA])
      : keep(values, [...BUYER_PREFERENCES, 'transactionTerms'])),
  } as CreateTransactionInput;
}

/** The form field a server 400 names: `useCourier` is chosen through the delivery option. */
export const formFieldOf = (field: string): string => (field === 'useCourier' ? 'shippingType' : field);

/** Which step shows a field (a server 400 names the field; the wizard goes back to it). */
export function stepOfField(field: string, role: CreateFormValues['creatorRole']): number | null {
  // 'milestones.1.amount' belongs to the step holding the list.
  const name = formFieldOf(field).split('.')[0]!;
  for (let step = 1; step <= WIZARD_STEPS; step += 1)
    if ((stepFields(step, role, true) as readonly string[]).includes(name)) return step;
  return null;
}
