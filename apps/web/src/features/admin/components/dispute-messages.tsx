import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { DISPUTE_TEXT } from '@escrow/shared/domain/disputes';
import { disputeMessageBodySchema, type Dispute } from '@escrow/shared/schemas/disputes';
import { DisputeMessages } from '../../../widgets/disputes/dispute-messages';
import { Button } from '../../../components/ui/button';
import { Field, fieldErrorProps } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/panels';
import { showRefusalOnField } from '../../../lib/form-values';
import { useFixAsYouType } from '../../../lib/use-fix-as-you-type';
import { useAddInternalNote } from '../api/dispute-detail';
import { t } from '../../../lib/i18n';

/** The conversation as staff see it, internal notes included, with the staff-only note form. */
export function StaffDisputeMessages({ dispute }: { dispute: Dispute }) {
  return (
    <DisputeMessages dispute={dispute}>
      <InternalNoteForm dispute={dispute} />
    </DisputeMessages>
  );
}

/** The note form's one field, with the rule and message of the server's message schema. */
const noteSchema = disputeMessageBodySchema.pick({ content: true });
type NoteInput = z.input<typeof noteSchema>;
type NoteBody = z.output<typeof noteSchema>;

/** A note for staff only (POST .../messages with isInternal: true); the parties never receive it. */
function InternalNoteForm({ dispute }: { dispute: Dispute }) {
  const id = useId();
  const addNote = useAddInternalNote(dispute.id);
  const closed = dispute.status === 'CLOSED';
  const form = useForm<NoteInput, unknown, NoteBody>({
    resolver: zodResolver(noteSchema),
    defaultValues: { content: '' },
  });
  useFixAsYouType(form);
  const contentError = form.formState.errors.content?.message;
  const error = contentError ? t(contentError) : undefined;

  const submit = form.handleSubmit(({ content }) =>
    addNote.mutateAsync(content).then(
      () => {
        form.reset();
        toast.success(t('Internal note added'));
      },
      (failure: unknown) => showRefusalOnField(failure, form.setError, 'content'),
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-2 border-t border-slate-200 pt-4">
      <Field id={`${id}-note`} label={t('Internal note')} error={error}>
        <Textarea
          id={`${id}-note`}
          disabled={closed}
          aria-required
          aria-describedby={`${id}-note-hint`}
          {...fieldErrorProps(`${id}-note`, error)}
          {...form.register('content')}
        />
      </Field>
      <p id={`${id}-note-hint`} className="text-xs text-slate-500">
        {closed
          ? t(DISPUTE_TEXT.closedNoMessages)
          : t('Only staff see internal notes; the parties never do.')}
      </p>
      <Button type="submit" size="sm" disabled={closed || addNote.isPending}>
        {addNote.isPending ? t('Adding...') : t('Add internal note')}
      </Button>
    </form>
  );
}
