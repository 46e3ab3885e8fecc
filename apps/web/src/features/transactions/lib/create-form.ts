import { z } from 'zod';
import { transactionTotals } from '@escrow/shared/domain/fees';
import { toMajor, toMinor } from '@escrow/shared/domain/money';
import {
  refinePriceBounds,
  refineSellerItem,
  transactionDraftSchema,
  type CreateTransactionInput,
} from '@escrow/shared/schemas/transactions';

/**
 * The create wizard's form: react-hook-form over the shared create schema, one `.pick()` per step
 * (spec 01 §5 "Create wizard"), so each step refuses exactly what the server would, with its words.
 * Typed numbers reach the form already read (lib/form-values), so values have the schema's types.
 */
export type CreateFormValues = {
  creatorRole: 'BUYER' | 'SELLER' | undefined;
  useCourier: boolean | undefined;
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
};

export const EMPTY_CREATE_FORM: CreateFormValues = {
  creatorRole: undefined,
  useCourier: undefined,
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
};

export const WIZARD_STEPS = 5;

export const CREATE_STEP_TEXT = {
  roleRequired: 'Please choose whether you are buying or selling',
} as const;

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

/** The fields each step owns, in screen order (focus goes to the first invalid one). */
export function stepFields(step: number, role: CreateFormValues['creatorRole'], useCourier: boolean) {
  const seller = role === 'SELLER';
  switch (step) {
    case 1:
      return ['creatorRole'] as const;
    case 2:
      return ['useCourier'] as const;
    case 3:
      return useCourier
        ? (['description', 'currency', 'price', 'estimatedDeliveryDays'] as const)
        : (['description', 'currency', 'price'] as const);
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
      return transactionDraftSchema.pick({ useCourier: true });
    case 3:
      return transactionDraftSchema
        .pick(pickOf(stepFields(3, role, useCourier)))
        .superRefine(refinePriceBounds());
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

/** Spec 01 §5: quantity at least 1, bad input becomes 1. */
export function quantityValue(text: unknown): number {
  const value = typeof text === 'number' ? text : Number.parseInt(String(text), 10);
  return Number.isSafeInteger(value) && value >= 1 ? value : 1;
}

/** Fee (2.5%, half-up to the kobo) and total for the price; null until the price is a valid amount. */
export function feePreview(price: number | undefined): { fee: number; total: number } | null {
  const minor = typeof price === 'number' ? toMinor(price) : null;
  if (minor === null || minor <= 0) return null;
  const { feeMinor, totalMinor } = transactionTotals(minor);
  return { fee: toMajor(feeMinor), total: toMajor(totalMinor) };
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
  return {
    creatorRole: values.creatorRole ?? 'BUYER',
    useCourier: values.useCourier ?? false,
    description: values.description,
    currency: values.currency,
    price: values.price ?? Number.NaN,
    ...(values.useCourier ? { estimatedDeliveryDays: values.estimatedDeliveryDays } : {}),
    ...(seller
      ? keep(values, [...SELLER_ITEM, ...SELLER_EXTRA])
      : keep(values, [...BUYER_PREFERENCES, 'transactionTerms'])),
  } as CreateTransactionInput;
}

/** Which step shows a field (a server 400 names the field; the wizard goes back to it). */
export function stepOfField(field: string, role: CreateFormValues['creatorRole']): number | null {
  for (let step = 1; step <= WIZARD_STEPS; step += 1)
    if ((stepFields(step, role, true) as readonly string[]).includes(field)) return step;
  return null;
}
