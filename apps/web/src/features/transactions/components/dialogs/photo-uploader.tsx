import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { TRANSACTION_TEXT } from '@escrow/shared/schemas/transactions';
import { UPLOAD_RULES } from '@escrow/shared/schemas/uploads';
import { Button } from '../../../../components/ui/button';
import { FilePicker } from '../../../../components/ui/file-picker';
import { useUploadObjectUrl } from '../../../../lib/use-upload-object-url';
import { uploadShipmentPhoto } from '../../api/uploads';

const RULE = UPLOAD_RULES.shipment_photo;
export const MAX_PHOTOS = 5;

type Item = {
  key: string;
  name: string;
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  uploadId?: string;
  error?: string;
};

/** The browser's first check; the server checks the content again (magic bytes), whatever the name says. */
export function photoProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return RULE.notAccepted(file.name);
  if (file.size > RULE.maxBytes) return RULE.tooLarge(file.name);
  return null;
}

type Props = {
  transactionId: string;
  onChange: (uploadIds: string[], uploading: boolean) => void;
  error?: string;
};

/** 1–5 shipment photos, each uploaded as soon as it is picked, with progress, a preview and removal. */
export function PhotoUploader({ transactionId, onChange, error }: Props) {
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
    let room = MAX_PHOTOS - items.filter((item) => item.status !== 'failed').length;
    const added: Item[] = [];
    for (const file of Array.from(files)) {
      const problem = photoProblem(file);
      if (problem) {
        toast.error(problem);
        continue;
      }
      if (room <= 0) {
        toast.error(TRANSACTION_TEXT.photoMax);
        break;
      }
      room -= 1;
      const key = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`;
      added.push({ key, name: file.name, progress: 0, status: 'uploading' });
      const controller = new AbortController();
      aborts.current.set(key, controller);
      uploadShipmentPhoto(file, transactionId, (progress) => patch(key, { progress }), controller.signal)
        .then((upload) => patch(key, { status: 'done', progress: 100, uploadId: upload.id }))
        .catch((failure: Error) => {
          if (failure.name === 'AbortError') return;
          patch(key, { status: 'failed', error: failure.message || 'Upload failed' });
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
      <label htmlFor="shipment-photos" className="block text-sm font-medium text-slate-700">
        Photos of the item * <span className="font-normal text-slate-500">(1 to 5 images, 5MB each)</span>
      </label>
      <FilePicker
        ref={inputRef}
        id="shipment-photos"
        accept="image/*"
        multiple
        disabled={kept >= MAX_PHOTOS}
        onChange={(event) => pick(event.target.files)}
        aria-describedby={error ? 'shipment-photos-error' : undefined}
        buttonText={
          kept === 0
            ? 'Choose photos'
            : kept >= MAX_PHOTOS
              ? `${kept} of ${MAX_PHOTOS} photos`
              : `Add photos (${kept} of ${MAX_PHOTOS})`
        }
      />
      {error ? (
        <p id="shipment-photos-error" role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      {items.length > 0 ? (
        <ul className="space-y-2" aria-label="Photos">
          {items.map((item) => (
            <li
              key={item.key}
              className="flex items-center gap-3 rounded-lg border border-slate-200 p-2 text-sm"
            >
              {item.status === 'done' && item.uploadId ? (
                <PhotoThumbnail uploadId={item.uploadId} name={item.name} />
              ) : (
                <span aria-hidden className="h-12 w-12 shrink-0 rounded-md bg-slate-100" />
              )}
              <span className="min-w-0 flex-1 truncate">{item.name}</span>
              {item.status === 'uploading' ? (
                <progress
                  max={100}
                  value={item.progress}
                  aria-label={`Uploading ${item.name}`}
                  className="w-24"
                />
              ) : item.status === 'done' ? (
                <span className="text-emerald-700">Uploaded</span>
              ) : (
                <span role="alert" className="text-red-600">
                  {item.error}
                </span>
              )}
              <Button
                variant="ghost"
                size="sm"
                onClick={() => remove(item.key)}
                aria-label={`Remove ${item.name}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The uploaded photo as the server holds it, fetched with the token (uploads are not public). */
function PhotoThumbnail({ uploadId, name }: { uploadId: string; name: string }) {
  const { url, error } = useUploadObjectUrl(uploadId);
  if (!url)
    return (
      <span
        className="grid h-12 w-12 shrink-0 place-items-center rounded-md bg-slate-100 text-[10px] text-slate-500"
        aria-label={error ? `Preview of ${name} unavailable` : `Loading preview of ${name}`}
        role="img"
      >
        {error ? 'No preview' : '…'}
      </span>
    );
  return <img src={url} alt={`Preview of ${name}`} className="h-12 w-12 shrink-0 rounded-md object-cover" />;
}
