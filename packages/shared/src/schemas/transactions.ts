import { z } from 'zod';
import type { Clock } from '../domain/clock.ts';
import { MAX_MAJOR_AMOUNT, toMinor } from '../domain/money.ts';
import {
  COURIERS,
  DELIVERY_COUNTRY,
  ITEM_CATEGORIES,
  ITEM_CONDITIONS,
  ITEM_TYPES,
  NIGERIAN_STATES,
  PAYMENT_METHODS,
  SHIPMENT_ITEM_CONDITIONS,
  TRANSACTION_CURRENCIES,
  type TransactionCurrency,
  isDeliveryPhone,
  todayInLagos,
} from '../domain/nigeria.ts';
import { DEFAULT_PRICE_BOUNDS, priceBoundProblem, type PriceBounds } from '../domain/price-bounds.ts';
import { FEE_PAYERS } from '../domain/fees.ts';
import {
  MAX_MILESTONES,
  MILESTONE_DESCRIPTION_MAX,
  MILESTONE_FILES_MAX,
  MILESTONE_NOTE_MAX,
  MILESTONE_TEXT,
  MILESTONE_TITLE_MAX,
  MIN_MILESTONES,
} from '../domain/milestones.ts';
import { PARTY_ROLES, SHIPPING_TYPES, TRANSACTION_STATUSES } from '../domain/transaction-machine.ts';
import { TRANSACTION_SUCCESS, TRANSACTION_TEXT } from '../texts/transactions.ts';
import { msg } from '../i18n/msg.ts';

// Texts: texts/transactions.ts (zod-free, what screens import); re-exported for forms and the server.
export { TRANSACTION_SUCCESS, TRANSACTION_TEXT };

/** Optional free text: trimmed, bounded, '' becomes undefined. */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((v) => (v ? v : undefined));

const requiredText = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong);

/** A major-unit amount (₦150000 = 150000) that converts exactly to minor units: > 0, ≤ 2 decimals. */
export const positiveAmount = (message: string = TRANSACTION_TEXT.priceRequired) =>
  z
    .number({ error: message })
    .refine((v) => Number.isFinite(v) && v > 0, message)
    .refine((v) => v <= MAX_MAJOR_AMOUNT, TRANSACTION_TEXT.amountTooLarge)
    .refine((v) => toMinor(v) !== null, TRANSACTION_TEXT.amountDecimals);

export const transactionRoleSchema = z.enum(PARTY_ROLES);
export const transactionStatusSchema = z.enum(TRANSACTION_STATUSES);
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);

/**
 * Every field of the create wizard. The object is returned unrefined so each wizard
 * step can `.pick()` its fields; `createTransactionSchemaFor` adds the cross-field rules. `clock` says
 * what "today" is for milestone due dates (the server's clock, or the device's).
 */
export const transactionDraftSchemaFor = (clock: Clock) =>
  z.object({
    creatorRole: transactionRoleSchema.default('BUYER'),
    useCourier: z.boolean({ error: msg('Please choose whether a courier is needed') }),
    /** Without it, useCourier decides (COURIER or SELLER_DELIVERY); IN_PERSON needs useCourier false. */
    shippingType: z
      .enum(SHIPPING_TYPES, { error: msg('Please choose how the item reaches the buyer') })
      .optional(),
    feePayer: z.enum(FEE_PAYERS, { error: msg('Please choose who pays the fee') }).default('BUYER'),
    description: requiredText(
      TRANSACTION_TEXT.descriptionRequired,
      2000,
      msg('Description must be at most 2000 characters'),
    ),
    currency: z.enum(TRANSACTION_CURRENCIES).default('NGN'),
    price: positiveAmount(),
    estimatedDeliveryDays: z
      .number({ error: TRANSACTION_TEXT.deliveryDaysRange })
      .int(TRANSACTION_TEXT.deliveryDaysRange)
      .min(1, TRANSACTION_TEXT.deliveryDaysRange)
      .max(30, TRANSACTION_TEXT.deliveryDaysRange)
      .default(3),
    // Seller: item details (step 4) and additional information (step 5).
    itemType: z.enum(ITEM_TYPES, { error: TRANSACTION_TEXT.itemTypeRequired }).optional(),
    itemCategory: z.enum(ITEM_CATEGORIES, { error: TRANSACTION_TEXT.itemCategoryRequired }).optional(),
    itemCondition: z.enum(ITEM_CONDITIONS, { error: TRANSACTION_TEXT.itemConditionRequired }).optional(),
    itemQuantity: z
      .number({ error: TRANSACTION_TEXT.quantityMin })
      .int(TRANSACTION_TEXT.quantityMin)
      .min(1, TRANSACTION_TEXT.quantityMin)
      .max(1_000_000, msg('Quantity is too large'))
      .default(1),
    itemBrand: optionalText(100, msg('Brand must be at most 100 characters')),
    itemModel: optionalText(100, msg('Model must be at most 100 characters')),
    itemSize: optionalText(100, msg('Size must be at most 100 characters')),
    itemColor: optionalText(100, msg('Colour must be at most 100 characters')),
    itemWeight: z
      .number({ error: msg('Weight must be a number of kilograms') })
      .min(0, msg('Weight cannot be negative'))
      .max(100_000, msg('Weight is too large'))
      .optional(),
    itemDimensions: optionalText(200, msg('Dimensions must be at most 200 characters')),
    itemSerialNumber: optionalText(100, msg('Serial number must be at most 100 characters')),
    itemWarranty: optionalText(500, msg('Warranty must be at most 500 characters')),
    itemOrigin: optionalText(100, msg('Country of origin must be at most 100 characters')),
    itemAge: optionalText(200, msg('Age/usage must be at most 200 characters')),
    specialInstructions: optionalText(2000, msg('Special instructions must be at most 2000 characters')),
    returnPolicy: optionalText(2000, msg('Return policy must be at most 2000 characters')),
    // Buyer: transaction preferences (step 4) and terms (step 5).
    maximumBudget: positiveAmount(msg('Maximum budget must be greater than 0')).optional(),
    preferredCondition: z.enum(ITEM_CONDITIONS).optional(),
    specificRequirements: optionalText(2000, msg('Specific requirements must be at most 2000 characters')),
    transactionTerms: optionalText(5000, msg('Transaction terms must be at most 5000 characters')),
    /** A milestone trade (docs/money.md "Milestones"): 2 to 10 parts adding up to the price exactly. */
    milestones: z
      .array(
        z.object({
          title: requiredText(
            MILESTONE_TEXT.titleRequired,
            MILESTONE_TITLE_MAX,
            msg('Milestone title must be at most 120 characters'),
          ),
          description: optionalText(
            MILESTONE_DESCRIPTION_MAX,
            msg('Milestone description must be at most 1000 characters'),
          ),
          amount: positiveAmount(MILESTONE_TEXT.amountRequired),
          dueDate: z
            .string()
            .regex(/^\d{4}-\d{2}-\d{2}$/, msg('Due date must be a date (YYYY-MM-DD)'))
            .refine(
              (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)),
              msg('Due date must be a date (YYYY-MM-DD)'),
            )
            .refine((v) => v >= todayInLagos(clock.now()), msg('Due date cannot be in the past'))
            .optional(),
        }),
        { error: MILESTONE_TEXT.count },
      )
      .min(MIN_MILESTONES, MILESTONE_TEXT.count)
      .max(MAX_MILESTONES, MILESTONE_TEXT.count)
      .optional(),
    /** Contact Vendor: the invitation is addressed to this user alone (docs/vendors.md). */
    invitedUserId: z.string().trim().min(1).max(64).optional(),
    // The client may send the fee and total it displayed; the server computes its own and ignores these.
    fee: z.number().optional(),
    total: z.number().optional(),
  });

/**
 * The price bound rule (docs/product.md "Money rules") as a refinement of any object holding `price` and
 * `currency`, so the wizard's price step and the server refuse the same prices with the same message.
 */
export function refinePriceBounds(bounds: PriceBounds = DEFAULT_PRICE_BOUNDS) {
  return (
    value: { price?: number | undefined; currency?: TransactionCurrency | undefined },
    ctx: z.RefinementCtx,
  ) => {
    if (typeof value.price !== 'number' || !Number.isFinite(value.price) || value.price <= 0) return;
    const problem = priceBoundProblem(value.price, value.currency ?? 'NGN', bounds);
    if (problem) ctx.addIssue({ code: 'custom', path: ['price'], message: problem });
  };
}

/** A seller describes the item (the create wizard's item step): type, category and condition are required. */
export function refineSellerItem(
  value: {
    creatorRole?: string | undefined;
    itemType?: unknown;
    itemCategory?: unknown;
    itemCondition?: unknown;
  },
  ctx: z.RefinementCtx,
) {
  if (value.creatorRole !== 'SELLER') return;
  const required = [
    ['itemType', TRANSACTION_TEXT.itemTypeRequired],
    ['itemCategory', TRANSACTION_TEXT.itemCategoryRequired],
    ['itemCondition', TRANSACTION_TEXT.itemConditionRequired],
  ] as const;
  for (const [field, message] of required)
    if (!value[field]) ctx.addIssue({ code: 'custom', path: [field], message });
}

/** 'Meet and inspect' has no shipment, so a courier contradicts it (and COURIER needs one). */
export function refineShippingType(
  value: { useCourier?: boolean | undefined; shippingType?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.shippingType === 'IN_PERSON' && value.useCourier)
    ctx.addIssue({ code: 'custom', path: ['shippingType'], message: TRANSACTION_TEXT.inPersonNoCourier });
  if (value.shippingType && value.shippingType !== 'IN_PERSON' && value.useCourier !== undefined) {
    const courier = value.shippingType === 'COURIER';
    if (courier !== value.useCourier)
      ctx.addIssue({
        code: 'custom',
        path: ['shippingType'],
        message: courier
          ? 'Courier delivery needs useCourier: true'
          : 'Seller delivery needs useCourier: false',
      });
  }
}

/** Milestone amounts add up to the price to the kobo; an in-person trade is paid in one part. */
export function refineMilestones(
  value: {
    price?: number | undefined;
    shippingType?: string | undefined;
    milestones?: { amount: number }[] | undefined;
  },
  ctx: z.RefinementCtx,
) {
  if (!value.milestones) return;
  if (value.shippingType === 'IN_PERSON')
    ctx.addIssue({ code: 'custom', path: ['milestones'], message: MILESTONE_TEXT.inPersonNoMilestones });
  const price = typeof value.price === 'number' ? toMinor(value.price) : null;
  const parts = value.milestones.map((m) => toMinor(m.amount));
  if (price === null || parts.some((p) => p === null)) return;
  if (parts.reduce<number>((sum, p) => sum + p!, 0) !== price)
    ctx.addIssue({ code: 'custom', path: ['milestones'], message: MILESTONE_TEXT.sum });
}

/** The create body for the given clock and price bounds (the server passes its own). */
export const createTransactionSchemaFor = (clock: Clock, bounds: PriceBounds = DEFAULT_PRICE_BOUNDS) =>
  transactionDraftSchemaFor(clock)
    .superRefine(refinePriceBounds(bounds))
    .superRefine(refineSellerItem)
    .superRefine(refineShippingType)
    .superRefine(refineMilestones);
export type CreateTransactionInput = z.input<ReturnType<typeof createTransactionSchemaFor>>;
export type CreateTransactionPayload = z.output<ReturnType<typeof createTransactionSchemaFor>>;

/** Delivery details. The country is fixed to Nigeria; the state is one of 36 + FCT. */
export const deliveryDetailsSchema = z.object({
  fullName: requiredText(
    TRANSACTION_TEXT.fullNameRequired,
    120,
    msg('Full name must be at most 120 characters'),
  ),
  phoneNumber: requiredText(
    TRANSACTION_TEXT.phoneRequired,
    30,
    msg('Phone number must be at most 30 characters'),
  ).refine(isDeliveryPhone, TRANSACTION_TEXT.phoneInvalid),
  address: requiredText(TRANSACTION_TEXT.addressRequired, 300, msg('Address must be at most 300 characters')),
  city: requiredText(TRANSACTION_TEXT.cityRequired, 100, msg('City must be at most 100 characters')),
  state: z.enum(NIGERIAN_STATES, { error: TRANSACTION_TEXT.stateRequired }),
  zipCode: requiredText(TRANSACTION_TEXT.zipRequired, 20, msg('ZIP code must be at most 20 characters')),
  country: z
    .literal(DELIVERY_COUNTRY, { error: msg('Delivery addresses must be in Nigeria') })
    .default(DELIVERY_COUNTRY),
  specialInstructions: optionalText(1000, msg('Special instructions must be at most 1000 characters')),
});
export type DeliveryDetails = z.output<typeof deliveryDetailsSchema>;
export const deliveryDetailsBodySchema = z.object({ deliveryDetails: deliveryDetailsSchema });

/** An upload id (UUIDv7 text) as used in shipment photos and attachments. */
export const uploadIdSchema = z.uuid(msg('Invalid upload id'));

/** A calendar day not before today in Lagos (by `clock`). */
const estimatedDeliveryDate = (clock: Clock) =>
  z
    .string({ error: TRANSACTION_TEXT.estimatedDeliveryRequired })
    .min(1, TRANSACTION_TEXT.estimatedDeliveryRequired)
    .regex(/^\d{4}-\d{2}-\d{2}$/, TRANSACTION_TEXT.estimatedDeliveryRequired)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), TRANSACTION_TEXT.estimatedDeliveryRequired)
    .refine((v) => v >= todayInLagos(clock.now()), TRANSACTION_TEXT.estimatedDeliveryPast);

/**
 * Shipment data. Photos are upload ids of purpose shipment_photo. Tracking number and courier are
 * required only when the transaction uses a courier: use `shipmentDataSchemaFor(clock, useCourier)` in
 * forms; the server applies the same. The estimated delivery may not be before today by `clock`.
 */
const shipmentDataSchemaOf = (clock: Clock) =>
  z.object({
    photos: z
      .array(uploadIdSchema, { error: TRANSACTION_TEXT.photoRequired })
      .min(1, TRANSACTION_TEXT.photoRequired)
      .max(5, TRANSACTION_TEXT.photoMax),
    trackingNumber: optionalText(100, msg('Tracking number must be at most 100 characters')),
    courierService: z.enum(COURIERS, { error: TRANSACTION_TEXT.courierRequired }).optional(),
    estimatedDelivery: estimatedDeliveryDate(clock),
    itemCondition: z.enum(SHIPMENT_ITEM_CONDITIONS).default('EXCELLENT'),
    packagingDetails: optionalText(1000, msg('Packaging details must be at most 1000 characters')),
    additionalNotes: optionalText(2000, msg('Additional notes must be at most 2000 characters')),
  });
export type ShipmentDataInput = z.input<ReturnType<typeof shipmentDataSchemaOf>>;
export type ShipmentData = z.output<ReturnType<typeof shipmentDataSchemaOf>>;

/** The courier rule as a list of issues, shared by the form schema and the server. */
export function courierFieldIssues(
  data: Pick<ShipmentData, 'trackingNumber' | 'courierService'>,
  useCourier: boolean,
): { path: 'trackingNumber' | 'courierService'; message: string }[] {
  if (!useCourier) return [];
  const issues: { path: 'trackingNumber' | 'courierService'; message: string }[] = [];
  if (!data.trackingNumber)
    issues.push({ path: 'trackingNumber', message: TRANSACTION_TEXT.trackingRequired });
  if (!data.courierService)
    issues.push({ path: 'courierService', message: TRANSACTION_TEXT.courierRequired });
  return issues;
}

export const shipmentDataSchemaFor = (clock: Clock, useCourier: boolean) =>
  shipmentDataSchemaOf(clock).superRefine((value, ctx) => {
    for (const issue of courierFieldIssues(value, useCourier))
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
export const shippingDetailsBodySchemaFor = (clock: Clock) =>
  z.object({ shipmentData: shipmentDataSchemaOf(clock) });

/**
 * The seller marks a milestone delivered: a note alone is enough; shipment details (photos, tracking)
 * when goods travel, or files for a service (upload ids). At least one of them.
 */
export const deliverMilestoneBodySchemaFor = (clock: Clock) =>
  z
    .object({
      note: optionalText(MILESTONE_NOTE_MAX, msg('Delivery note must be at most 2000 characters')),
      shipmentData: shipmentDataSchemaOf(clock).optional(),
      files: z
        .array(uploadIdSchema)
        .max(MILESTONE_FILES_MAX, msg('You can attach at most 5 files'))
        .optional(),
    })
    .strict()
    .refine((v) => v.note || v.shipmentData || v.files?.length, {
      message: msg('Add a note, shipment details or files for this delivery'),
    });
export type DeliverMilestoneBody = z.output<ReturnType<typeof deliverMilestoneBodySchemaFor>>;

/** Receipt confirmation: the five boxes, all ticked. */
export const RECEIPT_CHECKLIST_ITEMS = [
  'itemReceived',
  'itemMatchesDescription',
  'itemConditionAcceptable',
  'understandFundRelease',
  'noDisputes',
] as const;
const ticked = z.literal(true, { error: TRANSACTION_TEXT.receiptChecklist });
export const receiptChecklistSchema = z.object(
  {
    itemReceived: ticked,
    itemMatchesDescription: ticked,
    itemConditionAcceptable: ticked,
    understandFundRelease: ticked,
    noDisputes: ticked,
  },
  { error: TRANSACTION_TEXT.receiptChecklist },
);
export type ReceiptChecklist = z.infer<typeof receiptChecklistSchema>;

/** Confirm payment: WALLET needs nothing else; BANK_TRANSFER and CARD need the reference from payment-intent. */
export const confirmPaymentSchema = z
  .object({
    paymentMethod: paymentMethodSchema,
    paymentReference: z
      .string()
      .trim()
      .max(100, msg('Payment reference must be at most 100 characters'))
      .optional(),
    // The amount is the transaction's total, decided by the server; a client amount is ignored.
    amount: z.number().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.paymentMethod !== 'WALLET' && !value.paymentReference)
      ctx.addIssue({
        code: 'custom',
        path: ['paymentReference'],
        message: TRANSACTION_TEXT.referenceRequired,
      });
  });
export type ConfirmPaymentInput = z.input<typeof confirmPaymentSchema>;

export const paymentIntentBodySchema = z.object({ paymentMethod: z.enum(['BANK_TRANSFER', 'CARD']) });
export const paymentIntentSchema = z.object({
  reference: z.string(),
  authorizationUrl: z.string().nullable(),
  testMode: z.boolean(),
  amount: z.number(),
  currency: z.string(),
  paymentMethod: z.enum(['BANK_TRANSFER', 'CARD']),
});
export type PaymentIntent = z.infer<typeof paymentIntentSchema>;

export const cancelTransactionSchema = z.object({
  reason: optionalText(500, msg('Reason must be at most 500 characters')),
});
export const joinTransactionSchema = z.object({
  inviteCode: z
    .string({ error: msg('Invitation code is required') })
    .trim()
    .min(1, msg('Invitation code is required'))
    .max(64, TRANSACTION_TEXT.notFound),
});

/** GET /transactions/my-transactions query. */
export const listTransactionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  status: transactionStatusSchema.optional(),
  role: transactionRoleSchema.optional(),
  q: z.string().trim().max(100).optional(),
});
export type ListTransactionsQuery = z.input<typeof listTransactionsQuerySchema>;

export * from './transaction-shapes.ts';
