import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { DISPUTE_TEXT } from '@escrow/shared/domain/disputes';
import { disputeMessageBodySchema, type Dispute, type DisputeMessage } from '@escrow/shared/schemas/disputes';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Field, fieldErrorProps } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { useAddInternalNote } from '../api/dispute-detail';
import { fullName, partyLabel } from '../lib/labels';
import { Badge, Textarea } from './console-ui';

/** The dispute's conversation as staff see it: system events badged, internal notes marked. */
export function DisputeMessages({ dispute }: { dispute: Dispute }) {
  const messages = [...dispute.messages].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  return (
    <Card>
      <CardTitle>Messages</CardTitle>
      {messages.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{DISPUTE_TEXT.noMessages}</p>
      ) : (
        <ol className="mt-3 space-y-3" aria-label="Dispute messages">
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} transaction={dispute.transaction} />
          ))}
        </ol>
      )}
      <InternalNoteForm dispute={dispute} />
    </Card>
  );
}

function MessageItem({
  message,
  transaction,
}: {
  message: DisputeMessage;
  transaction: Dispute['transaction'];
}) {
  return (
    <li
      data-testid="dispute-message"
      data-internal={message.isInternal || undefined}
      className={cn(
        'rounded-lg border p-3 text-sm',
        message.isInternal
          ? 'border-amber-300 bg-amber-50'
          : message.isSystem
            ? 'border-slate-200 bg-slate-50'
            : 'border-slate-200 bg-white',
      )}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-medium text-slate-900">
          {message.sender ? fullName(message.sender) : 'Escrow system'}
        </span>
        {message.isSystem ? <Badge tone="slate">System</Badge> : null}
        {message.sender ? (
          <span className="text-xs text-slate-500">{partyLabel(message.sender, transaction)}</span>
        ) : null}
        {message.isInternal ? <Badge tone="amber">Internal</Badge> : null}
        <time dateTime={message.createdAt} className="ml-auto text-xs text-slate-500">
          {formatDateTime(message.createdAt)}
        </time>
      </div>
      <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{message.content}</p>
    </li>
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
