import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { t } from '../../../lib/i18n';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  outcome: string;
  /** 'Buyer receives ₦X · Seller receives ₦Y · Platform keeps ₦Z', or that nothing moves. */
  movements: string;
  reason: string;
  pending: boolean;
  error?: string;
  onConfirm: () => void;
};

export function DecideConfirmDialog({
  open,
  onOpenChange,
  outcome,
  movements,
  reason,
  pending,
  error,
  onConfirm,
}: Props) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}
      title={t('Confirm decision')}
      description={t('The decision is executed at once and cannot be undone.')}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            {t('Cancel')}
          </Button>
          <Button onClick={onConfirm} disabled={pending}>
            {pending ? t('Executing...') : t('Confirm decision')}
          </Button>
        </>
      }
    >
      <dl className="space-y-3 text-sm">
        <div>
          <dt className="font-medium text-slate-600">{t('Outcome')}</dt>
          <dd className="text-slate-900">{outcome}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">{t('Money')}</dt>
          <dd className="font-semibold text-slate-900" data-testid="decision-movements">
            {movements}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">{t('Reason the parties see')}</dt>
          <dd className="whitespace-pre-wrap break-words text-slate-900">{reason}</dd>
        </div>
      </dl>
      {error ? (
        <p role="alert" className="mt-4 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
