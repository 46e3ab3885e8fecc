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

type FormInput = z.input<typeof createWebhookBodySchema>;
type FormOutput = z.output<typeof createWebhookBodySchema>;

/** When each event is sent (docs/webhooks.md, Events). */
export const EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'transaction.joined': 'The counterparty joined the transaction',
  'transaction.paid': 'The buyer’s payment is in escrow',
  'transaction.shipped': 'The seller confirmed shipment',
  'transaction.completed': 'The transaction completed and the money was released',
  'transaction.cancelled': 'It was cancelled before payment, or its invitation expired',
  'transaction.refunded': 'A dispute ended in a refund to the buyer',
  'dispute.opened': 'A party raised a dispute',
  'dispute.resolved': 'A dispute was resolved',
  'milestone.released': 'A milestone was accepted and its money released',
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

  return (
    <Dialog
      open={open}
      onOpenChange={onDialogOpenChange}
      title="Add endpoint"
      description="We POST a signed JSON event to this URL whenever one of the chosen events happens to one of your transactions."
      wide
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field id={`${id}-url`} label="Endpoint URL" error={errors.url?.message}>
          <Input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            placeholder="https://shop.example.com/webhooks/amana"
            autoComplete="off"
            spellCheck={false}
            aria-required
            {...fieldErrorProps(`${id}-url`, errors.url?.message)}
            {...register('url')}
          />
        </Field>
        <CheckboxList
          id={`${id}-events`}
          legend="Events"
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
              Select all events
            </Button>
          }
        />
        <DialogFormFooter
          serverError={errors.root?.server?.message}
          pending={create.isPending}
          onCancel={close}
          submitLabel="Add endpoint"
          pendingLabel="Adding..."
        />
      </form>
    </Dialog>
  );
}
