/**
 * Transaction texts, without zod: screens import them from here, so a page that only shows them does not
 * download zod with the transaction schemas (schemas/transactions.ts re-exports them for the forms and
 * the server).
 */
import { msg } from '../i18n/msg.ts';

/** Transaction texts (docs/product.md "Texts that matter"), only here; forms and server share them. */
export const TRANSACTION_TEXT = {
  descriptionRequired: msg('Description is required'),
  priceRequired: msg('Price must be greater than 0'),
  amountDecimals: msg('Amounts can have at most 2 decimal places'),
  /** MAX_MAJOR_AMOUNT as formatNumber writes it (english-messages.test.ts checks it). */
  amountTooLarge: msg('Amount cannot exceed 1,000,000,000,000'),
  itemTypeRequired: msg('Item type is required'),
  itemCategoryRequired: msg('Item category is required'),
  itemConditionRequired: msg('Item condition is required'),
  deliveryDaysRange: msg('Estimated delivery days must be between 1 and 30'),
  quantityMin: msg('Quantity must be at least 1'),
  fullNameRequired: msg('Full name is required'),
  phoneRequired: msg('Phone number is required'),
  phoneInvalid: msg('Please enter a valid Nigerian phone number'),
  addressRequired: msg('Address is required'),
  cityRequired: msg('City is required'),
  stateRequired: msg('State is required'),
  zipRequired: msg('ZIP code is required'),
  deliveryFailed: msg('Please fill in all required fields correctly'),
  photoRequired: msg('Please upload at least one photo of the item'),
  photoMax: msg('You can upload at most 5 photos'),
  trackingRequired: msg('Please enter tracking number'),
  courierRequired: msg('Please select courier service'),
  estimatedDeliveryRequired: msg('Please enter estimated delivery date'),
  estimatedDeliveryPast: msg('Estimated delivery date cannot be in the past'),
  receiptChecklist: msg('Please confirm all items before proceeding'),
  referenceRequired: msg('Payment reference is required'),
  insufficientBalance: msg('Insufficient wallet balance'),
  notFound: msg('Transaction Not Found'),
  inPersonNoCourier: msg('Meet and inspect does not use a courier'),
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  /** {field}: the field's name; {max}: the number. */
  tooLongMessage: msg('{field} must be at most {max} characters'),
} as const;

/** Success texts, sent as the envelope's `message` and shown as toasts. */
export const TRANSACTION_SUCCESS = {
  created: msg('Transaction created successfully! Share the link with your counterparty.'),
  joined: msg('Successfully joined the transaction!'),
  deliverySaved: msg('Delivery details saved successfully!'),
  paymentConfirmed: msg('Payment confirmed successfully!'),
  shipmentConfirmed: msg('Shipment confirmed successfully!'),
  completed: msg('Transaction completed successfully!'),
  cancelled: msg('Transaction cancelled'),
} as const;

/**
 * Cancellation reasons the server writes (a party's own reason is stored as typed). A dispute's refund
 * stores DISPUTE_CANCELLATION_PREFIX + the decision's reason, so the transaction keeps one text column.
 */
export const CANCELLATION_TEXT = {
  invitationExpired: msg('Invitation expired'),
  /** {reason}: the dispute decision's reason, as written. */
  dispute: msg('Dispute: {reason}'),
} as const;
export const DISPUTE_CANCELLATION_PREFIX = 'Dispute: ';

/** A stored cancellation reason as a message in its reader's language (a typed reason stays as typed). */
export function cancellationReasonMessage(stored: string): { message: string; params?: { reason: string } } {
  if (stored.startsWith(DISPUTE_CANCELLATION_PREFIX))
    return {
      message: CANCELLATION_TEXT.dispute,
      params: { reason: stored.slice(DISPUTE_CANCELLATION_PREFIX.length) },
    };
  return { message: stored };
}
