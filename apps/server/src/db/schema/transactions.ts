import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { FEE_PAYERS } from '@escrow/shared/domain/fees';
import { MILESTONE_STATUSES } from '@escrow/shared/domain/milestones';
import { SHIPPING_TYPES, TRANSACTION_STATUSES } from '@escrow/shared/domain/transaction-machine';
import { PAYMENT_STATUSES } from '@escrow/shared/schemas/transaction-shapes';
import type { DeliveryDetails, ShipmentData } from '@escrow/shared/schemas/transactions';
import { id, timestamps } from '../columns.ts';
import { users } from './users.ts';

const instant = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * One escrow deal between a creator and a counterparty. Money in minor units; the fee is fixed at
 * creation. `total` is what the buyer pays into escrow: price + the buyer's share of the fee by
 * `fee_payer` (BUYER all of it, SELLER none, SPLIT ⌈fee/2⌉), enforced by a CHECK. Status changes only through the shared state
 * machine with a guarded `update ... where status = $from`.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    description: text().notNull(),
    currency: text().notNull().default('NGN'),
    price: bigint({ mode: 'number' }).notNull(),
    fee: bigint({ mode: 'number' }).notNull(),
    total: bigint({ mode: 'number' }).notNull(),
    /** Who pays the fee (docs/money.md "Who pays the fee"); fixed once someone joined. */
    feePayer: text({ enum: FEE_PAYERS }).notNull().default('BUYER'),
    useCourier: boolean().notNull(),
    /** COURIER or SELLER_DELIVERY follow useCourier; IN_PERSON waits in WAITING_FOR_HANDOVER after payment. */
    shippingType: text({ enum: SHIPPING_TYPES }).notNull(),
    /** A milestone trade (its parts in transaction_milestones): IN_PROGRESS after payment. */
    hasMilestones: boolean().notNull().default(false),
    status: text({ enum: TRANSACTION_STATUSES }).notNull().default('PENDING'),
    /**
     * The creator's side. A brokered trade (partner API role BROKER) has no creator among its parties:
     * its creator side is the seller (creator_role SELLER), null until the seller joins through their
     * invitation, and the counterparty is the buyer; the broker is `broker_id`.
     */
    creatorId: text().references(() => users.id),
    creatorRole: text({ enum: ['BUYER', 'SELLER'] }).notNull(),
    counterpartyId: text().references(() => users.id),
    /** A brokered trade's broker: sees it and may cancel it before payment, takes no other step. */
    brokerId: text().references(() => users.id),
    /**
     * The broker's commission (minor units, ≤ 20% of the price, 0 without a broker): taken from what the
     * seller receives and credited to the broker on release (domain/commission.ts).
     */
    commission: bigint({ mode: 'number' }).notNull().default(0),
    paymentStatus: text({ enum: PAYMENT_STATUSES }),
    paymentMethod: text({ enum: ['WALLET', 'BANK_TRANSFER', 'CARD'] }),
    paymentReference: text(),
    paidAt: instant(),
    shippedAt: instant(),
    completedAt: instant(),
    cancelledAt: instant(),
    cancellationReason: text(),
    disputedAt: instant(),
    /**
     * The inspection window (docs/disputes.md): set at shipment, released by the scheduler at this time
     * unless DISPUTED. Reminders are sent once each (48 h, 24 h before); one extension.
     */
    autoReleaseAt: instant(),
    autoReleaseReminder48SentAt: instant(),
    autoReleaseReminder24SentAt: instant(),
    inspectionExtendedAt: instant(),
    /** The latest dispute raised on this transaction (no foreign key: disputes reference transactions). */
    disputeId: text(),
    estimatedDeliveryDays: integer(),
    deliveryDetails: jsonb().$type<DeliveryDetails>(),
    shipmentData: jsonb().$type<ShipmentData>(),
    itemType: text(),
    itemCategory: text(),
    itemCondition: text(),
    itemQuantity: integer().notNull().default(1),
    itemBrand: text(),
    itemModel: text(),
    itemSize: text(),
    itemColor: text(),
    itemWeight: doublePrecision(),
    itemDimensions: text(),
    itemSerialNumber: text(),
    itemWarranty: text(),
    itemOrigin: text(),
    itemAge: text(),
    specialInstructions: text(),
    returnPolicy: text(),
    maximumBudget: bigint({ mode: 'number' }),
    preferredCondition: text(),
    specificRequirements: text(),
    transactionTerms: text(),
    /**
     * Partner API (docs/partner-api.md): the partner's own order id (unique per creator), the title and
     * metadata it gave, and the key that created it. All null for a transaction made in the app.
     */
    partnerReference: text(),
    partnerTitle: text(),
    partnerMetadata: jsonb().$type<Record<string, string>>(),
    partnerKeyId: text(),
    ...timestamps,
  },
  (t) => [
    // A partner reference is unique per owner: the creator of a seller's partner trade, the broker of a
    // brokered one (whose creator side is the seller, who may have references of their own).
    uniqueIndex('transactions_partner_reference_idx')
      .on(t.creatorId, t.partnerReference)
      .where(sql`${t.partnerReference} is not null and ${t.brokerId} is null`),
    uniqueIndex('transactions_broker_reference_idx')
      .on(t.brokerId, t.partnerReference)
      .where(sql`${t.partnerReference} is not null and ${t.brokerId} is not null`),
    index('transactions_broker_list_idx')
      .on(t.brokerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.brokerId} is not null`),
    // The broker's side of the list with a status filter (migration 0023), like the parties' status
    // indexes below: a filtered page of a broker's trades stops after one page too.
    index('transactions_broker_status_list_idx')
      .on(t.brokerId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.brokerId} is not null`),
    // The list reads each side newest first with the id as tie-breaker: (member, created_at desc, id desc)
    // lets it stop after one page instead of sorting every transaction of a busy account. NULLS FIRST is
    // PostgreSQL's default for DESC, so `order by created_at desc, id desc` matches the index exactly.
    index('transactions_creator_list_idx').on(
      t.creatorId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('transactions_counterparty_list_idx').on(
      t.counterpartyId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('transactions_status_idx').on(t.status),
    index('transactions_auto_release_idx')
      .on(t.autoReleaseAt)
      .where(sql`${t.status} = 'WAITING_FOR_BUYER_CONFIRMATION'`),
    // The list's filters (status, role) and the other-party name search read their own range of each side,
    // still newest first, so a filtered page stops after one page too (migration 0004; the role filter is
    // on creator_role: the viewer's role on a side decides the creator's).
    index('transactions_creator_status_list_idx').on(
      t.creatorId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('transactions_counterparty_status_list_idx').on(
      t.counterpartyId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('transactions_creator_role_list_idx').on(
      t.creatorId,
      t.creatorRole,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('transactions_counterparty_role_list_idx').on(
      t.counterpartyId,
      t.creatorRole,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('transactions_creator_counterparty_list_idx').on(
      t.creatorId,
      t.counterpartyId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('transactions_counterparty_creator_list_idx').on(
      t.counterpartyId,
      t.creatorId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Search (modules/transactions/transactions.list.ts): a trigram index (pg_trgm, created by
    // migration 0004) answers `description ilike '%term%'` for terms of 3 characters and more; fastupdate
    // off keeps it free of a pending list that only VACUUM merges (PGlite has no autovacuum). An id is
    // found by the reference the cards show (its last 8 characters) or any longer end of it.
    index('transactions_description_trgm_idx')
      .using('gin', t.description.op('gin_trgm_ops'))
      .with({ fastupdate: 'off' }),
    index('transactions_id_reference_idx').on(sql`right(${t.id}, 8)`),
    check(
      'transactions_amounts',
      // (fee + 1) / 2 is ⌈fee/2⌉ in integer division for a non-negative fee.
      sql`${t.price} > 0 and ${t.fee} >= 0 and ${t.total} = ${t.price} + case ${t.feePayer}
        when 'BUYER' then ${t.fee} when 'SELLER' then 0 else (${t.fee} + 1) / 2 end`,
    ),
    check('transactions_in_person_no_courier', sql`${t.shippingType} <> 'IN_PERSON' or not ${t.useCourier}`),
    check('transactions_not_self', sql`${t.counterpartyId} is null or ${t.counterpartyId} <> ${t.creatorId}`),
    check('transactions_creator_or_broker', sql`${t.creatorId} is not null or ${t.brokerId} is not null`),
    check(
      'transactions_commission',
      sql`${t.commission} >= 0 and ${t.commission} * 5 <= ${t.price} and (${t.brokerId} is not null or ${t.commission} = 0)`,
    ),
    check(
      'transactions_broker_not_party',
      sql`${t.brokerId} is null or (${t.creatorId} is distinct from ${t.brokerId} and ${t.counterpartyId} is distinct from ${t.brokerId})`,
    ),
    check(
      'transactions_status_valid',
      sql.raw(`status in (${TRANSACTION_STATUSES.map((s) => `'${s}'`).join(', ')})`),
    ),
  ],
);

/**
 * How many transactions each user's list holds, over its three sides (creator, counterparty, broker):
 * the list's total without a filter, read in the page's own statement instead of counting up to 1,001
 * index entries (modules/transactions/transactions.list.ts). Kept by triggers on `transactions` in the
 * writing statement's transaction (migration 0031); the member-counts test compares it with a count.
 */
export const transactionMemberCounts = pgTable('transaction_member_counts', {
  userId: text().primaryKey(),
  // No CHECK (total >= 0): PostgreSQL checks the row an upsert proposes before it finds the conflict,
  // and the triggers propose the change itself (-1 when a member leaves).
  total: integer().notNull(),
});
export type TransactionRow = typeof transactions.$inferSelect;

/** The share code (random, ≥ 64 bits, base64url) that lets the counterparty find and join the deal. */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    code: text().notNull().unique(),
    transactionId: text()
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    /**
     * A brokered trade has two invitations, one per role its holder takes (BUYER, SELLER); null: the one
     * invitation of any other trade, whose holder becomes the creator's counterparty.
     */
    role: text({ enum: ['BUYER', 'SELLER'] }),
    expiresAt: instant().notNull(),
    /** Contact Vendor: the invitation is addressed to this user alone (null: anyone with the code). */
    invitedUserId: text().references(() => users.id, { onDelete: 'cascade' }),
    /** Partner API: addressed to whoever holds this e-mail (lower-case), account or not yet. */
    invitedEmail: text(),
    ...timestamps,
  },
  (t) => [
    index('invitations_expires_idx').on(t.expiresAt),
    unique('invitations_transaction_role_unique').on(t.transactionId, t.role).nullsNotDistinct(),
  ],
);

/**
 * The milestones of a milestone trade (docs/money.md "Milestones"), in create order (`position`). Each has
 * its own inspection window once delivered (`auto_release_at`, reminders, one extension), like a one-off
 * trade's; its amount is released on acceptance through the ledger (a part of the escrow hold).
 */
export const transactionMilestones = pgTable(
  'transaction_milestones',
  {
    id: id(),
    transactionId: text()
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    title: text().notNull(),
    description: text(),
    amount: bigint({ mode: 'number' }).notNull(),
    /** A calendar day (YYYY-MM-DD), as the parties agreed; informative. */
    dueDate: text(),
    status: text({ enum: MILESTONE_STATUSES }).notNull().default('PENDING'),
    deliveredAt: instant(),
    deliveryNote: text(),
    deliveryShipment: jsonb().$type<ShipmentData>(),
    deliveryFiles: jsonb().$type<string[]>().notNull().default([]),
    autoReleaseAt: instant(),
    autoReleaseReminder48SentAt: instant(),
    autoReleaseReminder24SentAt: instant(),
    inspectionExtendedAt: instant(),
    releasedAt: instant(),
    refundedAt: instant(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('transaction_milestones_position_idx').on(t.transactionId, t.position),
    index('transaction_milestones_auto_release_idx')
      .on(t.autoReleaseAt)
      .where(sql`${t.status} = 'DELIVERED'`),
    check('transaction_milestones_amount_positive', sql`${t.amount} > 0`),
  ],
);
export type MilestoneRow = typeof transactionMilestones.$inferSelect;
