import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { INSPECTION_TEXT, MAX_INSPECTION_EXTENSION_DAYS } from '@escrow/shared/domain/disputes';
import { msg } from '@escrow/shared/i18n/msg';
import { extendInspectionSchema } from '@escrow/shared/schemas/disputes';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Field, fieldErrorProps } from '../../../../components/ui/input';
import { t } from '../../../../lib/i18n';
import { failureText } from '../../../../lib/money-mutation';
import { Select } from '../form-controls';
import { numberValue, showServerFieldErrors } from '../../../../lib/form-values';
import { useFixAsYouType } from '../../../../lib/use-fix-as-you-type';

const EXTEND_FAILED = msg('Failed to extend the inspection period');

type ExtendInput = z.input<typeof extendInspectionSchema>;
type ExtendBody = z.output<typeof extendInspectionSchema>;

export type ExtendDialogProps = {
  send: (days: number) => Promise<unknown>;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  description?: string;
};

/** Extend inspection: 1-7 days, checked (and worded) by the server's own schema. */
export function ExtendDialog({ send, pending, onOpenChange, description }: ExtendDialogProps) {
  const form = useForm<ExtendInput, unknown, ExtendBody>({
    resolver: zodResolver(extendInspectionSchema),
    defaultValues: { days: 3 },
  });
  useFixAsYouType(form);
  const error = form.formState.errors.days?.message;
  const errorText = error ? t(error) : undefined;

  const submit = form.handleSubmit((body) =>
    send(body.days).then(
      () => {
        toast.success(t(INSPECTION_TEXT.extended));
        onOpenChange(false);
      },
      (failure: unknown) => {
        // A 400 naming the days lands on the field; the toast still says why it failed.
        showServerFieldErrors(failure, form.setError);
        toast.error(failureText(failure, t(EXTEND_FAILED)));
      },
    ),
  );
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={t('Extend inspection')}
      description={description ?? t('You can extend the inspection period once. The seller is told.')}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            {t('Cancel')}
          </Button>
          <Button type="submit" form="extend-form" disabled={pending}>
            {pending ? t('Extending...') : t('Extend')}
          </Button>
        </>
      }
    >
      <form id="extend-form" onSubmit={submit} noValidate>
        <Field id="extend-days" label={t('Extend by')} error={errorText}>
          <Select
            id="extend-days"
            {...fieldErrorProps('extend-days', error)}
            {...form.register('days', { setValueAs: numberValue })}
            options={Array.from({ length: MAX_INSPECTION_EXTENSION_DAYS }, (_, i) => ({
              value: String(i + 1),
              label: t('{count, plural, one {# day} other {# days}}', { count: i + 1 }),
            }))}
          />
        </Field>
      </form>
    </Dialog>
  );
}
