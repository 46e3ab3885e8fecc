import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { WEBHOOK_DELIVERY_STATUSES } from '@escrow/shared/schemas/webhooks';
import { id, timestamps } from '../columns.ts';
import { users } from './users.ts';

const instant = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * Signed webhooks (docs/webhooks.md), owned by the webhooks module. An endpoint belongs to one user.
 * Its signing secret must be readable to sign with, so it is stored sealed (AES-256-GCM under a key
 * derived from IDENTITY_ENCRYPTION_KEY) rather than hashed; after a rotation the previous one signs too
 * until `previous_secret_expires_at`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    ownerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    events: text().array().notNull(),
    enabled: boolean().notNull().default(true),
    secretSealed: text().notNull(),
    previousSecretSealed: text(),
    previousSecretExpiresAt: instant(),
    /** Since when every attempt failed (null after any success); 3 days of it disables the endpoint. */
    failingSince: instant(),
    disabledAt: instant(),
    disabledReason: text(),
    ...timestamps,
  },
  (t) => [index('webhook_endpoints_owner_idx').on(t.ownerId)],
);
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * The outbox: one event per owner, written in the same database transaction as the change it reports.
 * `id` is the `webhook-id` of every attempt; `body` is the exact JSON sent, the same on every attempt.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: id(),
    ownerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    body: text().notNull(),
    ...timestamps,
  },
  (t) => [index('webhook_events_created_idx').on(t.createdAt)],
);
export type WebhookEventRow = typeof webhookEvents.$inferSelect;

/**
 * One event to one endpoint. PENDING deliveries are claimed by the scheduler (FOR UPDATE SKIP LOCKED,
 * then a lease in `locked_until` held by `lock_token`), so instances never send the same attempt twice
 * in normal operation; a lease that runs out (a crashed instance) lets another instance send it again.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    eventId: text()
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: text()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: text({ enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('PENDING'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: instant(),
    lockedUntil: instant(),
    lockToken: text(),
    lastStatusCode: integer(),
    lastAttemptAt: instant(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_endpoint_idx').on(t.eventId, t.endpointId),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'PENDING'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId),
    check(
      'webhook_deliveries_pending_has_time',
      sql`${t.status} <> 'PENDING' or ${t.nextAttemptAt} is not null`,
    ),
  ],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Every attempt of a delivery, as the owner's delivery log shows it. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    deliveryId: text()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    endpointId: text().notNull(),
    attempt: integer().notNull(),
    statusCode: integer(),
    durationMs: integer().notNull(),
    /** The first 1 KB of the answer's body. */
    response: text().notNull().default(''),
    error: text(),
    succeeded: boolean().notNull(),
    ...timestamps,
  },
  (t) => [
    index('webhook_attempts_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_attempts_delivery_idx').on(t.deliveryId),
  ],
);
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
