import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { paymentConditionControls } from '@escrow/shared/domain/transaction-labels';
import { decide } from '@escrow/shared/domain/transaction-machine';
import type { PaymentCondition } from '@escrow/shared/schemas/payment-conditions';
import { PAYMENT_CONDITION_TEXT } from '@escrow/shared/texts/payment-conditions';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { Button } from '../../../../components/ui/button';
import { Card, CardTitle } from '../../../../components/ui/card';
import { Spinner } from '../../../../components/ui/spinner';
import { formatDeadline } from '../../../../lib/format';
import { t } from '../../../../lib/i18n';
import {
  useAddDeliveryCondition,
  useConfirmDeliveryCondition,
  usePaymentConditions,
} from '../../api/payment-conditions';
import { failureText } from '../../../../lib/money-mutation';
import { transitionFacts } from '../../lib/trade-terms';
import { ManualReleaseForm, TimeReleaseForm } from './release-forms';

function describe(condition: PaymentCondition): string {
  switch (condition.conditionType) {
    case 'TIME_BASED':
      return condition.releaseAt
        ? t('Automatic release on {date}', { date: formatDeadline(condition.releaseAt) })
        : t('Automatic release');
    case 'DELIVERY_CONFIRMED':
      return condition.conditionValue
        ? t('Delivery confirmation: {value}', { value: condition.conditionValue })
        : t('Buyer confirms delivery');
    case 'MANUAL_APPROVAL': {
      let reason: string | undefined;
      try {
        reason = (JSON.parse(condition.conditionValue ?? '{}') as { reason?: string }).reason;
      } catch {
        reason = undefined;
      }
      return reason ? t('Released manually: {reason}', { reason }) : t('Released manually by the buyer');
    }
    default:
      return t('Dispute resolved');
  }
}

/** Payment tab: release conditions and the controls the shared table allows for this status and role. */
export function PaymentConditionsPanel({ transaction: tx }: { transaction: Transaction }) {
  const conditions = usePaymentConditions(tx.id);
  const addDelivery = useAddDeliveryCondition(tx.id);
  const confirmDelivery = useConfirmDeliveryCondition();
  const controls = paymentConditionControls(tx.status, tx.viewerRole);
  // The shared table refuses a timer on an in-person trade (it would release unseen goods) and on a
  // milestone trade (each milestone is released by its own acceptance).
  const canSetTimeRelease =
    controls.canSetTimeRelease &&
    decide(tx.status, 'SET_TIME_RELEASE', tx.viewerRole, transitionFacts(tx)).ok;
  const inPerson = tx.shippingType === 'IN_PERSON';
  const toasted = useRef(false);

  useEffect(() => {
    if (conditions.isError && !toasted.current) {
      toasted.current = true;
      toast.error(t(PAYMENT_CONDITION_TEXT.loadFailed));
    }
  }, [conditions.isError]);

  const list = conditions.data?.conditions ?? [];
  const hasDelivery = list.some((c) => c.conditionType === 'DELIVERY_CONFIRMED');

  async function addDeliveryCondition() {
    try {
      await addDelivery.mutateAsync(undefined);
      toast.success(t(PAYMENT_CONDITION_TEXT.deliveryAdded));
    } catch (error) {
      toast.error(failureText(error, t('Failed to add delivery confirmation condition')));
    }
  }

  async function confirmDelivered(conditionId: string) {
    try {
      await confirmDelivery.mutateAsync(conditionId);
      toast.success(t('Delivery confirmed'));
    } catch (error) {
      toast.error(failureText(error, t('Failed to confirm delivery')));
    }
  }

  return (
    <Card className="space-y-4">
      <CardTitle>{t('Payment Conditions')}</CardTitle>
      {conditions.isPending ? (
        <Spinner />
      ) : conditions.isError ? (
        <p role="alert" className="flex items-center gap-3 text-sm text-red-700">
          {t(PAYMENT_CONDITION_TEXT.loadFailed)}
          <Button variant="secondary" size="sm" onClick={() => void conditions.refetch()}>
            {t('Retry')}
          </Button>
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {t('Automatic release:')}{' '}
            <span className="font-medium">
              {conditions.data.autoReleaseEnabled ? t('Scheduled') : t('Not scheduled')}
            </span>
          </p>
          {list.length === 0 ? (
            <p className="text-sm text-slate-600">
              {/* Whole sentences (IN_PERSON_RELEASE_TEXT, MILESTONE_RELEASE_TEXT with a full stop), not pieces. */}
              {inPerson
                ? t(
                    'No conditions yet. An in-person trade is released when the seller enters the buyer’s release code.',
                  )
                : tx.milestones.length
                  ? t(
                      'No conditions yet. A milestone trade is released one milestone at a time, as each is accepted.',
                    )
                  : t('No conditions yet. The payment is released when the buyer confirms receipt.')}
            </p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label={t('Conditions')}>
              {list.map((condition) => (
                <li
                  key={condition.id}
                  className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
                >
                  <span>{describe(condition)}</span>
                  <span className="flex items-center gap-2">
                    <span className={condition.isMet ? 'font-medium text-emerald-700' : 'text-slate-500'}>
                      {condition.isMet ? t('Met') : t('Not met')}
                    </span>
                    {condition.conditionType === 'DELIVERY_CONFIRMED' &&
                    !condition.isMet &&
                    tx.viewerRole === 'BUYER' &&
                    tx.status === 'WAITING_FOR_BUYER_CONFIRMATION' ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => void confirmDelivered(condition.id)}
                      >
                        {t('Confirm Delivery')}
                      </Button>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {controls.locked ? (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">
          {t(PAYMENT_CONDITION_TEXT.locked)}
        </p>
      ) : (
        <div className="space-y-4 border-t border-slate-100 pt-4">
          {controls.canAddDeliveryCondition && !hasDelivery ? (
            <Button
              variant="secondary"
              onClick={() => void addDeliveryCondition()}
              disabled={addDelivery.isPending}
            >
              {t('Add Delivery Confirmation')}
            </Button>
          ) : null}
          {canSetTimeRelease ? <TimeReleaseForm transactionId={tx.id} /> : null}
          {controls.canManualRelease ? <ManualReleaseForm transaction={tx} /> : null}
        </div>
      )}
    </Card>
  );
}
