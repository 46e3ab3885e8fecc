import type { Transaction } from '@escrow/shared/schemas/transactions';
import { Card, CardTitle } from '../../../../components/ui/card';
import { cn } from '../../../../lib/cn';
import { formatDateTime } from '../../../../lib/format';
import { t } from '../../../../lib/i18n';

type Step = { label: string; done: boolean; at?: string | null; note?: string };

/** Four steps: created, joined, then delivery details (courier) or payment, and completion (read while rendering). */
export function timelineSteps(tx: Transaction): Step[] {
  const created = { label: t('Transaction created'), done: true, at: tx.createdAt };
  const joined = {
    label: t('Counterparty joined'),
    done: tx.counterpartyId !== null,
    note: tx.counterpartyName ?? undefined,
  };
  const paid = { label: t('Payment made'), done: tx.paidAt !== null, at: tx.paidAt };
  const completed = {
    label: t('Transaction completed'),
    done: tx.status === 'COMPLETED',
    at: tx.completedAt,
  };
  if (!tx.useCourier) return [created, joined, paid, completed];
  return [
    created,
    joined,
    { label: t('Shipping details provided'), done: tx.deliveryDetails !== null },
    {
      label: t('Payment and completion'),
      done: tx.status === 'COMPLETED',
      at: tx.completedAt ?? tx.paidAt,
      note: tx.paidAt && tx.status !== 'COMPLETED' ? t('Paid, waiting for delivery') : undefined,
    },
  ];
}

export function TransactionTimeline({ transaction }: { transaction: Transaction }) {
  const steps = timelineSteps(transaction);
  return (
    <Card>
      <CardTitle>{t('Timeline')}</CardTitle>
      <ol className="mt-4 space-y-4">
        {steps.map((step, index) => (
          <li
            key={step.label}
            className="flex gap-3"
            aria-current={!step.done && steps[index - 1]?.done ? 'step' : undefined}
          >
            <span
              aria-hidden="true"
              className={cn(
                'mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-bold',
                step.done ? 'bg-emerald-600 text-white' : 'bg-slate-200 text-slate-600',
              )}
            >
              {step.done ? '✓' : index + 1}
            </span>
            <div>
              <p className={cn('text-sm font-medium', step.done ? 'text-slate-900' : 'text-slate-500')}>
                {step.label}
                <span className="sr-only">{` ${step.done ? t('(done)') : t('(not yet)')}`}</span>
              </p>
              {step.at && step.done ? (
                <p className="text-xs text-slate-500">{formatDateTime(step.at)}</p>
              ) : null}
              {step.note ? <p className="text-xs text-slate-500">{step.note}</p> : null}
            </div>
          </li>
        ))}
      </ol>
      {transaction.status === 'CANCELLED' ? (
        <p className="mt-4 rounded-lg bg-slate-100 p-3 text-sm text-slate-700">
          {t('This transaction was cancelled.')}
        </p>
      ) : null}
      {transaction.status === 'DISPUTED' ? (
        <p className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {t('A dispute is open: the payment stays in escrow until it is resolved.')}
        </p>
      ) : null}
    </Card>
  );
}
