import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  DISPUTE_TEXT,
  isValidPartialShare,
  RESOLUTION_ACTION_LABELS,
  RESOLUTION_ACTIONS,
  settlementSplit,
  UNRESOLVED_DISPUTE_STATUSES,
  type ResolutionAction,
} from '@escrow/shared/domain/disputes';
import { CURRENCY_SYMBOLS, toMajor } from '@escrow/shared/domain/money';
import { proposeResolutionSchema, type Dispute } from '@escrow/shared/schemas/disputes';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Field, fieldErrorProps, Input } from '../../../components/ui/input';
import { newIdempotencyKey, useDecideDispute } from '../api/dispute-detail';
import {
  formatMinor,
  minorOf,
  NO_MONEY_MOVES,
  parseAmountMinor,
  splitText,
} from '../../../components/disputes/settlement';
import { Textarea } from '../../../components/ui/panels';
import { DecideConfirmDialog } from './decide-confirm-dialog';

type Errors = Partial<Record<'resolution' | 'amount' | 'reason', string>>;

/**
 * Decide (ADMIN_DECISION, DESIGN "Disputes"): one of the four outcomes, the buyer's share for a partial
 * refund (the seller's remainder shown as it is typed), and a reason the parties see. A confirmation
 * states every movement of the held money before anything is sent; the server executes it at once.
 */
export function DecidePanel({ dispute }: { dispute: Dispute }) {
  const id = useId();
  const { transaction } = dispute;
  const currency = transaction.currency;
  const priceMinor = minorOf(transaction.price);
  const feeMinor = minorOf(transaction.fee);
  const [resolution, setResolution] = useState<ResolutionAction | null>(null);
  const [share, setShare] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState<{ idempotencyKey: string } | null>(null);
  const decide = useDecideDispute(dispute.id);
  const open = UNRESOLVED_DISPUTE_STATUSES.includes(dispute.status);

  const shareMinor = parseAmountMinor(share);
  const shareValid = shareMinor !== null && isValidPartialShare(shareMinor, priceMinor);
  const split =
    resolution && (resolution !== 'REFUND_PARTIAL' || shareValid)
      ? settlementSplit(resolution, priceMinor, feeMinor, shareMinor)
      : null;

  function review(event: FormEvent) {
    event.preventDefault();
    const parsed = proposeResolutionSchema.safeParse({
      resolutionType: 'ADMIN_DECISION',
      resolution: resolution ?? undefined,
      amount: resolution === 'REFUND_PARTIAL' && shareMinor !== null ? toMajor(shareMinor) : undefined,
      reason,
    });
    const next: Errors = {};
    for (const issue of parsed.error?.issues ?? []) {
      const field = issue.path[0] as keyof Errors;
      next[field] ??= issue.message;
    }
    if (resolution === 'REFUND_PARTIAL' && !shareValid) next.amount = DISPUTE_TEXT.partialAmountRange;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    decide.reset();
    // One key per confirmation: a retry after a network failure cannot move the money twice.
    setConfirming({ idempotencyKey: newIdempotencyKey() });
  }

  function execute() {
    if (!resolution || !confirming) return;
    decide.mutate(
      {
        idempotencyKey: confirming.idempotencyKey,
        input: {
          resolution,
          amount: shareMinor !== null ? toMajor(shareMinor) : undefined,
          reason: reason.trim(),
        },
      },
      {
        onSuccess: () => {
          toast.success(`Decision executed: ${RESOLUTION_ACTION_LABELS[resolution]}`);
          setConfirming(null);
          setResolution(null);
          setShare('');
          setReason('');
        },
        onError: (error) => toast.error(error.message),
      },
    );
  }

  return (
    <Card>
      <CardTitle id={`${id}-title`}>Decide</CardTitle>
      {open ? (
        <p className="mt-1 text-sm text-slate-600">
          An admin decision is executed at once and ends the dispute.
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-700">
          {DISPUTE_TEXT.alreadyDecided}
          {dispute.resolution ? `: ${RESOLUTION_ACTION_LABELS[dispute.resolution]}` : ''}.
        </p>
      )}
      <form onSubmit={review} noValidate aria-labelledby={`${id}-title`} className="mt-4">
        <fieldset disabled={!open} className="space-y-4 disabled:opacity-60">
          <fieldset aria-describedby={errors.resolution ? `${id}-resolution-error` : undefined}>
            <legend className="mb-1 text-sm font-medium text-slate-700">Outcome</legend>
            <div className="space-y-1.5">
              {RESOLUTION_ACTIONS.map((action) => (
                <label key={action} className="flex items-start gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    name={`${id}-resolution`}
                    value={action}
                    checked={resolution === action}
                    onChange={() => setResolution(action)}
                    className="mt-0.5 h-4 w-4 accent-brand-700"
                  />
                  {RESOLUTION_ACTION_LABELS[action]}
                </label>
              ))}
            </div>
            {errors.resolution ? (
              <p id={`${id}-resolution-error`} role="alert" className="mt-1 text-sm text-red-600">
                {errors.resolution}
              </p>
            ) : null}
          </fieldset>

          {resolution === 'REFUND_PARTIAL' ? (
            <div>
              <Field
                id={`${id}-share`}
                label={`Buyer's share (${CURRENCY_SYMBOLS[currency] ?? currency})`}
                error={errors.amount}
              >
                <Input
                  id={`${id}-share`}
                  inputMode="decimal"
                  autoComplete="off"
                  value={share}
                  onChange={(event) => setShare(event.target.value)}
                  {...fieldErrorProps(`${id}-share`, errors.amount)}
                />
              </Field>
              <p className="mt-1 text-sm text-slate-700" aria-live="polite" data-testid="seller-remainder">
                Seller receives{' '}
                {shareValid && shareMinor !== null ? formatMinor(priceMinor - shareMinor, currency) : '—'} of
                the {formatMinor(priceMinor, currency)} price
              </p>
            </div>
          ) : null}

          <Field id={`${id}-reason`} label="Reason (the parties see this)" error={errors.reason}>
            <Textarea
              id={`${id}-reason`}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              {...fieldErrorProps(`${id}-reason`, errors.reason)}
            />
          </Field>

          {resolution ? (
            <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
              {resolution === 'NO_ACTION'
                ? NO_MONEY_MOVES
                : split
                  ? splitText(split, currency)
                  : 'Enter the buyer’s share.'}
            </p>
          ) : null}

          <Button type="submit">Review decision</Button>
        </fieldset>
      </form>

      {resolution && confirming ? (
        <DecideConfirmDialog
          open
          onOpenChange={(next) => (next ? undefined : setConfirming(null))}
          outcome={RESOLUTION_ACTION_LABELS[resolution]}
          movements={split ? splitText(split, currency) : NO_MONEY_MOVES}
          reason={reason.trim()}
          pending={decide.isPending}
          error={decide.error?.message}
          onConfirm={execute}
        />
      ) : null}
    </Card>
  );
}
