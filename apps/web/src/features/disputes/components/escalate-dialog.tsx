import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { DISPUTE_SLA_HOURS } from '@escrow/shared/domain/disputes';
import { escalateDisputeSchema, type Dispute } from '@escrow/shared/schemas/disputes';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, fieldErrorProps } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/panels';
import { showRefusalOnField } from '../../../lib/form-values';
import { useFixAsYouType } from '../../../lib/use-fix-as-you-type';
import { useEscalateDispute } from '../api/disputes';

type EscalateInput = z.input<typeof escalateDisputeSchema>;
type EscalateBody = z.output<typeof escalateDisputeSchema>;

/** Escalate to support: staff take the dispute over and decide if the parties cannot agree. */
export function EscalateDialog({ dispute, onClose }: { dispute: Dispute; onClose: () => void }) {
  const id = useId();
  const escalate = useEscalateDispute(dispute.id);
  // The server's own schema: a reason over the limit is refused here with the server's message.
  const form = useForm<EscalateInput, unknown, EscalateBody>({
    resolver: zodResolver(escalateDisputeSchema),
    defaultValues: { reason: '' },
  });
  useFixAsYouType(form);
  const error = form.formState.errors.reason?.message;

  const submit = form.handleSubmit((body) =>
    escalate.mutateAsync(body.reason ?? '').then(
      () => {
        toast.success('Dispute escalated to support');
        onClose();
      },
      (failure: unknown) => showRefusalOnField(failure, form.setError, 'reason'),
    ),
  );

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
          <Button type="submit" form={`${id}-form`} disabled={escalate.isPending}>
            {escalate.isPending ? 'Escalating...' : 'Escalate'}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate>
        <Field id={`${id}-reason`} label="Anything support should know (optional)" error={error}>
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
