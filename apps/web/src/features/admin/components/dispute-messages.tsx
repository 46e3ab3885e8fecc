import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { DISPUTE_TEXT } from '@escrow/shared/domain/disputes';
import { disputeMessageBodySchema, type Dispute } from '@escrow/shared/schemas/disputes';
import { DisputeMessages } from '../../../components/disputes/dispute-messages';
import { Button } from '../../../components/ui/button';
import { Field, fieldErrorProps } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/panels';
import { useAddInternalNote } from '../api/dispute-detail';

/** The conversation as staff see it, internal notes included, with the staff-only note form. */
export function StaffDisputeMessages({ dispute }: { dispute: Dispute }) {
  return (
    <DisputeMessages dispute={dispute}>
      <InternalNoteForm dispute={dispute} />
    </DisputeMessages>
  );
}

/** A note for staff only (POST .../messages with isInternal: true); the parties never receive it. */
function InternalNoteForm({ dispute }: { dispute: Dispute }) {
  const id = useId();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string>();
  const addNote = useAddInternalNote(dispute.id);
  const closed = dispute.status === 'CLOSED';

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = disputeMessageBodySchema.safeParse({ content, isInternal: true });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    addNote.mutate(parsed.data.content, {
      onSuccess: () => {
        setContent('');
        toast.success('Internal note added');
      },
      onError: (failure) => setError(failure.message),
    });
  }

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-2 border-t border-slate-200 pt-4">
      <Field id={`${id}-note`} label="Internal note" error={error}>
        <Textarea
          id={`${id}-note`}
          value={content}
          disabled={closed}
          onChange={(event) => setContent(event.target.value)}
          aria-describedby={error ? `${id}-note-error` : `${id}-note-hint`}
          {...fieldErrorProps(`${id}-note`, error)}
        />
      </Field>
      <p id={`${id}-note-hint`} className="text-xs text-slate-500">
        {closed ? DISPUTE_TEXT.closedNoMessages : 'Only staff see internal notes; the parties never do.'}
      </p>
      <Button type="submit" size="sm" disabled={closed || addNote.isPending}>
        {addNote.isPending ? 'Adding...' : 'Add internal note'}
      </Button>
    </form>
  );
}
