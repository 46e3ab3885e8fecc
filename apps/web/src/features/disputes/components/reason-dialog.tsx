import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, fieldErrorProps } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/panels';
import { showRefusalOnField } from '../../../lib/form-values';
import { t } from '../../../lib/i18n';
import { useFixAsYouType } from '../../../lib/use-fix-as-you-type';

/** The shared schemas' shape for an optional reason (escalating, rejecting a proposal). */
type ReasonSchema = z.ZodType<{ reason?: string | undefined }, { reason?: string | undefined }>;
type ReasonInput = { reason?: string | undefined };

/**
 * A confirmation with one optional reason: checked with the server's own schema (a reason over the
 * limit is refused here with the server's message), and a refusal from the server shown on the field.
 */
export function ReasonDialog({
  schema,
  title,
  description,
  label,
  submitLabel,
  pendingLabel,
  pending,
  send,
  successText,
  onClose,
}: {
  schema: ReasonSchema;
  title: string;
  description: ReactNode;
  label: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Sends the reason ('' when none was typed); resolves once the server accepted it. */
  send: (reason: string) => Promise<unknown>;
  successText: string;
  onClose: () => void;
}) {
  const id = useId();
  const form = useForm<ReasonInput, unknown, ReasonInput>({
    resolver: zodResolver(schema),
    defaultValues: { reason: '' },
  });
  useFixAsYouType(form);
  const error = form.formState.errors.reason?.message;

  const submit = form.handleSubmit((body) =>
    send(body.reason ?? '').then(
      () => {
        toast.success(successText);
        onClose();
      },
      (failure: unknown) => showRefusalOnField(failure, form.setError, 'reason'),
    ),
  );

  return (
    <Dialog
      open
      onOpenChange={(next) => (!next && !pending ? onClose() : undefined)}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t('Cancel')}
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate>
        <Field id={`${id}-reason`} label={label} error={error}>
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
