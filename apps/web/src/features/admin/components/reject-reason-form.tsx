import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { rejectDocumentSchema } from '@escrow/shared/schemas/identity';
import { Button } from '../../../components/ui/button';
import { Field, fieldErrorProps } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/panels';
import { showServerFieldErrors } from '../../../lib/form-values';
import { useFixAsYouType } from '../../../lib/use-fix-as-you-type';
import { t } from '../../../lib/i18n';

type RejectInput = z.input<typeof rejectDocumentSchema>;
type RejectBody = z.output<typeof rejectDocumentSchema>;

/**
 * The reason a document is rejected with (POST /admin/documents/{id}/reject {reason}), checked by the
 * server's own schema. A refusal naming the reason (400) lands on the field; any other is a toast, as
 * an approval's is.
 */
export function RejectReasonForm({
  documentId,
  busy,
  onReject,
  onCancel,
}: {
  documentId: string;
  busy: boolean;
  onReject: (reason: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useForm<RejectInput, unknown, RejectBody>({
    resolver: zodResolver(rejectDocumentSchema),
    defaultValues: { reason: '' },
  });
  useFixAsYouType(form);
  const { setFocus } = form;
  // The Reject button that opened the form is gone: the reason it asks for takes the focus.
  useEffect(() => setFocus('reason'), [setFocus]);
  const reasonError = form.formState.errors.reason?.message;
  const error = reasonError ? t(reasonError) : undefined;
  const id = `reject-reason-${documentId}`;

  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await onReject(reason);
    } catch (failure) {
      if (!showServerFieldErrors(failure, form.setError).length) toast.error((failure as Error).message);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <Field id={id} label={t('Reason the user will see')} error={error}>
        <Textarea
          id={id}
          maxLength={500}
          aria-required
          {...fieldErrorProps(id, error)}
          {...form.register('reason')}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" disabled={busy}>
          {t('Reject document')}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t('Cancel')}
        </Button>
      </div>
    </form>
  );
}
