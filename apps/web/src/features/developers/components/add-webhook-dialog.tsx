import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  WEBHOOK_EVENT_TYPES,
  createWebhookBodySchema,
  type WebhookEventType,
} from '@escrow/shared/schemas/webhooks';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input, fieldErrorProps } from '../../../components/ui/input';
import { useCreateWebhook, type WebhookWithSecret } from '../api/webhooks';
import { useCreateDialogForm } from '../hooks/use-create-dialog-form';
import { CheckboxList, DialogFormFooter } from './form-parts';
import { msg } from '@escrow/shared/i18n/msg';
import { t } from '../../../lib/i18n';

type FormInput = z.input<typeof createWebhookBodySchema>;
type FormOutput = z.output<typeof createWebhookBodySchema>;

/** An address to show the form of one (a URL, the same in every language). */
const EXAMPLE_URL = 'https://shop.example.com/webhooks/amana';

/** When each event is sent (docs/webhooks.md, Events). */
export const EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'transaction.joined': msg('The counterparty joined the transaction'),
  'transaction.paid': msg('The buyer’s payment is in escrow'),
  'transaction.shipped': msg('The seller confirmed shipment'),
  'transaction.completed': msg('The transaction completed and the money was released'),
  'transaction.cancelled': msg('It was cancelled before payment, or its invitation expired'),
  'transaction.refunded': msg('A dispute ended in a refund to the buyer'),
  'dispute.opened': msg('A party raised a dispute'),
  'dispute.resolved': msg('A dispute was resolved'),
  'milestone.released': msg('A milestone was accepted and its money released'),
};

/** Registers an endpoint URL for some events (the server's own schema checks both). */
export function AddWebhookDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (created: WebhookWithSecret) => void;
}) {
  const id = useId();
  const create = useCreateWebhook();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createWebhookBodySchema),
    defaultValues: { url: '', events: [] },
  });
  const {
    register,
    setValue,
    formState: { errors },
  } = form;
  const { submit, close, onDialogOpenChange } = useCreateDialogForm(form, create, {
    onCreated,
    onOpenChange,
  });
  const eventsError = errors.events?.message ?? errors.events?.root?.message;
  const urlError = errors.url?.message ? t(errors.url.message) : undefined;

  return (
    <Dialog
      open={open}
      onOpenChange={onDialogOpenChange}
      title={t('Add endpoint')}
      description={t(
        'We POST a signed JSON event to this URL whenever one of the chosen events happens to one of your transactions.',
      )}
      wide
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field id={`${id}-url`} label={t('Endpoint URL')} error={urlError}>
          <Input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            placeholder={EXAMPLE_URL}
            autoComplete="off"
            spellCheck={false}
            aria-required
            {...fieldErrorProps(`${id}-url`, urlError)}
            {...register('url')}
          />
        </Field>
        <CheckboxList
          id={`${id}-events`}
          legend={t('Events')}
          values={WEBHOOK_EVENT_TYPES}
          descriptions={EVENT_DESCRIPTIONS}
          field={register('events')}
          error={eventsError}
          columns
          action={
            <Button
              variant="ghost"
              size="sm"
              className="mb-1 -ml-3"
              onClick={() => setValue('events', [...WEBHOOK_EVENT_TYPES], { shouldValidate: true })}
            >
              {t('Select all events')}
            </Button>
          }
        />
        <DialogFormFooter
          serverError={errors.root?.server?.message}
          pending={create.isPending}
          onCancel={close}
          submitLabel={t('Add endpoint')}
          pendingLabel={t('Adding...')}
        />
      </form>
    </Dialog>
  );
}
