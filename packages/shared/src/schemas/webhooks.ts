import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_PING_EVENT } from '../domain/webhook-events.ts';
import { msg } from '../i18n/msg.ts';

/**
 * Signed webhooks of the partner API (docs/webhooks.md): the endpoints a user
 * registers, and the log of what was sent to them. The rules' numbers and texts live here once.
 */
export { WEBHOOK_EVENT_TYPES, WEBHOOK_PING_EVENT, type WebhookEventType } from '../domain/webhook-events.ts';

export const WEBHOOK_MAX_ENDPOINTS = 10;
export const WEBHOOK_URL_MAX = 2000;
/** Waits before each retry of a failed attempt: 8 attempts over about 28 hours, then FAILED. */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3600_000,
  5 * 3600_000,
  10 * 3600_000,
  10 * 3600_000,
] as const;
/** After a rotation the previous secret keeps signing (a second signature) this long. */
export const WEBHOOK_PREVIOUS_SECRET_TTL_MS = 24 * 3600_000;
/** An endpoint whose every attempt failed for this long is disabled and its owner e-mailed. */
export const WEBHOOK_DISABLE_AFTER_MS = 3 * 24 * 3600_000;
/** How much of an endpoint's answer is read and kept in the log. */
export const WEBHOOK_RESPONSE_MAX_BYTES = 1024;
export const WEBHOOK_TIMEOUT_MS = 10_000;

export const WEBHOOK_TEXT = {
  urlInvalid: msg('Enter a valid http or https URL'),
  // WEBHOOK_URL_MAX and WEBHOOK_MAX_ENDPOINTS written out (english-messages.test.ts checks them).
  urlTooLong: msg('A webhook URL can have at most 2000 characters'),
  urlCredentials: msg('A webhook URL must not contain a user name or password'),
  httpsRequired: msg('A webhook URL must use https'),
  privateAddress: msg('A webhook URL must not point to a private, loopback, link-local or metadata address'),
  unresolvable: msg('The host of this webhook URL could not be found'),
  eventsRequired: msg('Choose at least one event'),
  nothingToChange: msg('Nothing to change'),
  tooMany: msg('You can have at most 10 webhook endpoints'),
  notFound: msg('Webhook endpoint not found'),
  deliveryNotFound: msg('Webhook delivery not found'),
  disabled: msg('This webhook endpoint is disabled. Enable it first.'),
  created: msg('Webhook endpoint created. Copy the signing secret now: it will not be shown again.'),
  rotated: msg(
    'Signing secret replaced. The previous secret keeps signing alongside the new one for 24 hours.',
  ),
  updated: msg('Webhook endpoint updated'),
  deleted: msg('Webhook endpoint deleted'),
  pingQueued: msg('A ping event is on its way to this endpoint'),
  retryQueued: msg('The delivery will be sent again shortly'),
  contentExpired: msg(
    'This event is more than 30 days old: its content is no longer kept, so it cannot be sent again',
  ),
} as const;

export const webhookUrlSchema = z
  .string({ error: WEBHOOK_TEXT.urlInvalid })
  .trim()
  .max(WEBHOOK_URL_MAX, WEBHOOK_TEXT.urlTooLong)
  .pipe(z.url({ protocol: /^https?$/, error: WEBHOOK_TEXT.urlInvalid }))
  // Credentials in a URL would be shown in every list and log line: the receiver checks signatures instead.
  .refine((url) => {
    try {
      const parsed = new URL(url);
      return parsed.username === '' && parsed.password === '';
    } catch {
      return true; // not a URL at all: z.url() already said so
    }
  }, WEBHOOK_TEXT.urlCredentials);

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES), { error: WEBHOOK_TEXT.eventsRequired })
  .min(1, WEBHOOK_TEXT.eventsRequired)
  .max(WEBHOOK_EVENT_TYPES.length * 2);

export const createWebhookBodySchema = z.object({ url: webhookUrlSchema, events: eventsSchema });
export type CreateWebhookBody = z.input<typeof createWebhookBodySchema>;

export const updateWebhookBodySchema = z
  .object({
    url: webhookUrlSchema.optional(),
    events: eventsSchema.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), WEBHOOK_TEXT.nothingToChange);
export type UpdateWebhookBody = z.input<typeof updateWebhookBodySchema>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  /** Why the server disabled it (every attempt failed for 3 days), or null. */
  disabledReason: z.string().nullable(),
  disabledAt: z.string().nullable(),
  /** Until when the previous secret still signs after a rotation, or null. */
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookListAnswerSchema = z.object({ webhooks: z.array(webhookSchema) });
export const webhookAnswerSchema = z.object({ webhook: webhookSchema });
/** Creation and rotation: the secret (`whsec_` + base64 of 32 random bytes) is shown this once. */
export const webhookSecretAnswerSchema = z.object({ webhook: webhookSchema, secret: z.string() });

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
const eventTypeSchema = z.enum([...WEBHOOK_EVENT_TYPES, WEBHOOK_PING_EVENT]);

/** One event to one endpoint: sent until an attempt answers 2xx or the retries run out. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  /** Also the `webhook-id` header of every attempt. */
  eventId: z.string(),
  eventType: eventTypeSchema,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  createdAt: z.string(),
});
export const webhookDeliveryAnswerSchema = z.object({ delivery: webhookDeliverySchema });

/** One attempt of a delivery, as the log shows it. */
export const webhookAttemptSchema = z.object({
  id: z.string(),
  deliveryId: z.string(),
  eventId: z.string(),
  eventType: eventTypeSchema,
  attempt: z.number().int(),
  /** The endpoint's HTTP status, or null when no answer came (timeout, refused, blocked address). */
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** The first 1 KB of the answer's body. */
  response: z.string(),
  error: z.string().nullable(),
  succeeded: z.boolean(),
  createdAt: z.string(),
  deliveryStatus: z.enum(WEBHOOK_DELIVERY_STATUSES),
  nextAttemptAt: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookAttemptListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const webhookAttemptListAnswerSchema = z.object({
  attempts: z.array(webhookAttemptSchema),
  page: z.number().int(),
  hasMore: z.boolean(),
});
