import { useState } from 'react';
import {
  DISPUTE_TEXT,
  isValidPartialShare,
  RESOLUTION_ACTION_LABELS,
  RESOLUTION_ACTIONS,
  settlementSplit,
  type ResolutionAction,
} from '@escrow/shared/domain/disputes';
import { CURRENCY_SYMBOLS, toMajor } from '@escrow/shared/domain/money';
import { proposeResolutionSchema, type Dispute } from '@escrow/shared/schemas/disputes';
import { Field, fieldErrorProps, Input } from '../ui/input';
import { Textarea } from '../ui/panels';
import { typedPositiveAmountToMinor } from '@escrow/shared/domain/money';
import { formatMinor, minorOf, NO_MONEY_MOVES, splitText } from './settlement';

type Errors = Partial<Record<'resolution' | 'amount' | 'reason', string>>;
export type ResolutionInput = { resolution: ResolutionAction; amount?: number; reason: string };

/**
 * A resolution being written (a party's proposal or a staff decision): the outcome, the buyer's share
 * for a partial refund, the reason, and the split of the held money it would make, computed as typed.
 */
export function useResolutionDraft(dispute: Dispute, resolutionType: 'MEDIATION' | 'ADMIN_DECISION') {
  const { transaction } = dispute;
  const priceMinor = minorOf(transaction.price);
  const feeMinor = minorOf(transaction.fee);
  const [resolution, setResolution] = useState<ResolutionAction | null>(null);
  const [share, setShare] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const shareMinor = typedPositiveAmountToMinor(share);
  const shareValid = shareMinor !== null && isValidPartialShare(shareMinor, priceMinor);
  const split =
    resolution && (resolution !== 'REFUND_PARTIAL' || shareValid)
      ? settlementSplit(resolution, priceMinor, feeMinor, shareMinor)
      : null;

  /** Checks the draft with the shared schema; the input to send, or null with the errors shown. */
  function validate(): ResolutionInput | null {
    const amount = resolution === 'REFUND_PARTIAL' && shareMinor !== null ? toMajor(shareMinor) : undefined;
    const parsed = proposeResolutionSchema.safeParse({
      resolutionType,
      resolution: resolution ?? undefined,
      amount,
      reason,
    });
    const next: Errors = {};
    for (const issue of parsed.error?.issues ?? []) next[issue.path[0] as keyof Errors] ??= issue.message;
    if (resolution === 'REFUND_PARTIAL' && !shareValid) next.amount = DISPUTE_TEXT.partialAmountRange;
    setErrors(next);
    if (!resolution || Object.keys(next).length > 0) return null;
    return { resolution, ...(amount !== undefined ? { amount } : {}), reason: reason.trim() };
  }

  function reset() {
    setResolution(null);
    setShare('');
    setReason('');
    setErrors({});
  }

  /** 'Buyer receives ₦X · Seller receives ₦Y · Platform keeps ₦Z', or that nothing moves. */
  const movements =
    resolution === 'NO_ACTION' ? NO_MONEY_MOVES : split ? splitText(split, transaction.currency) : null;

  return {
    resolution,
    setResolution,
    share,
    setShare,
    reason,
    setReason,
    errors,
    shareMinor,
    shareValid,
    priceMinor,
    currency: transaction.currency,
    movements,
    validate,
    reset,
  };
}
export type ResolutionDraft = ReturnType<typeof useResolutionDraft>;

/** The fields of a resolution: outcome radios, the buyer's share with the seller's remainder, the reason. */
export function ResolutionFields({
  draft,
  idPrefix,
  reasonLabel,
}: {
  draft: ResolutionDraft;
  idPrefix: string;
  reasonLabel: string;
}) {
  const { errors, currency, priceMinor, shareMinor, shareValid } = draft;
  return (
    <>
      <fieldset aria-describedby={errors.resolution ? `${idPrefix}-resolution-error` : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-700">Outcome</legend>
        <div className="space-y-1.5">
          {RESOLUTION_ACTIONS.map((action) => (
            <label key={action} className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={`${idPrefix}-resolution`}
                value={action}
                checked={draft.resolution === action}
                onChange={() => draft.setResolution(action)}
                className="mt-0.5 h-4 w-4 accent-brand-700"
              />
              {RESOLUTION_ACTION_LABELS[action]}
            </label>
          ))}
        </div>
        {errors.resolution ? (
          <p id={`${idPrefix}-resolution-error`} role="alert" className="mt-1 text-sm text-red-600">
            {errors.resolution}
          </p>
        ) : null}
      </fieldset>

      {draft.resolution === 'REFUND_PARTIAL' ? (
        <div>
          <Field
            id={`${idPrefix}-share`}
            label={`Buyer's share (${CURRENCY_SYMBOLS[currency] ?? currency})`}
            error={errors.amount}
          >
            <Input
              id={`${idPrefix}-share`}
              inputMode="decimal"
              autoComplete="off"
              value={draft.share}
              onChange={(event) => draft.setShare(event.target.value)}
              {...fieldErrorProps(`${idPrefix}-share`, errors.amount)}
            />
          </Field>
          <p className="mt-1 text-sm text-slate-700" aria-live="polite" data-testid="seller-remainder">
            Seller receives{' '}
            {shareValid && shareMinor !== null ? formatMinor(priceMinor - shareMinor, currency) : '—'} of the{' '}
            {formatMinor(priceMinor, currency)} price
          </p>
        </div>
      ) : null}

      <Field id={`${idPrefix}-reason`} label={reasonLabel} error={errors.reason}>
        <Textarea
          id={`${idPrefix}-reason`}
          value={draft.reason}
          onChange={(event) => draft.setReason(event.target.value)}
          {...fieldErrorProps(`${idPrefix}-reason`, errors.reason)}
        />
      </Field>

      {draft.resolution ? (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700" data-testid="resolution-movements">
          {draft.movements ?? 'Enter the buyer’s share.'}
        </p>
      ) : null}
    </>
  );
}
