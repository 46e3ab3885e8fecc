/**
 * Payment condition texts, without zod: screens import them from here, so a page that only
 * shows them does not download zod with the payment condition schemas (schemas/payment-conditions.ts
 * re-exports them for the forms and the server).
 */
import { PAYMENT_CONDITIONS_LOCKED_TEXT } from '../domain/transaction-labels.ts';
import { msg } from '../i18n/msg.ts';

export const PAYMENT_CONDITION_TEXT = {
  releaseDateRequired: msg('Please select a release date'),
  releaseDatePast: msg('The release date cannot be in the past'),
  locked: PAYMENT_CONDITIONS_LOCKED_TEXT,
  deliveryAdded: msg('Delivery confirmation condition added'),
  timeReleaseFailed: msg('Failed to set time-based release'),
  manualReleaseFailed: msg('Failed to release payment manually'),
  loadFailed: msg('Failed to load payment conditions'),
} as const;
