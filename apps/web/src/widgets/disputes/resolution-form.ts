import { z } from 'zod';
import type { PROPOSABLE_RESOLUTION_TYPES } from '@escrow/shared/domain/disputes';
import {
  isValidPartialShare,
  partialShareRangeMessage,
  type ResolutionAction,
} from '@escrow/shared/domain/disputes';
import { toMajor, typedPositiveAmountToMinor } from '@escrow/shared/domain/money';
import { proposeResolutionFields } from '@escrow/shared/schemas/disputes';
import { t } from '../../lib/i18n';

/** MEDIATION (a party's proposal) or ADMIN_DECISION (staff). */
export type ProposingAs = (typeof PROPOSABLE_RESOLUTION_TYPES)[number];

/** The form as typed: the outcome may be not chosen yet (the schema then says so). */
export type ResolutionFormValues = z.input<ReturnType<typeof resolutionFormSchema>>;
export type ResolutionInput = { resolution: ResolutionAction; amount?: number; reason: string };

/** Screen order: the first field with a message is the one focused. */
export const RESOLUTION_FIELDS = ['resolution', 'share', 'reason'] as const;

export const emptyResolution = (resolutionType: ProposingAs): Partial<ResolutionFormValues> => ({
  resolutionType,
  resolution: undefined,
  share: '',
  reason: '',
});

/**
 * What bounds a partial refund: the price held (a milestone trade's unreleased part, `remainder`), and
 * the seller's share of its fee (and a brokered trade's broker part of the commission), which their part
 * must cover.
 */
export type ShareBounds = {
  priceMinor: number;
  sellerFeeMinor: number;
  currency: string;
  remainder?: boolean;
  /** A brokered trade's commission: the seller's part must also cover the broker's part of it. */
  commissionMinor?: number;
};

/** The buyer's share in minor units when it is a valid share of this trade, else null. */
export function validShareMinor(
  share: string,
  { priceMinor, sellerFeeMinor, commissionMinor = 0 }: ShareBounds,
): number | null {
  const minor = typedPositiveAmountToMinor(share);
  return minor !== null && isValidPartialShare(minor, priceMinor, sellerFeeMinor, commissionMinor)
    ? minor
    : null;
}

/**
 * The message for a buyer's share out of range (the shared partialShareRangeText, the server's 400
 * text) in the screens' language: the largest share, and what the seller's part must cover.
 */
export function shareRangeText({
  priceMinor,
  sellerFeeMinor,
  currency,
  remainder,
  commissionMinor,
}: ShareBounds): string {
  const { message, params } = partialShareRangeMessage(
    priceMinor,
    sellerFeeMinor,
    currency,
    remainder,
    commissionMinor,
  );
  return t(message, params);
}

/**
 * The form of a resolution (a party's proposal or a staff decision): the shared request schema's outcome
 * and reason, and the buyer's share as typed, checked by the server's own rule (more than 0, and small
 * enough that the seller's part covers their share of the fee, or less than the price when the buyer
 * pays it), with the server's message naming the largest share. It counts only for a partial refund.
 */
export function resolutionFormSchema(bounds: ShareBounds) {
  return proposeResolutionFields
    .pick({ resolutionType: true, resolution: true, reason: true })
    .extend({ share: z.string() })
    .refine((v) => v.resolution !== 'REFUND_PARTIAL' || validShareMinor(v.share, bounds) !== null, {
      path: ['share'],
      message: shareRangeText(bounds),
      // Checked with the other fields, so every message shows at once.
      when: () => true,
    })
    .transform(({ resolution, reason, share }): ResolutionInput => {
      const minor = resolution === 'REFUND_PARTIAL' ? validShareMinor(share, bounds) : null;
      return { resolution, reason, ...(minor !== null ? { amount: toMajor(minor) } : {}) };
    });
}

/** A 400's field on the form: the server's `amount` is the typed share. */
export function resolutionFieldOf(serverPath: string): (typeof RESOLUTION_FIELDS)[number] | null {
  if (serverPath === 'amount') return 'share';
  return serverPath === 'resolution' || serverPath === 'reason' ? serverPath : null;
}
