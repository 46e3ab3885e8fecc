import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Card, CardTitle } from '../../../components/ui/card';
import { ErrorPanel } from '../../../components/ui/panels';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { downloadUpload } from '../../../lib/uploads';
import { staffChatQuery } from '../api/dispute-detail';
import { t } from '../../../lib/i18n';

/** The parties' own chat on the disputed transaction, read-only: what they told each other before. */
export function StaffChat({ disputeId }: { disputeId: string }) {
  const chat = useQuery(staffChatQuery(disputeId));
  return (
    <Card>
      <CardTitle>{t('Transaction chat')}</CardTitle>
      <p className="mt-1 text-xs text-slate-500">
        {t(
          'What the parties wrote to each other; staff can read it only because the transaction is disputed.',
        )}
      </p>
      {chat.isPending ? (
        <Spinner label={t('Loading the chat...')} />
      ) : chat.isError ? (
        <ErrorPanel error={chat.error} onRetry={() => void chat.refetch()} />
      ) : chat.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('The parties have not written to each other.')}</p>
      ) : (
        <ol className="mt-3 max-h-96 space-y-2 overflow-y-auto" aria-label={t('Transaction chat')}>
          {chat.data.map((message) => (
            <li
              key={message.id}
              className={cn(
                'rounded-lg border p-2 text-sm',
                message.senderName
                  ? 'border-slate-200 bg-white'
                  : 'border-slate-100 bg-slate-50 text-slate-600',
              )}
            >
              <p className="flex flex-wrap gap-x-2 text-xs text-slate-500">
                <span className="font-medium text-slate-800">{message.senderName ?? t('System')}</span>
                <time dateTime={message.timestamp}>{formatDateTime(message.timestamp)}</time>
              </p>
              <p
                className={cn(
                  'mt-1 whitespace-pre-wrap break-words',
                  message.deleted && 'italic text-slate-500',
                )}
              >
                {message.content}
              </p>
              {message.attachments.map((file) => (
                <button
                  key={file.id}
                  type="button"
                  className="mt-1 text-xs font-medium text-brand-800 underline"
                  onClick={() =>
                    void downloadUpload(file.id, file.filename).catch((error: Error) =>
                      toast.error(
                        t('Failed to download {filename}: {error}', {
                          filename: file.filename,
                          error: error.message,
                        }),
                      ),
                    )
                  }
                >
                  {t('Download {filename}', { filename: file.filename })}
                </button>
              ))}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
