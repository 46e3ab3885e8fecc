import { useId, useState } from 'react';
import { toast } from 'sonner';
import { DISPUTE_SLA_HOURS } from '@escrow/shared/domain/disputes';
import type { Dispute } from '@escrow/shared/schemas/disputes';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/panels';
import { useEscalateDispute } from '../api/disputes';

/** Escalate to support: staff take the dispute over and decide if the parties cannot agree. */
export function EscalateDialog({ dispute, onClose }: { dispute: Dispute; onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const escalate = useEscalateDispute(dispute.id);
  return (
    <Dialog
      open
      onOpenChange={(next) => (!next && !escalate.isPending ? onClose() : undefined)}
      title="Escalate to support?"
      description={`Support staff review the evidence and messages and decide what happens to the money. They aim to answer within ${DISPUTE_SLA_HOURS} hours of the dispute being raised.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={escalate.isPending}>
            Cancel
          </Button>
          <Button
            disabled={escalate.isPending}
            onClick={() =>
              escalate.mutate(reason, {
                onSuccess: () => {
                  toast.success('Dispute escalated to support');
                  onClose();
                },
              })
            }
          >
            {escalate.isPending ? 'Escalating...' : 'Escalate'}
          </Button>
        </>
      }
    >
      <Field
        id={`${id}-reason`}
        label="Anything support should know (optional)"
        error={escalate.error?.message}
      >
        <Textarea id={`${id}-reason`} value={reason} onChange={(event) => setReason(event.target.value)} />
      </Field>
    </Dialog>
  );
}
