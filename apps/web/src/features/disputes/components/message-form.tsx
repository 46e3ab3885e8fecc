import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { DISPUTE_TEXT } from '@escrow/shared/domain/disputes';
import { disputeMessageBodySchema, type Dispute } from '@escrow/shared/schemas/disputes';
import { Button } from '../../../components/ui/button';
import { fieldErrorProps } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/panels';
import { showServerFieldErrors } from '../../../lib/form-values';
import { t } from '../../../lib/i18n';
import { useFixAsYouType } from '../../../lib/use-fix-as-you-type';
import { useSendDisputeMessage } from '../api/disputes';

/** A party's message: the server's own rule (trimmed, non-empty, at most 2,000 characters). */
const messageSchema = disputeMessageBodySchema.pick({ content: true });

/**
 * A party's message: react-hook-form over the server's message schema, so a message the
 * server would refuse says why beside the box. Send stays disabled while sending or empty (an empty
 * box is its own explanation); the box is cleared after a message is sent.
 */
export function MessageForm({ dispute }: { dispute: Dispute }) {
  const id = useId();
  const send = useSendDisputeMessage(dispute.id);
  const form = useForm<z.input<typeof messageSchema>, unknown, z.output<typeof messageSchema>>({
    resolver: zodResolver(messageSchema),
    defaultValues: { content: '' },
  });
  useFixAsYouType(form);
  const content = useWatch({ control: form.control, name: 'content' });
  const error = form.formState.errors.content?.message;

  const submit = form.handleSubmit(async (input) => {
    try {
      await send.mutateAsync(input.content);
      form.reset();
      toast.success(t(DISPUTE_TEXT.messageSent));
    } catch (failure) {
      showServerFieldErrors(failure, form.setError);
      toast.error(t(DISPUTE_TEXT.sendFailed));
    }
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="mt-4 flex flex-col gap-2 border-t border-slate-200 pt-4 sm:flex-row"
    >
      <div className="flex flex-1 flex-col">
        <label htmlFor={`${id}-message`} className="sr-only">
          {t('Message')}
        </label>
        <Textarea
          id={`${id}-message`}
          placeholder={t('Write a message to the other party and support')}
          className="min-h-10"
          {...form.register('content')}
          {...fieldErrorProps(`${id}-message`, error)}
        />
        {error ? (
          <p id={`${id}-message-error`} role="alert" className="mt-1 text-sm text-red-600">
            {t(error)}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={!content.trim() || send.isPending} className="sm:self-end">
        {send.isPending ? t('Sending...') : t('Send')}
      </Button>
    </form>
  );
}
