import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { decide } from '@escrow/shared/domain/transaction-machine';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { formatMoney } from '../../../lib/format';
import { useSaveDeliveryDetails } from '../api/lifecycle';
import { failureText } from '../api/wallet-link';
import {
  EMPTY_SHIPPING_FORM,
  SHIPPING_TEXT,
  stepComplete,
  toDeliveryDetails,
  type ShippingForm,
} from '../lib/shipping-form';
import { Detail } from './form-controls';
import { AddressStep, LocationStep, PersonalStep } from './shipping-wizard-steps';

const TITLES = ['Personal Information', 'Address', 'Location'];

/** /app/shipping-details/{id}: the buyer's delivery address in three steps, then on to payment. */
export function ShippingWizard({ transaction: tx }: { transaction: Transaction }) {
  const navigate = useNavigate();
  const [step, setStep] = useState(1);
  const [form, setForm] = useState<ShippingForm>(EMPTY_SHIPPING_FORM);
  const save = useSaveDeliveryDetails(tx.id);
  const update = (patch: Partial<ShippingForm>) => setForm((current) => ({ ...current, ...patch }));
  const allowed = decide(tx.status, 'PROVIDE_DELIVERY_DETAILS', tx.viewerRole, {
    useCourier: tx.useCourier,
    hasCounterparty: tx.counterpartyId !== null,
    hasDeliveryDetails: tx.deliveryDetails !== null,
  });

  async function next() {
    if (!stepComplete(step, form)) return void toast.error(SHIPPING_TEXT.required);
    if (step < 3) return setStep(step + 1);
    const result = toDeliveryDetails(form);
    if (!result.ok) {
      toast.error(result.error);
      return setStep(result.step);
    }
    try {
      await save.mutateAsync(result.details);
      toast.success(SHIPPING_TEXT.saved);
      navigate(`/app/payment/${tx.id}`);
    } catch (error) {
      toast.error(failureText(error, SHIPPING_TEXT.saveFailed));
    }
  }

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      <Card className="space-y-5 lg:col-span-2">
        {allowed.ok ? (
          <>
            <div>
              <p className="text-sm font-medium text-brand-700">Step {step} of 3</p>
              <CardTitle>{TITLES[step - 1]}</CardTitle>
            </div>
            {step === 1 ? <PersonalStep form={form} update={update} /> : null}
            {step === 2 ? <AddressStep form={form} update={update} /> : null}
            {step === 3 ? <LocationStep form={form} update={update} /> : null}
            <div className="flex justify-between border-t border-slate-100 pt-4">
              <Button variant="secondary" onClick={() => setStep(step - 1)} disabled={step === 1}>
                Previous
              </Button>
              <Button onClick={() => void next()} disabled={save.isPending}>
                {step < 3 ? 'Next' : save.isPending ? 'Saving...' : 'Save & Continue'}
              </Button>
            </div>
          </>
        ) : (
          <div role="status" className="space-y-3">
            <CardTitle>Delivery details</CardTitle>
            <p className="text-sm text-slate-700">{allowed.reason}.</p>
            <Link
              to={`/app/transactions/${tx.id}`}
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              Back to the transaction
            </Link>
          </div>
        )}
      </Card>
      <Card>
        <CardTitle>Summary</CardTitle>
        <dl className="mt-3 divide-y divide-slate-100">
          <Detail label="Item">{tx.description}</Detail>
          <Detail label="Courier">Yes</Detail>
          <Detail label="Currency">{tx.currency}</Detail>
          <Detail label="Price">{formatMoney(tx.price, tx.currency)}</Detail>
          <Detail label="Fee (2.5%)">{formatMoney(tx.fee, tx.currency)}</Detail>
          <Detail label="Total">{formatMoney(tx.total, tx.currency)}</Detail>
        </dl>
      </Card>
    </div>
  );
}
