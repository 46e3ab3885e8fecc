import { STATUS_LABELS } from '@escrow/shared/domain/transaction-labels';
import type { TransactionStatus } from '@escrow/shared/domain/transaction-machine';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n';

const COLOURS: Record<TransactionStatus, string> = {
  PENDING: 'bg-amber-100 text-amber-900',
  ACTIVE: 'bg-blue-100 text-blue-900',
  WAITING_FOR_PAYMENT: 'bg-orange-100 text-orange-900',
  WAITING_FOR_SHIPMENT: 'bg-indigo-100 text-indigo-900',
  WAITING_FOR_BUYER_CONFIRMATION: 'bg-purple-100 text-purple-900',
  WAITING_FOR_HANDOVER: 'bg-teal-100 text-teal-900',
  IN_PROGRESS: 'bg-sky-100 text-sky-900',
  COMPLETED: 'bg-emerald-100 text-emerald-900',
  CANCELLED: 'bg-slate-200 text-slate-700',
  DISPUTED: 'bg-red-100 text-red-900',
};

export function StatusBadge({ status, className }: { status: TransactionStatus; className?: string }) {
  return (
    <span
      data-status={status}
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold',
        COLOURS[status],
        className,
      )}
    >
      {t(STATUS_LABELS[status])}
    </span>
  );
}

export function RoleBadge({ role }: { role: 'BUYER' | 'SELLER' | 'BROKER' }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold',
        role === 'BUYER'
          ? 'bg-sky-100 text-sky-900'
          : role === 'SELLER'
            ? 'bg-teal-100 text-teal-900'
            : 'bg-violet-100 text-violet-900',
      )}
    >
      {role === 'BUYER' ? t('Buyer') : role === 'SELLER' ? t('Seller') : t('Broker')}
    </span>
  );
}
