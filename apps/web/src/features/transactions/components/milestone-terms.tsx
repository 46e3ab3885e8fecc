import type { Transaction } from '@escrow/shared/schemas/transactions';
import { Card, CardTitle } from '../../../components/ui/card';
import { formatDisplayDate } from '../../../lib/dates';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n';

/**
 * A milestone trade's parts as the invitee accepts them by joining (docs/money.md "Milestones"): the buyer
 * pays the whole total once, and each milestone's amount is released to the seller as the buyer accepts it.
 */
export function MilestoneTerms({ transaction: tx }: { transaction: Transaction }) {
  if (!tx.milestones.length) return null;
  return (
    <Card data-testid="join-milestones">
      <CardTitle>
        {t('Paid in {count, plural, one {# milestone} other {# milestones}}', {
          count: tx.milestones.length,
        })}
      </CardTitle>
      <p className="mt-1 text-sm text-slate-600">
        {t(
          'The buyer pays the whole total into escrow once. The seller delivers each milestone, and its amount is released when the buyer accepts it.',
        )}
      </p>
      <ol className="mt-3 divide-y divide-slate-100" aria-label={t('Milestones')}>
        {tx.milestones.map((m, index) => (
          <li key={m.id} className="py-2 text-sm">
            <div className="flex flex-wrap justify-between gap-x-4 gap-y-1">
              <span className="font-medium text-slate-900">
                {index + 1}. {m.title}
              </span>
              <span className="font-semibold text-slate-900">{formatMoney(m.amount, tx.currency)}</span>
            </div>
            {m.dueDate ? (
              <p className="text-slate-600">{t('Due {date}', { date: formatDisplayDate(m.dueDate) })}</p>
            ) : null}
            {m.description ? <p className="whitespace-pre-line text-slate-600">{m.description}</p> : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}
