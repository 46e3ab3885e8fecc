import type { TransactionsDeps } from './transactions.deps.ts';
import { and, eq, inArray } from 'drizzle-orm';
import {
  courierFieldIssues,
  type DeliveryDetails,
  type ShipmentData,
} from '@escrow/shared/schemas/transactions';
import { computeAutoReleaseAt } from '@escrow/shared/domain/disputes';
import { DELIVERY_CORRECTION_TEXT } from '@escrow/shared/texts/correction';
import { uploadDirectory } from '../../db/schema/published.ts';
import { creditUnspentEscrowIntents } from '../payments/index.ts';
import { msg } from '@escrow/shared/i18n/msg';
import { AppError } from '../../lib/errors.ts';
import type { MessageParams } from '../../lib/i18n.ts';
import { noticeFor, otherPartyOf, quoted } from './transactions.notifications.ts';
import { releaseEscrow } from './transactions.release.ts';
import { runStep } from './transactions.steps.ts';

/** Either party, before payment (PENDING, ACTIVE, WAITING_FOR_PAYMENT): no money has moved yet. */
/** Either party before payment; `allowBroker`: a brokered trade's broker too (the partner API only). */
export async function cancelTransaction(
  deps: TransactionsDeps,
  userId: string,
  id: string,
  reason?: string,
  options: { allowBroker?: boolean } = {},
) {
  return runStep(deps, {
    transactionId: id,
    actor: { kind: 'user', userId },
    action: 'CANCEL',
    allowBroker: options.allowBroker ?? false,
    patch: (ctx) => ({ cancelledAt: ctx.now, cancellationReason: reason ?? null }),
    // A card/bank payment the provider collected but that was not yet applied goes back to the buyer.
    effects: async (ctx, updated) => {
      await creditUnspentEscrowIntents(ctx.tx, updated.id, ctx.now);
    },
    activity: (ctx) => ({
      action: 'transaction_cancelled',
      description: reason
        ? msg('Transaction cancelled by {name}: {reason}')
        : msg('Transaction cancelled by {name}'),
      params: { name: ctx.actorName, ...(reason ? { reason } : {}) },
      metadata: { reason },
    }),
    // The other party; when the broker cancels, both parties (each who has joined).
    notifications: (ctx, updated) =>
      (ctx.role === 'BROKER'
        ? [updated.creatorId, updated.counterpartyId]
        : [otherPartyOf(ctx, updated)]
      ).flatMap((recipient) =>
        noticeFor(ctx, updated, recipient, {
          type: 'TRANSACTION_UPDATE',
          priority: 'MEDIUM',
          title: msg('Transaction cancelled'),
          message: reason
            ? msg('{name} cancelled {trade}. Reason: {reason}')
            : msg('{name} cancelled {trade}.'),
          params: { name: ctx.actorName, trade: quoted(updated), ...(reason ? { reason } : {}) },
        }),
      ),
  });
}

/**
 * The buyer gives the delivery address of a courier transaction, or corrects it: before payment, and
 * after it until the seller confirms shipment (a milestone trade: until a first milestone is delivered).
 * After that the address the seller shipped to is part of the trade's record: 409 (docs/privacy.md
 * "Correct my data"). A correction after payment is told to the seller at once (HIGH).
 */
export async function provideDeliveryDetails(
  deps: TransactionsDeps,
  userId: string,
  id: string,
  deliveryDetails: DeliveryDetails,
) {
  return runStep(deps, {
    transactionId: id,
    actor: { kind: 'user', userId },
    action: 'PROVIDE_DELIVERY_DETAILS',
    patch: () => ({ deliveryDetails }),
    activity: (ctx) =>
      ctx.row.deliveryDetails === null
        ? {
            action: 'delivery_details_provided',
            description: msg('Delivery details provided by buyer ({city}, {state})'),
            params: { city: deliveryDetails.city, state: deliveryDetails.state },
          }
        : {
            action: 'delivery_details_provided',
            description: DELIVERY_CORRECTION_TEXT.correctedActivityMessage,
            params: { city: deliveryDetails.city, state: deliveryDetails.state },
            metadata: { corrected: true },
          },
    notifications: (ctx, updated) =>
      noticeFor(
        ctx,
        updated,
        ctx.sellerId,
        updated.status === 'WAITING_FOR_PAYMENT'
          ? {
              type: 'TRANSACTION_UPDATE',
              priority: 'MEDIUM',
              title: msg('Delivery details provided'),
              message: msg('The buyer provided delivery details for {trade}. Waiting for payment.'),
              params: { trade: quoted(updated) },
            }
          : {
              // Paid: the seller may be about to ship, so the new address must reach them first.
              type: 'SHIPPING',
              priority: 'HIGH',
              title: DELIVERY_CORRECTION_TEXT.sellerTitle,
              message: DELIVERY_CORRECTION_TEXT.sellerMessageMessage,
              params: { quotedTrade: quoted(updated) },
            },
      ),
  });
}

/**
 * The seller confirms shipment. Photos must be 1-5 shipment_photo uploads this seller made for this
 * transaction; tracking number and courier are required when the transaction uses a courier.
 */
export async function confirmShipment(
  deps: TransactionsDeps,
  userId: string,
  id: string,
  shipment: ShipmentData,
) {
  return runStep(deps, {
    transactionId: id,
    actor: { kind: 'user', userId },
    action: 'CONFIRM_SHIPMENT',
    check: async (ctx) => {
      const issues = courierFieldIssues(shipment, ctx.row.useCourier);
      if (issues.length)
        throw new AppError(
          'VALIDATION_ERROR',
          issues[0]!.message,
          issues.map((i) => ({ field: `shipmentData.${i.path}`, message: i.message })),
        );
      const photoIds = [...new Set(shipment.photos)];
      // Read from the directory the uploads module publishes: that module imports this one (membership).
      const found = await ctx.tx
        .select({ id: uploadDirectory.id })
        .from(uploadDirectory)
        .where(
          and(
            inArray(uploadDirectory.id, photoIds),
            eq(uploadDirectory.ownerId, userId),
            eq(uploadDirectory.transactionId, id),
            eq(uploadDirectory.purpose, 'shipment_photo'),
          ),
        );
      if (found.length !== photoIds.length)
        throw new AppError(
          'VALIDATION_ERROR',
          msg('Every photo must be a shipment photo you uploaded for this transaction'),
        );
    },
    patch: (ctx) => ({
      shipmentData: { ...shipment, photos: [...new Set(shipment.photos)] },
      shippedAt: ctx.now,
      // The inspection window: released to the seller then, unless the buyer confirms, disputes or extends.
      autoReleaseAt: computeAutoReleaseAt(ctx.now, shipment.estimatedDelivery, deps.config.INSPECTION_DAYS),
    }),
    activity: () => ({
      action: 'shipment_confirmed',
      ...shipmentActivityText(shipment),
      metadata: { trackingNumber: shipment.trackingNumber, courierService: shipment.courierService },
    }),
    notifications: (ctx, updated) =>
      noticeFor(ctx, updated, ctx.buyerId, {
        type: 'SHIPPING',
        priority: 'HIGH',
        title: msg('Your item has shipped'),
        message: shipment.trackingNumber
          ? msg(
              'The seller shipped {trade} (tracking {trackingNumber}). Confirm receipt once it arrives; the payment is released to the seller automatically on {date} unless you raise a dispute.',
            )
          : msg(
              'The seller shipped {trade}. Confirm receipt once it arrives; the payment is released to the seller automatically on {date} unless you raise a dispute.',
            ),
        params: {
          trade: quoted(updated),
          ...(shipment.trackingNumber ? { trackingNumber: shipment.trackingNumber } : {}),
          date: String(
            updated.autoReleaseAt?.toLocaleString('en-NG', { timeZone: 'Africa/Lagos', dateStyle: 'medium' }),
          ),
        },
      }),
  });
}

/** The shipment's activity line: with the courier and tracking number when the seller gave one. */
function shipmentActivityText(shipment: ShipmentData): { description: string; params?: MessageParams } {
  if (!shipment.trackingNumber) return { description: msg('Shipment confirmed by seller') };
  if (typeof shipment.courierService === 'string')
    return {
      description: msg('Shipment confirmed by seller ({courier} {trackingNumber})'),
      params: { courier: shipment.courierService, trackingNumber: shipment.trackingNumber },
    };
  return {
    description: msg('Shipment confirmed by seller (courier {trackingNumber})'),
    params: { trackingNumber: shipment.trackingNumber },
  };
}

/** The buyer confirms receipt (all five checklist boxes ticked): escrow is released to the seller. */
export async function confirmReceipt(deps: TransactionsDeps, userId: string, id: string) {
  return releaseEscrow(deps, {
    transactionId: id,
    action: 'CONFIRM_RECEIPT',
    userId,
    description: (ctx) => ({
      description: msg('Receipt confirmed by {name}; funds released to the seller'),
      params: { name: ctx.actorName },
    }),
  });
}
