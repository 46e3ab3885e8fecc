import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { RESOLUTION_ACTION_LABELS, RESOLUTION_ACTIONS, remainderSplit } from '@escrow/shared/domain/disputes';
import { CURRENCY_SYMBOLS } from '@escrow/shared/domain/money';
import type { Dispute } from '@escrow/shared/schemas/disputes';
import { useFixAsYouType } from '../../lib/use-fix-as-you-type';
import { Field, fieldErrorProps, Input } from '../../components/ui/input';
import { Textarea } from '../../components/ui/panels';
import { t } from '../../lib/i18n';
import {
  emptyResolution,
  RESOLUTION_FIELDS,
  resolutionFormSchema,
  validShareMinor,
  type ProposingAs,
  type ResolutionFormValues,
  type ResolutionInput,
} from './resolution-form';
import { formatMinor, heldEscrow, NO_MONEY_MOVES, splitText } from './settlement';

export type { ResolutionInput } from './resolution-form';

/**
 * A resolution being written (a party's proposal or a staff decision) on react-hook-form with the
 * shared request schema: the outcome, the buyer's share for a partial refund, the reason, and the split
 * of the held money it would make, computed as typed. It acts on what the dispute holds: for a milestone
 * trade, the unreleased remainder (docs/money.md "Milestones").
 */
export function useResolutionDraft(dispute: Dispute, resolutionType: ProposingAs) {
  const { transaction } = dispute;
  const { currency } = transaction;
  const held = useMemo(() => heldEscrow(transaction), [transaction]);
  const { priceMinor, sellerFeeMinor, milestoneTrade } = held;
  const commissionMinor = held.commissionMinor ?? 0;
  const bounds = useMemo(
    () => ({ priceMinor, sellerFeeMinor, currency, remainder: milestoneTrade, commissionMinor }),
    [priceMinor, sellerFeeMinor, currency, milestoneTrade, commissionMinor],
  );
  const schema = useMemo(() => resolutionFormSchema(bounds), [bounds]);
  const form = useForm<ResolutionFormValues, unknown, ResolutionInput>({
    resolver: zodResolver(schema),
    defaultValues: emptyResolution(resolutionType),
  });
  useFixAsYouType(form);
  const [resolution, share = ''] = useWatch({ control: form.control, name: ['resolution', 'share'] });
  const shareMinor = validShareMinor(share, bounds);
  const split =
    resolution && (resolution !== 'REFUND_PARTIAL' || shareMinor !== null)
      ? remainderSplit(resolution, held, shareMinor)
      : null;

  /**
   * Checks the draft at once (the caller decides synchronously what to do with it): the input to send,
   * or null with each message beside its field and the first such field focused.
   */
  function validate(): ResolutionInput | null {
    const parsed = schema.safeParse(form.getValues());
    form.clearErrors();
    if (parsed.success) return parsed.data;
    const marked = new Set<string>();
    for (const issue of parsed.error.issues) marked.add(String(issue.path[0]));
    for (const name of RESOLUTION_FIELDS) {
      const issue = parsed.error.issues.find((i) => i.path[0] === name);
      if (issue) form.setError(name, { type: issue.code, message: issue.message });
    }
    // setFocus, not setError's shouldFocus: only setFocus reaches the first radio of the outcome.
    const first = RESOLUTION_FIELDS.find((name) => marked.has(name));
    if (first) form.setFocus(first);
    return null;
  }

  /** 'Buyer receives ₦X · Seller receives ₦Y · Platform keeps ₦Z', or that nothing moves. */
  const movements =
    resolution === 'NO_ACTION' ? t(NO_MONEY_MOVES) : split ? splitText(split, transaction.currency) : null;

  return {
    form,
    resolution,
    shareMinor,
    priceMinor,
    sellerFeeMinor,
    commissionMinor,
    brokerMinor: split?.broker ?? 0,
    milestoneTrade,
    currency,
    movements,
    validate,
    reset: () => form.reset(emptyResolution(resolutionType)),
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
  const { form, currency, priceMinor, sellerFeeMinor, milestoneTrade, shareMinor } = draft;
  // A brokered trade: the broker's part of the commission comes out of the seller's part too.
  const brokerMinor = shareMinor !== null ? draft.brokerMinor : 0;
  const { errors } = form.formState;
  const error = (name: (typeof RESOLUTION_FIELDS)[number]) => errors[name]?.message;
  return (
    <>
      <fieldset aria-describedby={error('resolution') ? `${idPrefix}-resolution-error` : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-700">{t('Outcome')}</legend>
        <div className="space-y-1.5">
          {RESOLUTION_ACTIONS.map((action) => (
            <label key={action} className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="radio"
                value={action}
                className="mt-0.5 h-4 w-4 accent-brand-700"
                aria-invalid={error('resolution') ? true : undefined}
                {...form.register('resolution')}
              />
              {t(RESOLUTION_ACTION_LABELS[action])}
            </label>
          ))}
        </div>
        {error('resolution') ? (
          <p id={`${idPrefix}-resolution-error`} role="alert" className="mt-1 text-sm text-red-600">
            {t(error('resolution') ?? '')}
          </p>
        ) : null}
      </fieldset>

      {draft.resolution === 'REFUND_PARTIAL' ? (
        <div>
          <Field
            id={`${idPrefix}-share`}
            label={t("Buyer's share ({symbol})", { symbol: CURRENCY_SYMBOLS[currency] ?? currency })}
            error={error('share')}
          >
            <Input
              id={`${idPrefix}-share`}
              inputMode="decimal"
              autoComplete="off"
              {...form.register('share')}
              {...fieldErrorProps(`${idPrefix}-share`, error('share'))}
            />
          </Field>
          <p className="mt-1 text-sm text-slate-700" aria-live="polite" data-testid="seller-remainder">
            {t(
              'Seller receives {amount} of the {price} {held, select, remainder {not yet released} other {price}}{withFee, select, yes {, less their {fee} share of the fee} other {}}{broker, select, known { and the broker’s {brokerAmount} share of the commission} unknown { and the broker’s share of the commission} other {}}',
              {
                amount:
                  shareMinor !== null
                    ? formatMinor(priceMinor - shareMinor - sellerFeeMinor - brokerMinor, currency)
                    : '—',
                price: formatMinor(priceMinor, currency),
                held: milestoneTrade ? 'remainder' : 'whole',
                withFee: sellerFeeMinor > 0 ? 'yes' : 'no',
                fee: formatMinor(sellerFeeMinor, currency),
                broker: draft.commissionMinor > 0 ? (shareMinor !== null ? 'known' : 'unknown') : 'none',
                brokerAmount: formatMinor(brokerMinor, currency),
              },
            )}
          </p>
        </div>
      ) : null}

      <Field id={`${idPrefix}-reason`} label={reasonLabel} error={error('reason')}>
        <Textarea
          id={`${idPrefix}-reason`}
          {...form.register('reason')}
          {...fieldErrorProps(`${idPrefix}-reason`, error('reason'))}
        />
      </Field>

      {draft.resolution ? (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700" data-testid="resolution-movements">
          {draft.movements ?? t('Enter the buyer’s share.')}
        </p>
      ) : null}
    </>
  );
}
