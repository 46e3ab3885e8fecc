import { z } from 'zod';

/**
 * What we read from Paystack, parsed rather than cast: an answer or event that does not have the
 * shape we act on is refused whole instead of being half-applied. Only the fields we use are
 * required; any other field is allowed, because Paystack adds fields over time.
 * https://paystack.com/docs/api and https://paystack.com/docs/payments/webhooks
 */

/** Amounts are integers in the currency's minor unit (kobo for NGN). */
const minorAmount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** ISO 4217 code, as Paystack sends it ('NGN'). */
const currencyCode = z.string().regex(/^[A-Z]{3}$/);
const nonEmpty = z.string().min(1);

// ---------------------------------------------------------------------------------------------
// REST answers
// ---------------------------------------------------------------------------------------------

/**
 * Every Paystack answer: `{ status, message?, data }`. `data` is checked separately, against the
 * endpoint's own schema, once `status` says the call succeeded (a refusal carries no useful data).
 */
export const paystackEnvelopeSchema = z.looseObject({
  status: z.boolean(),
  message: z.string().optional(),
  data: z.unknown(),
});

/** A non-2xx answer: only its message is read (the HTTP status decides what the refusal means). */
export const paystackRefusalSchema = z.looseObject({ message: z.string().min(1) });

/** POST /transaction/initialize. The customer is sent to this URL, so it must be an https URL. */
export const initializeDataSchema = z.looseObject({ authorization_url: z.url({ protocol: /^https$/ }) });

/** GET /transaction/verify/:reference ('success', 'failed', 'abandoned', 'ongoing', ...). */
export const verifyDataSchema = z.looseObject({
  status: nonEmpty,
  amount: minorAmount,
  currency: currencyCode,
});

/** GET /bank/resolve */
export const resolveAccountDataSchema = z.looseObject({ account_name: nonEmpty });

/** POST /transferrecipient */
export const transferRecipientDataSchema = z.looseObject({ recipient_code: nonEmpty });

/** POST /transfer and GET /transfer/verify/:reference ('success', 'pending', 'otp', 'failed', ...). */
export const transferDataSchema = z.looseObject({ status: nonEmpty, transfer_code: nonEmpty });

/**
 * POST /refund and GET /refund/:id ('pending', 'processing', 'processed', 'failed', ...). The id is
 * Paystack's for the refund, which GET /refund/:id takes.
 */
export const refundDataSchema = z.looseObject({ id: z.union([z.number(), nonEmpty]), status: nonEmpty });

/**
 * GET /refund?transaction={id}&currency=&from=&perPage=: the refunds Paystack has for one transaction,
 * each with the notes we sent (our refund key) and the transaction it refunds (its id, or an object).
 */
export const refundListDataSchema = z.array(
  z.looseObject({
    id: z.union([z.number(), nonEmpty]),
    status: nonEmpty,
    merchant_note: z.string().nullish(),
    customer_note: z.string().nullish(),
    transaction: z
      .union([
        z.number(),
        z.string(),
        z.looseObject({
          id: z.union([z.number(), z.string()]).nullish(),
          reference: z.string().nullish(),
        }),
      ])
      .nullish(),
  }),
);

/** GET /transaction/verify/:reference, for Paystack's own id of the transaction (the refund list's filter). */
export const transactionIdDataSchema = z.looseObject({ id: z.union([z.number(), nonEmpty]) });

/** POST /customer */
export const customerDataSchema = z.looseObject({ customer_code: nonEmpty });

/** POST /dedicated_account */
export const dedicatedAccountDataSchema = z.looseObject({
  account_number: nonEmpty,
  account_name: nonEmpty,
  bank: z.looseObject({ name: nonEmpty }),
});

// ---------------------------------------------------------------------------------------------
// Webhook events
// ---------------------------------------------------------------------------------------------

// Optional fields accept null too: Paystack sends null for absent values in many places.
const eventId = z.union([z.number(), z.string()]).nullish();
const eventReference = nonEmpty;

const chargeSuccessSchema = z.looseObject({
  event: z.literal('charge.success'),
  data: z.looseObject({
    id: eventId,
    reference: eventReference,
    amount: minorAmount,
    currency: currencyCode,
    channel: z.string().nullish(),
    customer: z.looseObject({ customer_code: z.string().nullish() }).nullish(),
  }),
});

const transferSuccessSchema = z.looseObject({
  event: z.literal('transfer.success'),
  data: z.looseObject({ id: eventId, reference: eventReference, transfer_code: z.string().nullish() }),
});

const transferEndedSchema = z.looseObject({
  event: z.enum(['transfer.failed', 'transfer.reversed']),
  data: z.looseObject({ id: eventId, reference: eventReference }),
});

/**
 * refund.processed / refund.failed: the refunded payment's reference (ours) names the refund; Paystack's
 * id of the refund and the amount are checked when sent.
 */
const refundEventSchema = z.looseObject({
  event: z.enum(['refund.processed', 'refund.failed']),
  data: z.looseObject({
    id: eventId,
    transaction_reference: eventReference,
    amount: minorAmount.nullish(),
    refund_reference: z.string().nullish(),
  }),
});

/** The events we act on, discriminated by `event`. */
export const actedPaystackEventSchema = z.discriminatedUnion('event', [
  chargeSuccessSchema,
  transferSuccessSchema,
  transferEndedSchema,
  refundEventSchema,
]);

/** Any well-formed Paystack event: the shape that every event, acted on or not, must have. */
export const paystackEventEnvelopeSchema = z.looseObject({
  event: nonEmpty,
  data: z.looseObject({}),
});

export type ActedPaystackEvent = z.infer<typeof actedPaystackEventSchema>;

// Every type the union acts on, checked complete by the compiler.
const actedEventTypes: Record<ActedPaystackEvent['event'], true> = {
  'charge.success': true,
  'transfer.success': true,
  'transfer.failed': true,
  'transfer.reversed': true,
  'refund.processed': true,
  'refund.failed': true,
};
export const isActedPaystackEventType = (type: string): boolean => Object.hasOwn(actedEventTypes, type);

/** An event we act on, or a well-formed one of a type we do not act on (acknowledged, ignored). */
export type PaystackEvent = ({ kind: 'acted' } & ActedPaystackEvent) | { kind: 'other'; event: string };

export type ParsedPaystackEvent = { ok: true; event: PaystackEvent } | { ok: false; issues: string };

/**
 * Parses a webhook body (already JSON-parsed, after its signature was verified). An event type we
 * act on must have every field we use; a malformed one is refused (Paystack retries, and the fault
 * is visible) rather than applied partly or ignored.
 */
export function parsePaystackEvent(body: unknown): ParsedPaystackEvent {
  const envelope = paystackEventEnvelopeSchema.safeParse(body);
  if (!envelope.success) return { ok: false, issues: describeIssues(envelope.error) };
  if (!isActedPaystackEventType(envelope.data.event))
    return { ok: true, event: { kind: 'other', event: envelope.data.event } };
  const acted = actedPaystackEventSchema.safeParse(body);
  if (!acted.success) return { ok: false, issues: describeIssues(acted.error) };
  return { ok: true, event: { ...acted.data, kind: 'acted' } };
}

/**
 * A short, log-safe description of what failed: each issue's path and zod's message, never the
 * value itself (zod's messages name expected types and bounds, not the input).
 */
export function describeIssues(error: z.ZodError, prefix?: string): string {
  const described = error.issues.slice(0, 5).map((issue) => {
    const path = [...(prefix ? [prefix] : []), ...issue.path.map(String)].join('.') || '(root)';
    return `${path}: ${issue.message}`;
  });
  if (error.issues.length > 5) described.push(`and ${error.issues.length - 5} more`);
  return described.join('; ').slice(0, 500);
}
