import { z } from 'zod';

/**
 * The test checkout (sandbox provider only): what a buyer sees instead of Paystack's hosted page while
 * payments run in test mode. Card outcomes follow the test card the buyer types, as on Paystack's test
 * checkout; a bank transfer is settled by 'I have sent the money'.
 */
export const TEST_CARDS = [
  { number: '4084084084084081', outcome: 'success', label: 'Visa · payment succeeds' },
  { number: '4084080000005408', outcome: 'declined', label: 'Visa · declined by the bank' },
  { number: '5060666666666666666', outcome: 'insufficient_funds', label: 'Verve · insufficient funds' },
] as const;

export type TestCardOutcome = (typeof TEST_CARDS)[number]['outcome'];

export const TEST_CHECKOUT_TEXT = {
  unknownCard: 'This card is not a test card. Use one of the test cards listed on this page.',
  expired: 'This card has expired',
  declined: 'Your bank declined this payment. Try another card or pay by bank transfer.',
  insufficientFunds: 'Insufficient funds on this card. Try another card or pay by bank transfer.',
  alreadyPaid: 'This payment has already been completed.',
  closed: 'This payment can no longer be completed. Go back to the transaction and start the payment again.',
  /** The account a test-mode bank transfer is "sent" to. Shown with the Test mode badge. */
  transferBank: 'Wema Bank (test)',
  transferAccountName: 'AMANA ESCROW COLLECTIONS (TEST)',
} as const;

const digits = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} is required` })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .regex(/^\d+$/, `${label} must contain digits only`)
        .min(min, `${label} must be at least ${min} digits`)
        .max(max, `${label} must be at most ${max} digits`),
    );

export const testCardPaymentSchema = z.object({
  method: z.literal('CARD'),
  cardNumber: digits('Card number', 12, 19),
  expiry: z
    .string({ error: 'Expiry date is required' })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Expiry date must be MM/YY'),
  cvv: digits('CVV', 3, 4),
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
