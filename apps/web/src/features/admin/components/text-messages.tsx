import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { TextMessage } from '@escrow/shared/schemas/phone';
import { PHONE_TEXT } from '@escrow/shared/texts/phone';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/format';
import {
  DEFAULT_TEXT_MESSAGE_FILTER,
  TEXT_MESSAGE_FILTERS,
  textMessageListQuery,
  useRetryTextMessage,
  type TextMessageFilter,
} from '../api/text-messages';
import {
  AttemptsCell,
  StatusCell,
  StatusList,
  StatusTable,
  useStatusFilter,
  type StatusLook,
} from './status-list';
import { msg } from '@escrow/shared/i18n/msg';
import { t } from '../../../lib/i18n';

const FILTER_LABELS: Record<TextMessageFilter, string> = {
  FAILED: msg('Failed (attempts ran out)'),
  PENDING: msg('Waiting to be sent'),
  SENT: msg('Sent'),
  ALL: msg('All statuses'),
};

const STATUS_LOOK: Record<string, StatusLook> = {
  FAILED: { label: msg('Failed'), tone: 'red' },
  PENDING: { label: msg('Pending'), tone: 'amber' },
  SENT: { label: msg('Sent'), tone: 'slate' },
};

const CHANNEL_LABELS: Record<string, string> = { SMS: 'SMS', WHATSAPP: 'WhatsApp' };

/** The latest thing that happened to a message, or when it is tried next (called while rendering). */
function lastChange(message: TextMessage): string | null {
  if (message.sentAt) return t('Sent {date}', { date: formatDateTime(message.sentAt) });
  if (message.nextAttemptAt && message.status === 'PENDING')
    return t('Next attempt {date}', { date: formatDateTime(message.nextAttemptAt) });
  return null;
}

const HEADINGS = [msg('Created'), msg('To'), msg('Channel'), msg('Status'), msg('Attempts'), msg('Actions')];

/**
 * SMS and WhatsApp messages (docs/security.md "Text messages"): sent through an outbox and
 * retried, never holding up a money step; staff see them here, never their text, the number masked. Opens
 * on FAILED, the messages whose attempts ran out, which Retry queues again (audited).
 */
export function TextMessages() {
  const state = useStatusFilter(TEXT_MESSAGE_FILTERS, DEFAULT_TEXT_MESSAGE_FILTER);
  const query = useQuery(textMessageListQuery(state.filter, state.page));
  const retry = useRetryTextMessage();

  return (
    <StatusList
      title={t(PHONE_TEXT.messagesTitle)}
      intro={t(PHONE_TEXT.messagesIntro)}
      filters={TEXT_MESSAGE_FILTERS}
      filterLabels={FILTER_LABELS}
      state={state}
      query={query}
      count={(data) => data.messages.length}
      loading={t('Loading text messages...')}
      empty={t(PHONE_TEXT.noMessages)}
      pagesLabel={t('Text message pages')}
    >
      {(data, labelledBy) => (
        <StatusTable headings={HEADINGS} minWidth="min-w-[720px]" labelledBy={labelledBy}>
          {data.messages.map((message) => {
            const look = STATUS_LOOK[message.status] ?? { label: message.status, tone: 'slate' };
            return (
              <tr key={message.id} data-testid="text-message-row" className="align-top">
                <td className="whitespace-nowrap px-3 py-2 text-slate-700">
                  {formatDateTime(message.createdAt)}
                </td>
                <td className="px-3 py-2">
                  <span className="block whitespace-nowrap font-mono text-slate-900">{message.toPhone}</span>
                  <Link
                    to={`/app/admin/users/${encodeURIComponent(message.userId)}`}
                    className="text-xs text-brand-800 hover:underline"
                  >
                    {t('View user')}
                  </Link>
                </td>
                <td className="px-3 py-2 text-slate-800">
                  {CHANNEL_LABELS[message.channel] ?? message.channel}
                </td>
                <StatusCell look={look} change={lastChange(message)} />
                <AttemptsCell attempts={message.attempts} lastError={message.lastError} />
                <td className="px-3 py-2">
                  {message.status === 'FAILED' ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={retry.isPending && retry.variables === message.id}
                      aria-label={t('Retry: {channel} to {phone}', {
                        channel: CHANNEL_LABELS[message.channel] ?? message.channel,
                        phone: message.toPhone,
                      })}
                      onClick={() =>
                        retry.mutate(message.id, {
                          onSuccess: () => toast.success(t(PHONE_TEXT.retried)),
                          onError: (error) => toast.error(error.message),
                        })
                      }
                    >
                      {t(PHONE_TEXT.retry)}
                    </Button>
                  ) : (
                    <span className="text-slate-500">—</span>
                  )}
                </td>
              </tr>
            );
          })}
        </StatusTable>
      )}
    </StatusList>
  );
}
