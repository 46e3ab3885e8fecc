import { Link } from 'react-router';
import { toast } from 'sonner';
import { msg } from '@escrow/shared/i18n/msg';
import type { MilestoneView } from '@escrow/shared/schemas/milestone-shapes';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { formatMoney } from '../../../../lib/format';
import { t } from '../../../../lib/i18n';
import { failureText } from '../../../../lib/money-mutation';
import { useAcceptMilestone } from '../../api/milestones';

export const ACCEPT_FAILED = msg('Failed to accept the milestone');
export const ACCEPTED_TEXT = msg('Milestone accepted and paid');

type Props = {
  transaction: Transaction;
  milestone: MilestoneView;
  onOpenChange: (open: boolean) => void;
};

/** Accept and release (the buyer, a delivered milestone): says exactly what the seller receives first. */
export function AcceptMilestoneDialog({ transaction, milestone, onOpenChange }: Props) {
  const accept = useAcceptMilestone(transaction.id);
  async function acceptNow() {
    try {
      await accept.mutateAsync(milestone.id);
      toast.success(t(ACCEPTED_TEXT));
      onOpenChange(false);
    } catch (error) {
      toast.error(failureText(error, t(ACCEPT_FAILED)));
    }
  }
  return (
    <Dialog
      open
      onOpenChange={(next) => (!next && !accept.isPending ? onOpenChange(false) : undefined)}
      title={t('Accept and release')}
      description={t('Accepting “{title}” releases {amount} to the seller. This cannot be undone.', {
        title: milestone.title,
        amount: formatMoney(milestone.sellerReceives, transaction.currency),
      })}
    >
      <div className="flex flex-wrap justify-between gap-2">
        {/* Something wrong: the dispute form, with this transaction chosen (what is unreleased stays frozen). */}
        <Link
          to={`/app/disputes/create?transactionId=${encodeURIComponent(transaction.id)}`}
          className="inline-flex h-10 items-center rounded-lg px-3 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {t('Raise Dispute')}
        </Link>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={accept.isPending}>
            {t('Cancel')}
          </Button>
          <Button onClick={() => void acceptNow()} disabled={accept.isPending}>
            {accept.isPending ? t('Releasing...') : t('Accept and release')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
