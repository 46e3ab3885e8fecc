import { useState } from 'react';
import { toast } from 'sonner';
import type { Attachment, Message } from '@escrow/shared/schemas/messages';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { t } from '../../lib/i18n';
import { downloadUpload } from '../../lib/uploads';
import { useUploadObjectUrl } from '../../lib/use-upload-object-url';
import { relativeTime } from './day-groups';

export type ShownMessage = Message & { failed?: boolean };

/** One message: SYSTEM centred; own on the right with Sent/Read; files, the off-platform warning, delete. */
export function MessageBubble({
  message,
  mine,
  focused = false,
  onDelete,
  onRetry,
}: {
  message: ShownMessage;
  mine: boolean;
  /** The search result this chat was opened for: scrolled to and outlined. */
  focused?: boolean;
  onDelete?: (id: string) => void;
  onRetry?: (message: ShownMessage) => void;
}) {
  if (message.messageType === 'SYSTEM')
    return (
      <li className="flex justify-center" data-testid="chat-message" data-type="SYSTEM">
        <p className="max-w-[85%] rounded-full bg-slate-100 px-3 py-1 text-center text-xs text-slate-700">
          {message.content}
        </p>
      </li>
    );
  return (
    <li
      id={`message-${message.id}`}
      className={cn(
        'flex rounded-xl',
        mine ? 'justify-end' : 'justify-start',
        focused && 'ring-2 ring-amber-400',
      )}
      data-testid="chat-message"
    >
      <div className="max-w-[85%] space-y-1">
        {message.warning ? (
          <p
            role="alert"
            className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-xs font-medium text-red-800"
          >
            {message.warning}
          </p>
        ) : null}
        <div
          className={cn(
            'rounded-2xl px-3 py-2 text-sm',
            message.deleted
              ? 'border border-dashed border-slate-300 bg-white italic text-slate-500'
              : mine
                ? 'bg-brand-700 text-white'
                : 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200',
          )}
        >
          <p className="whitespace-pre-wrap break-words">{message.content}</p>
          {message.attachments.map((file) => (
            <AttachmentView key={file.id} file={file} mine={mine} />
          ))}
        </div>
        <p className={cn('flex items-center gap-2 text-[11px] text-slate-500', mine && 'justify-end')}>
          <time dateTime={message.timestamp}>{relativeTime(message.timestamp)}</time>
          {mine && !message.deleted && !message.failed ? (
            <span>{message.isRead ? t('Read') : t('Sent')}</span>
          ) : null}
          {message.failed ? (
            <>
              <span className="font-medium text-red-700">{t('Failed to send')}</span>
              {onRetry ? (
                <button
                  type="button"
                  className="font-medium text-brand-800 underline"
                  onClick={() => onRetry(message)}
                >
                  {t('Retry')}
                </button>
              ) : null}
            </>
          ) : null}
          {mine && !message.deleted && !message.failed && onDelete ? (
            <button
              type="button"
              className="text-slate-500 underline hover:text-slate-800"
              onClick={() => onDelete(message.id)}
              aria-label={t('Delete message: {text}', { text: message.content.slice(0, 40) })}
            >
              {t('Delete')}
            </button>
          ) : null}
        </p>
      </div>
    </li>
  );
}

function AttachmentView({ file, mine }: { file: Attachment; mine: boolean }) {
  if (file.mimeType.startsWith('image/')) return <ImagePreview file={file} />;
  return <FileLink file={file} mine={mine} />;
}

function ImagePreview({ file }: { file: Attachment }) {
  const { url, error } = useUploadObjectUrl(file.id);
  if (error)
    return <p className="mt-1 text-xs">{t('Could not load {filename}', { filename: file.filename })}</p>;
  if (!url) return <Spinner label={t('Loading {filename}...', { filename: file.filename })} />;
  return (
    <img src={url} alt={file.filename} className="mt-2 max-h-60 rounded-lg bg-slate-100 object-contain" />
  );
}

function FileLink({ file, mine }: { file: Attachment; mine: boolean }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      className={cn('mt-2', mine && 'bg-white/90')}
      disabled={busy}
      aria-label={t('Download {filename}', { filename: file.filename })}
      onClick={() => {
        setBusy(true);
        downloadUpload(file.id, file.filename)
          .catch((error: Error) =>
            toast.error(
              t('Failed to download {filename}: {reason}', {
                filename: file.filename,
                reason: error.message,
              }),
            ),
          )
          .finally(() => setBusy(false));
      }}
    >
      {busy ? t('Downloading...') : file.filename}
    </Button>
  );
}
