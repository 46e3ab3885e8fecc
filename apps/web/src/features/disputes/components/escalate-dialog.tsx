import { DISPUTE_SLA_HOURS } from '@escrow/shared/domain/disputes';
import { escalateDisputeSchema, type Dispute } from '@escrow/shared/schemas/disputes';
import { useEscalateDispute } from '../api/disputes';
import { ReasonDialog } from './reason-dialog';

/** Escalate to support: staff take the dispute over and decide if the parties cannot agree. */
export function EscalateDialog({ dispute, onClose }: { dispute: Dispute; onClose: () => void }) {
  const escalate = useEscalateDispute(dispute.id);
  return (
    <ReasonDialog
      schema={escalateDisputeSchema}
      title="Escalate to support?"
      description={`Support staff review the evidence and messages and decide what happens to the money. They aim to answer within ${DISPUTE_SLA_HOURS} hours of the dispute being raised.`}
      label="Anything support should know (optional)"
      submitLabel="Escalate"
      pendingLabel="Escalating..."
      pending={escalate.isPending}
      send={(reason) => escalate.mutateAsync(reason)}
      successText="Dispute escalated to support"
      onClose={onClose}
    />
  );
}
