import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CLIENT_EVENTS } from '@escrow/shared/events';
import { MESSAGE_MAX, MESSAGE_TEXT } from '@escrow/shared/schemas/messages';
import { UPLOAD_RULES, type UploadMimeType } from '@escrow/shared/domain/uploads';
import { Button } from '../../components/ui/button';
import PaperclipIcon from 'lucide-react/icons/paperclip';
import { Textarea } from '../../components/ui/panels';
import { t } from '../../lib/i18n';
import { liveChannel } from '../../lib/socket';
import { uploadFile } from '../../lib/uploads';

const RULE = UPLOAD_RULES.chat_attachment;
// Browsers name some of these types differently (a zip may be 'application/x-zip-compressed', a rar
// 'application/x-rar-compressed' or ''): the extension also counts here; the server checks the content.
const EXTENSIONS = [
  '.jpg',
  '.jpeg',
  '.png',
  '.webp',
  '.gif',
  '.pdf',
  '.doc',
  '.docx',
  '.txt',
  '.zip',
  '.rar',
];
const acceptable = (file: File) =>
  RULE.accepted.includes(file.type as UploadMimeType) ||
  EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(ext));
const TYPING_EVERY_MS = 2000;
const COMPLETED_SHOWN_MS = 3000;

type Progress = {
  key: string;
  filename: string;
  progress: number;
  status: 'UPLOADING' | 'COMPLETED' | 'FAILED';
  error?: string;
};

/**
 * Writing a message: text (Enter sends, Shift+Enter a new line), a file (checked by type and size, sent
 * with progress, then the 'Sent: {filename}' message carrying it), typing signals to the other
 * party. Sending needs the live connection; the reason is shown when it is down.
 */
export function Composer({
  transactionId,
  connected,
  onSend,
}: {
  transactionId: string;
  connected: boolean;
  onSend: (input: { content: string; attachmentIds?: string[] }) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [uploads, setUploads] = useState<Progress[]>([]);
  const lastTyping = useRef(0);

  function typing(active: boolean) {
    const now = Date.now();
    if (active && now - lastTyping.current < TYPING_EVERY_MS) return;
    lastTyping.current = active ? now : 0;
    liveChannel().emit(active ? CLIENT_EVENTS.typingStart : CLIENT_EVENTS.typingStop, { transactionId });
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    const content = text.trim();
    if (!content || !connected) return;
    onSend({ content });
    setText('');
    typing(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  }

  function update(key: string, patch: Partial<Progress>) {
    setUploads((current) => current.map((u) => (u.key === key ? { ...u, ...patch } : u)));
  }

  async function attach(file: File) {
    const key = `${Date.now()}-${file.name}`;
    const problem = !acceptable(file)
      ? RULE.notAccepted(file.name)
      : file.size > RULE.maxBytes
        ? RULE.tooLarge(file.name)
        : null;
    if (problem) {
      setUploads((current) => [
        ...current,
        { key, filename: file.name, progress: 0, status: 'FAILED', error: problem },
      ]);
      return;
    }
    setUploads((current) => [...current, { key, filename: file.name, progress: 0, status: 'UPLOADING' }]);
    try {
      const upload = await uploadFile(file, { purpose: 'chat_attachment', transactionId }, (progress) =>
        update(key, { progress }),
      );
      update(key, { progress: 100, status: 'COMPLETED' });
      setTimeout(() => setUploads((current) => current.filter((u) => u.key !== key)), COMPLETED_SHOWN_MS);
      onSend({ content: MESSAGE_TEXT.sentFile(upload.filename), attachmentIds: [upload.id] });
    } catch (error) {
      update(key, { status: 'FAILED', error: (error as Error).message || 'Upload failed' });
    }
  }

  return (
    <div className="border-t border-slate-200 bg-white p-3">
      {uploads.length ? (
        <ul className="mb-2 space-y-1" aria-label={t('File uploads')}>
          {uploads.map((u) => (
            <li key={u.key} className="flex items-center gap-2 text-xs text-slate-700">
              <span className="min-w-0 flex-1 truncate">{u.filename}</span>
              {u.status === 'UPLOADING' ? (
                <progress
                  max={100}
                  value={u.progress}
                  className="h-1.5 w-24"
                  aria-label={t('Uploading {filename}', { filename: u.filename })}
                />
              ) : u.status === 'COMPLETED' ? (
                <span className="text-emerald-700">{t('Uploaded')}</span>
              ) : (
                <span role="alert" className="text-red-700">
                  {u.error && u.error !== 'Upload failed'
                    ? t('Upload failed: {reason}', { reason: u.error })
                    : t('Upload failed')}
                </span>
              )}
              {u.status === 'FAILED' ? (
                <button
                  type="button"
                  className="text-slate-500 underline"
                  onClick={() => setUploads((current) => current.filter((x) => x.key !== u.key))}
                >
                  {t('Dismiss')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <form onSubmit={submit} className="flex items-end gap-2" aria-label={t('Send a message')}>
        <label
          className={
            'flex h-10 w-10 shrink-0 cursor-pointer items-center justify-center rounded-lg border border-slate-300 text-slate-700 hover:bg-slate-50 focus-within:outline-2 focus-within:outline-brand-600' +
            (connected ? '' : ' pointer-events-none opacity-50')
          }
        >
          <PaperclipIcon className="h-4 w-4" />
          <span className="sr-only">{t('Attach a file')}</span>
          <input
            type="file"
            className="sr-only"
            accept={[...RULE.accepted, ...EXTENSIONS].join(',')}
            disabled={!connected}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void attach(file);
            }}
          />
        </label>
        <label htmlFor={`${id}-text`} className="sr-only">
          {t('Message')}
        </label>
        <Textarea
          id={`${id}-text`}
          rows={1}
          value={text}
          maxLength={MESSAGE_MAX}
          placeholder={t('Type a message')}
          className="min-h-10 flex-1 resize-none"
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value.trim()) typing(true);
          }}
          onBlur={() => typing(false)}
          onKeyDown={onKeyDown}
          aria-describedby={connected ? undefined : `${id}-offline`}
        />
        <Button type="submit" disabled={!text.trim() || !connected}>
          {t('Send')}
        </Button>
      </form>
      {!connected ? (
        <p id={`${id}-offline`} role="status" className="mt-2 text-xs text-amber-800">
          {t('Waiting for the live connection: messages can be sent once it is back.')}
        </p>
      ) : null}
    </div>
  );
}
