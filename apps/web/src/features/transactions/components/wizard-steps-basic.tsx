import { TRANSACTION_CURRENCIES } from '@escrow/shared/domain/nigeria';
import { TRANSACTION_FEE_PERCENT } from '@escrow/shared/domain/fees';
import { TRANSACTION_TEXT } from '@escrow/shared/schemas/transactions';
import { Field, fieldErrorProps, Input } from '../../../components/ui/input';
import { formatMoney } from '../../../lib/format';
import { deliveryDaysValid, feePreview, priceProblem, type CreateDraft } from '../lib/create-draft';
import { ChoiceCard, Select, Textarea } from './form-controls';

export type StepProps = { draft: CreateDraft; update: (patch: Partial<CreateDraft>) => void };

export function RoleStep({ draft, update }: StepProps) {
  return (
    <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <legend className="mb-3 text-sm text-slate-600">Are you buying or selling in this transaction?</legend>
      <ChoiceCard
        name="creatorRole"
        value="BUYER"
        checked={draft.creatorRole === 'BUYER'}
        onSelect={() => update({ creatorRole: 'BUYER' })}
        title="Buyer"
        description="I want to purchase something"
      />
      <ChoiceCard
        name="creatorRole"
        value="SELLER"
        checked={draft.creatorRole === 'SELLER'}
        onSelect={() => update({ creatorRole: 'SELLER' })}
        title="Seller"
        description="I want to sell something"
      />
    </fieldset>
  );
}

export function CourierStep({ draft, update }: StepProps) {
  return (
    <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <legend className="mb-3 text-sm text-slate-600">Will the item be delivered by a courier?</legend>
      <ChoiceCard
        name="useCourier"
        value="yes"
        checked={draft.useCourier === true}
        onSelect={() => update({ useCourier: true })}
        title="Yes"
        description="I need shipping services"
      />
      <ChoiceCard
        name="useCourier"
        value="no"
        checked={draft.useCourier === false}
        onSelect={() => update({ useCourier: false })}
        title="No"
        description="Local pickup or delivery"
      />
    </fieldset>
  );
}

const CURRENCY_OPTIONS = TRANSACTION_CURRENCIES.map((code) => ({
  value: code,
  label: code === 'NGN' ? 'NGN (Naira)' : code,
}));

export function PricingStep({ draft, update }: StepProps) {
  const preview = feePreview(draft.price);
  const problem = priceProblem(draft.price);
  const daysProblem =
    draft.useCourier && !deliveryDaysValid(draft.estimatedDeliveryDays)
      ? TRANSACTION_TEXT.deliveryDaysRange
      : undefined;
  return (
    <div className="space-y-4">
      <Field id="tx-description" label="Description">
        <Textarea
          id="tx-description"
          value={draft.description}
          maxLength={2000}
          placeholder="What is being bought or sold?"
          onChange={(event) => update({ description: event.target.value })}
        />
      </Field>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field id="tx-currency" label="Currency">
          <Select
            id="tx-currency"
            value={draft.currency}
            options={CURRENCY_OPTIONS}
            onChange={(event) => update({ currency: event.target.value as CreateDraft['currency'] })}
          />
        </Field>
        <Field id="tx-price" label="Price" error={problem ?? undefined}>
          <Input
            id="tx-price"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={draft.price}
            onChange={(event) => update({ price: event.target.value })}
            {...fieldErrorProps('tx-price', problem ?? undefined)}
          />
        </Field>
      </div>
      {draft.useCourier ? (
        <Field id="tx-delivery-days" label="Estimated delivery days" error={daysProblem}>
          <Input
            id="tx-delivery-days"
            type="number"
            min={1}
            max={30}
            step={1}
            value={draft.estimatedDeliveryDays}
            onChange={(event) => update({ estimatedDeliveryDays: event.target.value })}
            {...fieldErrorProps('tx-delivery-days', daysProblem)}
          />
        </Field>
      ) : null}
      <dl className="rounded-lg bg-slate-50 p-4 text-sm" aria-live="polite">
        <div className="flex justify-between py-1">
          <dt className="text-slate-600">Escrow fee ({TRANSACTION_FEE_PERCENT}%)</dt>
          <dd data-testid="wizard-fee" className="font-medium">
            {preview ? formatMoney(preview.fee, draft.currency) : '—'}
          </dd>
        </div>
        <div className="flex justify-between border-t border-slate-200 py-1 pt-2">
          <dt className="font-semibold text-slate-900">Total (paid by the buyer)</dt>
          <dd data-testid="wizard-total" className="font-semibold">
            {preview ? formatMoney(preview.total, draft.currency) : '—'}
          </dd>
        </div>
      </dl>
    </div>
  );
}
