import { DISPUTE_SLA_HOURS } from '@escrow/shared/domain/disputes';
import { escalateDisputeSchema, type Dispute } from '@escrow/shared/schemas/disputes';
import { t } from '../../../lib/i18n';
import { useEscalateDispute } from '../api/disputes';
import { ReasonDialog } from './reason-dialog';

/** Escalate to support: staff take the dispute over and decide if the parties cannot agree. */
export function EscalateDialog({ dispute, onClose }: { dispute: Dispute; onClose: () => void }) {
  const escalate = useEscalateDispute(dispute.id);
  return (
    <ReasonDialog
      schema={escalateDisputeSchema}
      title={t('Escalate to support?')}
      description={t(
        'Support staff review the evidence and messages and decide what happens to the money. They aim to answer within {hours} hours of the dispute being raised.',
        { hours: String(DISPUTE_SLA_HOURS) },
      )}
      label={t('Anything support should know (optional)')}
      submitLabel={t('Escalate')}
      pendingLabel={t('Escalating...')}
      pending={escalate.isPending}
      send={(reason) => escalate.mutateAsync(reason)}
      successText={t('Dispute escalated to support')}
      onClose={onClose}
    />
  );
}
