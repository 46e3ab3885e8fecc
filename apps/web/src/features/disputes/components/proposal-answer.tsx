import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { RESOLUTION_ACTION_LABELS } from '@escrow/shared/domain/disputes';
import {
  rejectResolutionSchema,
  type Dispute,
  type DisputeResolution,
} from '@escrow/shared/schemas/disputes';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, fieldErrorProps } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/panels';
import { showRefusalOnField } from '../../../lib/form-values';
import { useFixAsYouType } from '../../../lib/use-fix-as-you-type';
import { useAnswerProposal } from '../api/disputes';
import { proposalMovements } from '../lib/proposal-money';

type RejectInput = z.input<typeof rejectResolutionSchema>;
type RejectBody = z.output<typeof rejectResolutionSchema>;

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
    return <p className="mt-2 text-sm text-slate-600">Waiting for the other party to answer.</p>;
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <Button size="sm" onClick={() => setOpen('accept')}>
        Accept
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setOpen('reject')}>
        Reject
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
          toast.success('Proposal accepted: the dispute is resolved');
          onClose();
        },
      },
    );
  }
  return (
    <Dialog
      open
      onOpenChange={(next) => (!next && !answer.isPending ? onClose() : undefined)}
      title="Accept this proposal?"
      description="Accepting settles the dispute at once and cannot be undone."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={answer.isPending}>
            Cancel
          </Button>
          <Button onClick={accept} disabled={answer.isPending}>
            {answer.isPending ? 'Accepting...' : 'Accept and settle'}
          </Button>
        </>
      }
    >
      <dl className="space-y-3 text-sm">
        <div>
          <dt className="font-medium text-slate-600">Outcome</dt>
          <dd className="text-slate-900">{RESOLUTION_ACTION_LABELS[resolution.resolution]}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">Money</dt>
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
  const id = useId();
  const answer = useAnswerProposal();
  // The server's own schema: a reason over the limit is refused here with the server's message.
  const form = useForm<RejectInput, unknown, RejectBody>({
    resolver: zodResolver(rejectResolutionSchema),
    defaultValues: { reason: '' },
  });
  useFixAsYouType(form);
  const error = form.formState.errors.reason?.message;

  const reject = form.handleSubmit((body) =>
    answer.mutateAsync({ resolutionId: resolution.id, accept: false, reason: body.reason || undefined }).then(
      () => {
        toast.success('Proposal rejected');
        onClose();
      },
      (failure: unknown) => showRefusalOnField(failure, form.setError, 'reason'),
    ),
  );
  return (
    <Dialog
      open
      onOpenChange={(next) => (!next && !answer.isPending ? onClose() : undefined)}
      title="Reject this proposal?"
      description="No money moves. You can keep talking, propose something else, or ask support to decide."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={answer.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={answer.isPending}>
            {answer.isPending ? 'Rejecting...' : 'Reject proposal'}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={reject} noValidate>
        <Field id={`${id}-reason`} label="Why (optional; the other party sees this)" error={error}>
          <Textarea
            id={`${id}-reason`}
            {...fieldErrorProps(`${id}-reason`, error)}
            {...form.register('reason')}
          />
        </Field>
      </form>
    </Dialog>
  );
}
