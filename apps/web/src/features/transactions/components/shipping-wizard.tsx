import { useEffect, useRef, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { decide } from '@escrow/shared/domain/transaction-machine';
import type { DeliveryDetails, Transaction } from '@escrow/shared/schemas/transactions';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { msg } from '@escrow/shared/i18n/msg';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { useSaveDeliveryDetails } from '../api/lifecycle';
import { failureText } from '../../../lib/money-mutation';
import { showServerFieldErrors } from '../../../lib/form-values';
import { DeliveryDetailsFields, useDeliveryDetailsForm, type DeliveryField } from './delivery-details-fields';
import { Detail } from './form-controls';
import { transitionFacts } from '../lib/trade-terms';

const TITLES = [msg('Personal Information'), msg('Address'), msg('Location')];

/** The shipping wizard: each step's fields, the same ones the delivery dialog asks for. */
const STEP_FIELDS: Record<number, readonly DeliveryField[]> = {
  1: ['fullName', 'phoneNumber'],
  2: ['address', 'city', 'state'],
  3: ['zipCode', 'country', 'specialInstructions'],
};

/** English ids: the toasts show them with t(). */
export const SHIPPING_TEXT = {
  required: msg('Please fill in all required fields'),
  saved: msg('Shipping details saved successfully!'),
  saveFailed: msg('Failed to save shipping details'),
} as const;

/** /app/shipping-details/{id}: the buyer's delivery address in three steps, then on to payment. */
export function ShippingWizard({ transaction: tx }: { transaction: Transaction }) {
  const navigate = useNavigate();
  const [step, setStep] = useState(1);
  const form = useDeliveryDetailsForm(tx.deliveryDetails);
  const save = useSaveDeliveryDetails(tx.id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [step]);
  const goTo = (next: number) => {
    moved.current = true;
    setStep(next);
  };
  // A brokered trade's broker gives no delivery details (its viewerRole is only a stand-in).
  const allowed = decide(
    tx.status,
    'PROVIDE_DELIVERY_DETAILS',
    tx.viewerIsBroker ? 'BROKER' : tx.viewerRole,
    transitionFacts(tx),
  );

  const saveDetails = async (details: DeliveryDetails) => {
    try {
      const { transaction } = await save.mutateAsync(details);
      toast.success(t(SHIPPING_TEXT.saved));
      // A correction after payment goes back to the trade; before it, on to payment.
      navigate(
        transaction.status === 'WAITING_FOR_PAYMENT' ? `/app/payment/${tx.id}` : `/app/transactions/${tx.id}`,
      );
    } catch (error) {
      const fields = showServerFieldErrors(error, form.setError, (path) => path as DeliveryField);
      const back = [1, 2, 3].find((n) => STEP_FIELDS[n]!.some((f) => fields.includes(f)));
      if (back && back !== step) goTo(back);
      if (!fields.length) toast.error(failureText(error, t(SHIPPING_TEXT.saveFailed)));
    }
  };

  /** Next checks the step's fields: what is missing is focused and says so beside the field. */
  async function next() {
    const valid = await form.trigger([...STEP_FIELDS[step]!], { shouldFocus: true });
    if (!valid) return void toast.error(t(SHIPPING_TEXT.required));
    if (step < 3) return goTo(step + 1);
    await form.handleSubmit(saveDetails)();
  }

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      <Card className="space-y-5 lg:col-span-2">
        {allowed.ok ? (
          <>
            <div>
              <p className="text-sm font-medium text-brand-700">
                {t('Step {step} of {total}', { step, total: 3 })}
              </p>
              <CardTitle ref={headingRef} tabIndex={-1} className="focus:outline-none">
                {t(TITLES[step - 1]!)}
              </CardTitle>
            </div>
            <FormProvider {...form}>
              <form
                noValidate
                className="space-y-5"
                onSubmit={(event) => {
                  event.preventDefault();
                  void next();
                }}
              >
                <DeliveryDetailsFields key={step} idPrefix="ship" fields={STEP_FIELDS[step]} />
                <div className="flex justify-between border-t border-slate-100 pt-4">
                  <Button variant="secondary" onClick={() => goTo(step - 1)} disabled={step === 1}>
                    {t('Previous')}
                  </Button>
                  <Button type="submit" disabled={save.isPending}>
                    {step < 3 ? t('Next') : save.isPending ? t('Saving...') : t('Save & Continue')}
                  </Button>
                </div>
              </form>
            </FormProvider>
          </>
        ) : (
          <div role="status" className="space-y-3">
            <CardTitle>{t('Delivery details')}</CardTitle>
            <p className="text-sm text-slate-700">{t(allowed.reason, allowed.params)}.</p>
            <Link
              to={`/app/transactions/${tx.id}`}
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              {t('Back to the transaction')}
            </Link>
          </div>
        )}
      </Card>
      <Card>
        <CardTitle>{t('Summary')}</CardTitle>
        <dl className="mt-3 divide-y divide-slate-100">
          <Detail label={t('Item')}>{tx.description}</Detail>
          <Detail label={t('Courier')}>{t('Yes')}</Detail>
          <Detail label={t('Currency')}>{tx.currency}</Detail>
          <Detail label={t('Price')}>{formatMoney(tx.price, tx.currency)}</Detail>
          <Detail label={t('Fee (2.5%)')}>{formatMoney(tx.fee, tx.currency)}</Detail>
          <Detail label={t('Total')}>{formatMoney(tx.total, tx.currency)}</Detail>
        </dl>
      </Card>
    </div>
  );
}
