/**
 * Transaction texts, without zod: screens import them from here, so a page that only shows them does not
 * download zod with the transaction schemas (schemas/transactions.ts re-exports them for the forms and
 * the server).
 */
import { formatNumber } from '../domain/en-ng-format.ts';
import { MAX_MAJOR_AMOUNT } from '../domain/money.ts';

/** Transaction texts (docs/product.md "Texts that matter"), only here; forms and server share them. */
export const TRANSACTION_TEXT = {
  descriptionRequired: 'Description is required',
  priceRequired: 'Price must be greater than 0',
  amountDecimals: 'Amounts can have at most 2 decimal places',
  amountTooLarge: `Amount cannot exceed ${formatNumber(MAX_MAJOR_AMOUNT)}`,
  itemTypeRequired: 'Item type is required',
  itemCategoryRequired: 'Item category is required',
  itemConditionRequired: 'Item condition is required',
  deliveryDaysRange: 'Estimated delivery days must be between 1 and 30',
  quantityMin: 'Quantity must be at least 1',
  fullNameRequired: 'Full name is required',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid Nigerian phone number',
  addressRequired: 'Address is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  zipRequired: 'ZIP code is required',
  deliveryFailed: 'Please fill in all required fields correctly',
  photoRequired: 'Please upload at least one photo of the item',
  photoMax: 'You can upload at most 5 photos',
  trackingRequired: 'Please enter tracking number',
  courierRequired: 'Please select courier service',
  estimatedDeliveryRequired: 'Please enter estimated delivery date',
  estimatedDeliveryPast: 'Estimated delivery date cannot be in the past',
  receiptChecklist: 'Please confirm all items before proceeding',
  referenceRequired: 'Payment reference is required',
  insufficientBalance: 'Insufficient wallet balance',
  notFound: 'Transaction Not Found',
  inPersonNoCourier: 'Meet and inspect does not use a courier',
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
} as const;

/** Success texts, sent as the envelope's `message` and shown as toasts. */
export const TRANSACTION_SUCCESS = {
  created: 'Transaction created successfully! Share the link with your counterparty.',
  joined: 'Successfully joined the transaction!',
  deliverySaved: 'Delivery details saved successfully!',
  paymentConfirmed: 'Payment confirmed successfully!',
  shipmentConfirmed: 'Shipment confirmed successfully!',
  completed: 'Transaction completed successfully!',
  cancelled: 'Transaction cancelled',
} as const;
