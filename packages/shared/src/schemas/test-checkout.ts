import { z } from 'zod';
import { msg } from '../i18n/msg.ts';

/**
 * The test checkout (sandbox provider only): what a buyer sees instead of Paystack's hosted page while
 * payments run in test mode. Card outcomes follow the test card the buyer types, as on Paystack's test
 * checkout; a bank transfer is settled by 'I have sent the money'.
 */
export const TEST_CARDS = [
  { number: '4084084084084081', outcome: 'success', label: msg('Visa · payment succeeds') },
  { number: '4084080000005408', outcome: 'declined', label: msg('Visa · declined by the bank') },
  { number: '5060666666666666666', outcome: 'insufficient_funds', label: msg('Verve · insufficient funds') },
] as const;

export type TestCardOutcome = (typeof TEST_CARDS)[number]['outcome'];

export const TEST_CHECKOUT_TEXT = {
  unknownCard: msg('This card is not a test card. Use one of the test cards listed on this page.'),
  expired: msg('This card has expired'),
  declined: msg('Your bank declined this payment. Try another card or pay by bank transfer.'),
  insufficientFunds: msg('Insufficient funds on this card. Try another card or pay by bank transfer.'),
  alreadyPaid: msg('This payment has already been completed.'),
  closed: msg(
    'This payment can no longer be completed. Go back to the transaction and start the payment again.',
  ),
  /** The account a test-mode bank transfer is "sent" to. Shown with the Test mode badge. */
  transferBank: msg('Wema Bank (test)'),
  transferAccountName: 'AMANA ESCROW COLLECTIONS (TEST)',
} as const;

/** Digits of a card field, with its texts ('{label} is required', '{label} must contain digits only', …). */
const digits = (
  min: number,
  max: number,
  text: { required: string; digitsOnly: string; tooShort: string; tooLong: string },
) =>
  z
    .string({ error: text.required })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d+$/, text.digitsOnly).min(min, text.tooShort).max(max, text.tooLong));

export const testCardPaymentSchema = z.object({
  method: z.literal('CARD'),
  cardNumber: digits(12, 19, {
    required: msg('Card number is required'),
    digitsOnly: msg('Card number must contain digits only'),
    tooShort: msg('Card number must be at least 12 digits'),
    tooLong: msg('Card number must be at most 19 digits'),
  }),
  expiry: z
    .string({ error: msg('Expiry date is required') })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, msg('Expiry date must be MM/YY')),
  cvv: digits(3, 4, {
    required: msg('CVV is required'),
    digitsOnly: msg('CVV must contain digits only'),
    tooShort: msg('CVV must be at least 3 digits'),
    tooLong: msg('CVV must be at most 4 digits'),
  }),
});
export const testTransferPaymentSchema = z.object({ method: z.literal('BANK_TRANSFER') });
export const testCheckoutBodySchema = z.discriminatedUnion('method', [
  testCardPaymentSchema,
  testTransferPaymentSchema,
]);
export type TestCheckoutBody = z.input<typeof testCheckoutBodySchema>;

export const testCheckoutSchema = z.object({
  reference: z.string(),
  amount: z.number(),
  currency: z.string(),
  method: z.enum(['BANK_TRANSFER', 'CARD']),
  email: z.string(),
  status: z.enum(['PENDING', 'SUCCEEDED', 'FAILED']),
  failureReason: z.string().nullable(),
  /** Where the buyer goes back to: the transaction's payment page with the reference. */
  returnPath: z.string(),
  transfer: z.object({ bankName: z.string(), accountNumber: z.string(), accountName: z.string() }),
});
export type TestCheckout = z.infer<typeof testCheckoutSchema>;

export const testCheckoutResultSchema = z.object({
  status: z.enum(['success', 'failed']),
  message: z.string().nullable(),
  returnPath: z.string(),
});
export type TestCheckoutResult = z.infer<typeof testCheckoutResultSchema>;
