import { useId } from 'react';
import { toast } from 'sonner';
import { PROPOSAL_TTL_HOURS } from '@escrow/shared/domain/disputes';
import type { Dispute } from '@escrow/shared/schemas/disputes';
import { ResolutionFields, useResolutionDraft } from '../../../widgets/disputes/resolution-draft';
import { resolutionFieldOf } from '../../../widgets/disputes/resolution-form';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { showServerFieldErrors } from '../../../lib/form-values';
import { t } from '../../../lib/i18n';
import { useProposeResolution } from '../api/disputes';

/**
 * Propose Resolution (a party, while OPEN): an outcome, the buyer's share for a partial refund with
 * the seller's remainder computed as typed, and a reason. Nothing moves until the other party accepts.
 * A 400 names its field (the server's `amount` is the typed share) and its message goes beside it.
 */
export function ProposeDialog({ dispute, onClose }: { dispute: Dispute; onClose: () => void }) {
  const id = useId();
  const draft = useResolutionDraft(dispute, 'MEDIATION');
  const propose = useProposeResolution(dispute.id);

  const submit = draft.form.handleSubmit(async (input) => {
    try {
      await propose.mutateAsync(input);
      toast.success(t('Proposal sent'));
      onClose();
    } catch (failure) {
      if (!showServerFieldErrors(failure, draft.form.setError, resolutionFieldOf).length)
        draft.form.setError('root.server', { message: (failure as Error).message });
    }
  });
  const formError = draft.form.formState.errors.root?.server?.message;

  return (
    <Dialog
      open
      onOpenChange={(next) => (!next && !propose.isPending ? onClose() : undefined)}
      title={t('Propose Resolution')}
      description={t(
        'The other party can accept or reject it within {hours} hours; money moves only if they accept.',
        { hours: String(PROPOSAL_TTL_HOURS) },
      )}
    >
      <form id={`${id}-form`} onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <ResolutionFields draft={draft} idPrefix={id} reasonLabel={t('Reason (the other party sees this)')} />
        {formError ? (
          <p role="alert" className="text-sm text-red-600">
            {formError}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose} disabled={propose.isPending}>
            {t('Cancel')}
          </Button>
          <Button type="submit" disabled={propose.isPending}>
            {propose.isPending ? t('Sending...') : t('Send proposal')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
