import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { TextMessage } from '@escrow/shared/schemas/phone';
import { PHONE_TEXT } from '@escrow/shared/texts/phone';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/input';
import { Badge, EmptyPanel, ErrorPanel, LoadingPanel, PageNav, Select } from '../../../components/ui/panels';
import { formatDateTime } from '../../../lib/format';
import {
  DEFAULT_TEXT_MESSAGE_FILTER,
  TEXT_MESSAGE_FILTERS,
  textMessageListQuery,
  useRetryTextMessage,
  type TextMessageFilter,
} from '../api/text-messages';

const FILTER_LABELS: Record<TextMessageFilter, string> = {
  FAILED: 'Failed (attempts ran out)',
  PENDING: 'Waiting to be sent',
  SENT: 'Sent',
  ALL: 'All statuses',
};

const STATUS_LOOK: Record<string, { label: string; tone: 'red' | 'amber' | 'slate' }> = {
  FAILED: { label: 'Failed', tone: 'red' },
  PENDING: { label: 'Pending', tone: 'amber' },
  SENT: { label: 'Sent', tone: 'slate' },
};

const CHANNEL_LABELS: Record<string, string> = { SMS: 'SMS', WHATSAPP: 'WhatsApp' };

/** The filter and page live in the URL (?status=&page=), as on the refunds page. */
function filtersFrom(params: URLSearchParams): { filter: TextMessageFilter; page: number } {
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    filter: (TEXT_MESSAGE_FILTERS as readonly string[]).includes(status ?? '')
      ? (status as TextMessageFilter)
      : DEFAULT_TEXT_MESSAGE_FILTER,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The latest thing that happened to a message, or when it is tried next. */
function lastChange(message: TextMessage): string | null {
  if (message.sentAt) return `Sent ${formatDateTime(message.sentAt)}`;
  if (message.nextAttemptAt && message.status === 'PENDING')
    return `Next attempt ${formatDateTime(message.nextAttemptAt)}`;
  return null;
}

const HEADINGS = ['Created', 'To', 'Channel', 'Status', 'Attempts', 'Actions'];

/**
 * SMS and WhatsApp messages (docs/security.md "Text messages"): sent through an outbox and
 * retried, never holding up a money step; staff see them here, never their text, the number masked. Opens
 * on FAILED, the messages whose attempts ran out, which Retry queues again (audited).
 */
export function TextMessages() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const { filter, page } = filtersFrom(params);
  const query = useQuery(textMessageListQuery(filter, page));
  const retry = useRetryTextMessage();

  function show(next: { filter: TextMessageFilter; page: number }) {
    const updated = new URLSearchParams();
    if (next.filter !== DEFAULT_TEXT_MESSAGE_FILTER) updated.set('status', next.filter);
    if (next.page > 1) updated.set('page', String(next.page));
    setParams(updated);
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {PHONE_TEXT.messagesTitle}
        </h2>
        <p className="text-sm text-slate-600">{PHONE_TEXT.messagesIntro}</p>
      </div>
      <div className="max-w-xs">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <Select
          id={`${id}-status`}
          value={filter}
          onChange={(event) => show({ filter: event.target.value as TextMessageFilter, page: 1 })}
        >
          {TEXT_MESSAGE_FILTERS.map((option) => (
            <option key={option} value={option}>
              {FILTER_LABELS[option]}
            </option>
          ))}
        </Select>
      </div>
      {query.isPending ? (
        <LoadingPanel label="Loading text messages..." />
      ) : query.isError ? (
        <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.messages.length === 0 ? (
        <EmptyPanel>{PHONE_TEXT.noMessages}</EmptyPanel>
      ) : (
        <div
          className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
          tabIndex={0}
          role="region"
          aria-labelledby={`${id}-title`}
        >
          <table className="w-full min-w-[720px] text-left text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {HEADINGS.map((heading) => (
                  <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {query.data.messages.map((message) => {
                const look = STATUS_LOOK[message.status] ?? { label: message.status, tone: 'slate' as const };
                const change = lastChange(message);
                return (
                  <tr key={message.id} data-testid="text-message-row" className="align-top">
                    <td className="whitespace-nowrap px-3 py-2 text-slate-700">
                      {formatDateTime(message.createdAt)}
                    </td>
                    <td className="px-3 py-2">
                      <span className="block whitespace-nowrap font-mono text-slate-900">
                        {message.toPhone}
                      </span>
                      <Link
                        to={`/app/admin/users/${encodeURIComponent(message.userId)}`}
                        className="text-xs text-brand-800 hover:underline"
                      >
                        View user
                      </Link>
                    </td>
                    <td className="px-3 py-2 text-slate-800">
                      {CHANNEL_LABELS[message.channel] ?? message.channel}
                    </td>
                    <td className="px-3 py-2">
                      <Badge tone={look.tone}>{look.label}</Badge>
                      {change ? <span className="mt-1 block text-xs text-slate-600">{change}</span> : null}
                    </td>
                    <td className="px-3 py-2 text-slate-800">
                      {message.attempts}
                      {message.lastError ? (
                        <span className="block break-words text-xs text-red-700">{message.lastError}</span>
                      ) : null}
                    </td>
                    <td className="px-3 py-2">
                      {message.status === 'FAILED' ? (
                        <Button
                          size="sm"
                          variant="secondary"
                          disabled={retry.isPending && retry.variables === message.id}
                          aria-label={`${PHONE_TEXT.retry}: ${CHANNEL_LABELS[message.channel] ?? message.channel} to ${message.toPhone}`}
                          onClick={() =>
                            retry.mutate(message.id, {
                              onSuccess: () => toast.success(PHONE_TEXT.retried),
                              onError: (error) => toast.error(error.message),
                            })
                          }
                        >
                          {PHONE_TEXT.retry}
                        </Button>
                      ) : (
                        <span className="text-slate-500">—</span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {query.data ? (
        <PageNav
          label="Text message pages"
          page={page}
          hasMore={query.data.hasMore}
          busy={query.isPlaceholderData}
          onPageChange={(next) => show({ filter, page: next })}
        />
      ) : null}
    </section>
  );
}
