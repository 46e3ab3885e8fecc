import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ASSISTANT_MESSAGE_MAX } from '@escrow/shared/schemas/assistant';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatTime } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { useAssistantConversation, type ChatMessage } from '../hooks/use-assistant-conversation';

function MessageBubble({
  message,
  canSend,
  onSuggestion,
}: {
  message: ChatMessage;
  canSend: boolean;
  /** A suggestion pressed: its text as written (what the assistant understands). */
  onSuggestion: (text: string) => void;
}) {
  const mine = message.type === 'user';
  return (
    <li className={cn('flex flex-col gap-1.5', mine ? 'items-end' : 'items-start')}>
      <div
        className={cn(
          'max-w-[85%] whitespace-pre-line rounded-2xl px-3 py-2 text-sm',
          mine ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-900',
        )}
      >
        <span className="sr-only">{mine ? t('You said:') : t('Assistant said:')} </span>
        {message.content}
      </div>
      <time className="text-xs text-slate-600" dateTime={message.timestamp.toISOString()}>
        {formatTime(message.timestamp)}
      </time>
      {message.action ? (
        <Link
          to={message.action.value}
          className="rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {message.action.label}
        </Link>
      ) : null}
      {message.suggestions.length > 0 ? (
        <div className="flex flex-wrap gap-1.5" role="group" aria-label={t('Suggested questions')}>
          {message.suggestions.map((suggestion) => (
            <button
              key={suggestion}
              type="button"
              disabled={!canSend}
              onClick={() => onSuggestion(suggestion)}
              className="rounded-full border border-brand-200 bg-white px-2.5 py-1 text-left text-xs font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {t(suggestion)}
            </button>
          ))}
        </div>
      ) : null}
    </li>
  );
}

/** The conversation inside the 'AI Assistant' panel (docs/assistant.md "The web widget"). */
export default function AssistantChat() {
  const { messages, send, pending } = useAssistantConversation();
  const [draft, setDraft] = useState('');
  const endRef = useRef<HTMLDivElement>(null);
  const blank = draft.trim() === '';

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, pending]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send(draft)) setDraft('');
  };

  return (
    <div className="flex max-h-[min(32rem,calc(100dvh-12rem))] flex-col">
      <div
        className="flex-1 overflow-y-auto p-3"
        role="log"
        aria-live="polite"
        aria-label={t('Conversation')}
      >
        <ol className="space-y-3">
          {messages.map((message) => (
            <MessageBubble
              key={message.id}
              message={message}
              canSend={!pending}
              // Sent as written (the assistant reads English and Pidgin), shown in the screens' language.
              onSuggestion={(suggestion) => send(suggestion, t(suggestion))}
            />
          ))}
        </ol>
        {pending ? (
          <p className="mt-3 text-sm text-slate-600" role="status">
            {t('Assistant is typing…')}
          </p>
        ) : null}
        <div ref={endRef} aria-hidden="true" />
      </div>
      <form onSubmit={submit} className="flex gap-2 border-t border-slate-200 p-3">
        <label htmlFor="assistant-question" className="sr-only">
          {t('Ask a question')}
        </label>
        <input
          id="assistant-question"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          maxLength={ASSISTANT_MESSAGE_MAX}
          placeholder={t('Ask a question…')}
          autoComplete="off"
          className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
        />
        <Button type="submit" size="md" disabled={blank || pending}>
          {t('Send')}
        </Button>
      </form>
    </div>
  );
}
