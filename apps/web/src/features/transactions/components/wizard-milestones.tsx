import { useEffect } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { MAX_MILESTONES, MIN_MILESTONES } from '@escrow/shared/domain/milestones';
import { toMinor } from '@escrow/shared/domain/money';
import { Button } from '../../../components/ui/button';
import { DateInput } from '../../../components/ui/date-input';
import { Field, Input } from '../../../components/ui/input';
import { DATE_FORMAT_HINT, dateValue } from '../../../lib/dates';
import { formatMoney } from '../../../lib/format';
import { amountValue } from '../../../lib/form-values';
import { t } from '../../../lib/i18n';
import type { CreateFormValues } from '../lib/create-form';
import { EMPTY_MILESTONE, firstMilestones, type MilestoneDraft } from '../lib/milestone-drafts';
import { Textarea } from './form-controls';

const LIST_ERROR_ID = 'tx-milestones-error';

/** Kobo allocated to the milestones typed so far (amounts not yet readable count as 0). */
function allocatedMinor(milestones: readonly MilestoneDraft[] | undefined): number {
  return (milestones ?? []).reduce((sum, m) => {
    const minor = typeof m.amount === 'number' ? toMinor(m.amount) : null;
    return sum + (minor ?? 0);
  }, 0);
}

/** '₦3,000.00 of ₦10,001.00 allocated · ₦7,001.00 left' (or '... over'), as the amounts are typed. */
export function allocationText(
  milestones: readonly MilestoneDraft[] | undefined,
  price: number | undefined,
  currency: string,
): string {
  const allocated = allocatedMinor(milestones);
  const money = (minor: number) => formatMoney(minor / 100, currency);
  const priceMinor = typeof price === 'number' ? toMinor(price) : null;
  if (priceMinor === null || priceMinor <= 0)
    return t('{allocated} allocated · enter the price above', { allocated: money(allocated) });
  const left = priceMinor - allocated;
  return left >= 0
    ? t('{allocated} of {price} allocated · {left} left', {
        allocated: money(allocated),
        price: money(priceMinor),
        left: money(left),
      })
    : t('{allocated} of {price} allocated · {over} over', {
        allocated: money(allocated),
        price: money(priceMinor),
        over: money(-left),
      });
}

/**
 * 'Pay in milestones' (docs/money.md "Milestones"): off by default; on, a list of 2 to 10 milestones (title,
 * amount, optional description and due date) whose amounts must add up to the price, with the running
 * total shown as they are typed. Not offered for 'Meet and inspect', which is paid in one part.
 */
export function MilestonesPart() {
  const {
    register,
    control,
    trigger,
    getValues,
    getFieldState,
    formState: { errors },
  } = useFormContext<CreateFormValues>();
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'milestones' });
  const [on, shippingType, price, currency, milestones] = useWatch<
    CreateFormValues,
    ['milestonesOn', 'shippingType', 'price', 'currency', 'milestones']
  >({ name: ['milestonesOn', 'shippingType', 'price', 'currency', 'milestones'] });
  const listError = errors.milestones?.root?.message ?? errors.milestones?.message;

  // The list's message (the amounts do not add up) follows the amounts and the price as they change.
  const allocated = allocatedMinor(milestones);
  useEffect(() => {
    if (getFieldState('milestones').error?.root) void trigger('milestones');
  }, [allocated, price, getFieldState, trigger]);

  if (shippingType === 'IN_PERSON') return null;
  return (
    <section
      aria-labelledby="tx-milestones-title"
      className="space-y-3 rounded-lg border border-slate-200 p-4"
    >
      <h3 id="tx-milestones-title" className="text-sm font-semibold text-slate-900">
        {t('Milestones')}
      </h3>
      <label className="flex items-start gap-3 text-sm text-slate-800">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-brand-700"
          {...register('milestonesOn', {
            onChange: (event: { target: { checked: boolean } }) => {
              if (event.target.checked && getValues('milestones').length === 0) replace(firstMilestones());
            },
          })}
        />
        <span>
          <span className="block font-medium">{t('Pay in milestones')}</span>
          <span className="block text-slate-600">
            {t(
              'The buyer pays the whole amount into escrow once; each milestone’s part is released when the buyer accepts it.',
            )}
          </span>
        </span>
      </label>
      {on ? (
        <>
          <ol className="space-y-3" aria-label={t('Milestones')}>
            {fields.map((field, index) => (
              <MilestoneFields
                key={field.id}
                index={index}
                canRemove={fields.length > MIN_MILESTONES}
                onRemove={() => remove(index)}
                listError={listError}
              />
            ))}
          </ol>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => append({ ...EMPTY_MILESTONE })}
              disabled={fields.length >= MAX_MILESTONES}
            >
              {t('Add milestone')}
            </Button>
            <span className="text-xs text-slate-600">
              {t('{min} to {max} milestones', { min: MIN_MILESTONES, max: MAX_MILESTONES })}
            </span>
          </div>
          <p
            className="rounded-lg bg-slate-50 p-3 text-sm font-medium text-slate-900"
            aria-live="polite"
            data-testid="milestone-allocation"
          >
            {allocationText(milestones, price, currency)}
          </p>
          {listError ? (
            <p id={LIST_ERROR_ID} role="alert" className="text-sm text-red-600">
              {t(listError)}
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function MilestoneFields({
  index,
  canRemove,
  onRemove,
  listError,
}: {
  index: number;
  canRemove: boolean;
  onRemove: () => void;
  listError: string | undefined;
}) {
  const {
    register,
    formState: { errors },
  } = useFormContext<CreateFormValues>();
  const row = errors.milestones?.[index];
  /** A field's message: the shared schema's English id (or the server's words, already translated). */
  const shown = (message: string | undefined) => (message ? t(message) : undefined);
  const id = (field: string) => `tx-milestone-${index}-${field}`;
  const n = index + 1;
  /** The field's own message, and for the amounts the list's (it is about them). */
  const described = (field: string, message: string | undefined, withList = false) => {
    const ids = [message ? `${id(field)}-error` : null, withList && listError ? LIST_ERROR_ID : null];
    const describedBy = ids.filter(Boolean).join(' ');
    return {
      ...(message || (withList && listError) ? { 'aria-invalid': true as const } : {}),
      ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    };
  };
  return (
    <li>
      <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-900">{t('Milestone {n}', { n })}</legend>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field
            id={id('title')}
            label={t('Title of milestone {n}', { n })}
            error={shown(row?.title?.message)}
          >
            <Input
              id={id('title')}
              autoComplete="off"
              {...described('title', row?.title?.message)}
              {...register(`milestones.${index}.title`)}
            />
          </Field>
          <Field
            id={id('amount')}
            label={t('Amount of milestone {n}', { n })}
            error={shown(row?.amount?.message)}
          >
            <Input
              id={id('amount')}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              {...described('amount', row?.amount?.message, true)}
              {...register(`milestones.${index}.amount`, { setValueAs: amountValue })}
            />
          </Field>
          <Field
            id={id('due')}
            label={t('Due date of milestone {n} (optional, {format})', { n, format: DATE_FORMAT_HINT })}
            error={shown(row?.dueDate?.message)}
          >
            <DateInput
              id={id('due')}
              {...described('due', row?.dueDate?.message)}
              {...register(`milestones.${index}.dueDate`, { setValueAs: dateValue })}
            />
          </Field>
        </div>
        <Field
          id={id('description')}
          label={t('Description of milestone {n} (optional)', { n })}
          error={shown(row?.description?.message)}
        >
          <Textarea
            id={id('description')}
            rows={2}
            {...described('description', row?.description?.message)}
            {...register(`milestones.${index}.description`)}
          />
        </Field>
        {canRemove ? (
          <Button variant="ghost" size="sm" className="text-red-700" onClick={onRemove}>
            {t('Remove milestone {n}', { n })}
          </Button>
        ) : null}
      </fieldset>
    </li>
  );
}
