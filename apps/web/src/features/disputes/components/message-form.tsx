import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { DISPUTE_TEXT } from '@escrow/shared/domain/disputes';
import type { Dispute } from '@escrow/shared/schemas/disputes';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/panels';
import { useSendDisputeMessage } from '../api/disputes';

/** A party's message (spec 02 §5): trimmed, non-empty; Send disabled while sending or empty; cleared after. */
export function MessageForm({ dispute }: { dispute: Dispute }) {
  const id = useId();
  const [content, setContent] = useState('');
  const send = useSendDisputeMessage(dispute.id);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!content.trim() || send.isPending) return;
    send.mutate(content.trim(), {
      onSuccess: () => {
        setContent('');
        toast.success(DISPUTE_TEXT.messageSent);
      },
      onError: () => toast.error(DISPUTE_TEXT.sendFailed),
    });
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-4 flex flex-col gap-2 border-t border-slate-200 pt-4 sm:flex-row"
    >
      <label htmlFor={`${id}-message`} className="sr-only">
        Message
      </label>
      <Textarea
        id={`${id}-message`}
        value={content}
        placeholder="Write a message to the other party and support"
        className="min-h-10 flex-1"
        onChange={(event) => setContent(event.target.value)}
      />
      <Button type="submit" disabled={!content.trim() || send.isPending} className="sm:self-end">
        {send.isPending ? 'Sending...' : 'Send'}
      </Button>
    </form>
  );
}
