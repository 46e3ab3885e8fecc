import { useState } from 'react';
import { toast } from 'sonner';
import { RESOLUTION_ACTION_LABELS } from '@escrow/shared/domain/disputes';
import {
  rejectResolutionSchema,
  type Dispute,
  type DisputeResolution,
} from '@escrow/shared/schemas/disputes';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { t } from '../../../lib/i18n';
import { useAnswerProposal } from '../api/disputes';
import { proposalMovements } from '../lib/proposal-money';
import { ReasonDialog } from './reason-dialog';

/**
 * Under a pending proposal: the other party answers it (Accept states exactly what money moves to whom
 * before anything is sent; Reject may say why); the proposer sees that it waits for an answer.
 */
export function ProposalAnswer({
  dispute,
  resolution,
  viewerId,
}: {
  dispute: Dispute;
  resolution: DisputeResolution;
  viewerId: string;
}) {
  const [open, setOpen] = useState<'accept' | 'reject' | null>(null);
  const party = dispute.viewerRole === 'RAISER' || dispute.viewerRole === 'ACCUSED';
  if (resolution.status !== 'PENDING' || resolution.resolutionType !== 'MEDIATION' || !party) return null;
  if (resolution.proposedBy.id === viewerId)
    return <p className="mt-2 text-sm text-slate-600">{t('Waiting for the other party to answer.')}</p>;
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <Button size="sm" onClick={() => setOpen('accept')}>
        {t('Accept')}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setOpen('reject')}>
        {t('Reject')}
      </Button>
      {open === 'accept' ? (
        <AcceptDialog dispute={dispute} resolution={resolution} onClose={() => setOpen(null)} />
      ) : null}
      {open === 'reject' ? <RejectDialog resolution={resolution} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

function AcceptDialog({
  dispute,
  resolution,
  onClose,
}: {
  dispute: Dispute;
  resolution: DisputeResolution;
  onClose: () => void;
}) {
  const answer = useAnswerProposal();
  function accept() {
    answer.mutate(
      { resolutionId: resolution.id, accept: true },
      {
        onSuccess: () => {
          toast.success(t('Proposal accepted: the dispute is resolved'));
          onClose();
        },
      },
    );
  }
  return (
    <Dialog
      open
      onOpenChange={(next) => (!next && !answer.isPending ? onClose() : undefined)}
      title={t('Accept this proposal?')}
      description={t('Accepting settles the dispute at once and cannot be undone.')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={answer.isPending}>
            {t('Cancel')}
          </Button>
          <Button onClick={accept} disabled={answer.isPending}>
            {answer.isPending ? t('Accepting...') : t('Accept and settle')}
          </Button>
        </>
      }
    >
      <dl className="space-y-3 text-sm">
        <div>
          <dt className="font-medium text-slate-600">{t('Outcome')}</dt>
          <dd className="text-slate-900">{t(RESOLUTION_ACTION_LABELS[resolution.resolution])}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">{t('Money')}</dt>
          <dd className="font-semibold text-slate-900" data-testid="accept-movements">
            {proposalMovements(dispute, resolution)}
          </dd>
        </div>
      </dl>
      {answer.error ? (
        <p role="alert" className="mt-4 text-sm text-red-600">
          {answer.error.message}
        </p>
      ) : null}
    </Dialog>
  );
}

function RejectDialog({ resolution, onClose }: { resolution: DisputeResolution; onClose: () => void }) {
  const answer = useAnswerProposal();
  return (
    <ReasonDialog
      schema={rejectResolutionSchema}
      title={t('Reject this proposal?')}
      description={t(
        'No money moves. You can keep talking, propose something else, or ask support to decide.',
      )}
      label={t('Why (optional; the other party sees this)')}
      submitLabel={t('Reject proposal')}
      pendingLabel={t('Rejecting...')}
      pending={answer.isPending}
      send={(reason) =>
        answer.mutateAsync({ resolutionId: resolution.id, accept: false, reason: reason || undefined })
      }
      successText={t('Proposal rejected')}
      onClose={onClose}
    />
  );
}
