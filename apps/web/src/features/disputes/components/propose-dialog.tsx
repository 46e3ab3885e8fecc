import { useId, type FormEvent } from 'react';
import { toast } from 'sonner';
import { PROPOSAL_TTL_HOURS } from '@escrow/shared/domain/disputes';
import type { Dispute } from '@escrow/shared/schemas/disputes';
import { ResolutionFields, useResolutionDraft } from '../../../components/disputes/resolution-draft';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useProposeResolution } from '../api/disputes';

/**
 * Propose Resolution (a party, while OPEN): an outcome, the buyer's share for a partial refund with
 * the seller's remainder computed as typed, and a reason. Nothing moves until the other party accepts.
 */
export function ProposeDialog({ dispute, onClose }: { dispute: Dispute; onClose: () => void }) {
  const id = useId();
  const draft = useResolutionDraft(dispute, 'MEDIATION');
  const propose = useProposeResolution(dispute.id);

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = draft.validate();
    if (!input) return;
    propose.mutate(input, {
      onSuccess: () => {
        toast.success('Proposal sent');
        onClose();
      },
    });
  }

  return (
    <Dialog
      open
      onOpenChange={(next) => (!next && !propose.isPending ? onClose() : undefined)}
      title="Propose Resolution"
      description={`The other party can accept or reject it within ${PROPOSAL_TTL_HOURS} hours; money moves only if they accept.`}
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate className="space-y-4">
        <ResolutionFields draft={draft} idPrefix={id} reasonLabel="Reason (the other party sees this)" />
        {propose.error ? (
          <p role="alert" className="text-sm text-red-600">
            {propose.error.message}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose} disabled={propose.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={propose.isPending}>
            {propose.isPending ? 'Sending...' : 'Send proposal'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
