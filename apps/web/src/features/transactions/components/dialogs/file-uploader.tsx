import { useEffect, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { Upload } from '@escrow/shared/schemas/uploads';
import { Button } from '../../../../components/ui/button';
import { FilePicker } from '../../../../components/ui/file-picker';
import { t } from '../../../../lib/i18n';
import { useUploadObjectUrl } from '../../../../lib/use-upload-object-url';

type Item = {
  key: string;
  name: string;
  image: boolean;
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  uploadId?: string;
  error?: string;
};

export type FileUploaderProps = {
  /** The file input's id; its message is `${id}-error`. */
  id: string;
  label: ReactNode;
  accept: string;
  max: number;
  /** Said when more than `max` files are picked. */
  tooMany: string;
  /** The browser's first check; the server checks the content again (magic bytes). */
  problem: (file: File) => string | null;
  upload: (file: File, onProgress: (percent: number) => void, signal: AbortSignal) => Promise<Upload>;
  buttonText: (kept: number) => string;
  /** The list's accessible name. */
  listLabel: string;
  onChange: (uploadIds: string[], uploading: boolean) => void;
  error?: string | undefined;
};

/**
 * Files uploaded as soon as they are picked, each with progress, a preview (images) and removal; the
 * caller gets the ids of those uploaded and whether any is still on its way.
 */
export function FileUploader({
  id,
  label,
  accept,
  max,
  tooMany,
  problem,
  upload,
  buttonText,
  listLabel,
  onChange,
  error,
}: FileUploaderProps) {
  const [items, setItems] = useState<Item[]>([]);
  const inputRef = useRef<HTMLInputElement>(null);
  const aborts = useRef(new Map<string, AbortController>());
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    const ids = items.flatMap((item) => (item.status === 'done' && item.uploadId ? [item.uploadId] : []));
    onChangeRef.current(
      ids,
      items.some((item) => item.status === 'uploading'),
    );
  }, [items]);

  useEffect(() => {
    const pending = aborts.current;
    return () => pending.forEach((controller) => controller.abort());
  }, []);

  const patch = (key: string, change: Partial<Item>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  function pick(files: FileList | null) {
    if (!files) return;
    let room = max - items.filter((item) => item.status !== 'failed').length;
    const added: Item[] = [];
    for (const file of Array.from(files)) {
      const refused = problem(file);
      if (refused) {
        toast.error(refused);
        continue;
      }
      if (room <= 0) {
        toast.error(tooMany);
        break;
      }
      room -= 1;
      const key = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`;
      const image = file.type.startsWith('image/');
      added.push({ key, name: file.name, image, progress: 0, status: 'uploading' });
      const controller = new AbortController();
      aborts.current.set(key, controller);
      upload(file, (progress) => patch(key, { progress }), controller.signal)
        .then((done) => patch(key, { status: 'done', progress: 100, uploadId: done.id }))
        .catch((failure: Error) => {
          if (failure.name === 'AbortError') return;
          patch(key, { status: 'failed', error: failure.message || t('Upload failed') });
        })
        .finally(() => aborts.current.delete(key));
    }
    setItems((current) => [...current, ...added]);
    if (inputRef.current) inputRef.current.value = '';
  }

  function remove(key: string) {
    aborts.current.get(key)?.abort();
    setItems((current) => current.filter((item) => item.key !== key));
  }

  const kept = items.filter((item) => item.status !== 'failed').length;
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <FilePicker
        ref={inputRef}
        id={id}
        accept={accept}
        multiple
        disabled={kept >= max}
        onChange={(event) => pick(event.target.files)}
        aria-describedby={error ? `${id}-error` : undefined}
        buttonText={buttonText(kept)}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      {items.length > 0 ? (
        <ul className="space-y-2" aria-label={listLabel}>
          {items.map((item) => (
            <li
              key={item.key}
              className="flex items-center gap-3 rounded-lg border border-slate-200 p-2 text-sm"
            >
              {item.status === 'done' && item.uploadId && item.image ? (
                <Thumbnail uploadId={item.uploadId} name={item.name} />
              ) : (
                <span aria-hidden className="h-12 w-12 shrink-0 rounded-md bg-slate-100" />
              )}
              <span className="min-w-0 flex-1 truncate">{item.name}</span>
              {item.status === 'uploading' ? (
                <progress
                  max={100}
                  value={item.progress}
                  aria-label={t('Uploading {name}', { name: item.name })}
                  className="w-24"
                />
              ) : item.status === 'done' ? (
                <span className="text-emerald-700">{t('Uploaded')}</span>
              ) : (
                <span role="alert" className="text-red-600">
                  {item.error}
                </span>
              )}
              <Button
                variant="ghost"
                size="sm"
                onClick={() => remove(item.key)}
                aria-label={t('Remove {name}', { name: item.name })}
              >
                {t('Remove')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The uploaded image as the server holds it, fetched with the token (uploads are not public). */
function Thumbnail({ uploadId, name }: { uploadId: string; name: string }) {
  const { url, error } = useUploadObjectUrl(uploadId);
  if (!url)
    return (
      <span
        className="grid h-12 w-12 shrink-0 place-items-center rounded-md bg-slate-100 text-[10px] text-slate-500"
        aria-label={
          error ? t('Preview of {name} unavailable', { name }) : t('Loading preview of {name}', { name })
        }
        role="img"
      >
        {error ? t('No preview') : '…'}
      </span>
    );
  return (
    <img
      src={url}
      alt={t('Preview of {name}', { name })}
      className="h-12 w-12 shrink-0 rounded-md object-cover"
    />
  );
}
