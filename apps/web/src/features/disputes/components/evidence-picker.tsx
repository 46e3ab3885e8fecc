import { useId, type Ref } from 'react';
import { EVIDENCE_MAX_FILES } from '@escrow/shared/domain/disputes';
import { UPLOAD_RULES } from '@escrow/shared/domain/uploads';
import { Button } from '../../../components/ui/button';
import { FilePicker } from '../../../components/ui/file-picker';
import PaperclipIcon from 'lucide-react/icons/paperclip';
import { formatFileSize } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import type { EvidenceFiles } from '../lib/use-evidence-files';

/**
 * Choose evidence files through the one file control (no 'No file chosen' beside chosen files):
 * thumbnails for images, size, progress while uploading, remove before sending. `error` is the form's
 * message for the files (e.g. none chosen), shown beside the control; `inputRef` lets the form focus it.
 */
export function EvidencePicker({
  evidence,
  disabled,
  label = t('Evidence (optional)'),
  error,
  inputRef,
}: {
  evidence: EvidenceFiles;
  disabled?: boolean;
  label?: string;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  return (
    <div className="space-y-2">
      <p id={`${id}-label`} className="text-sm font-medium text-slate-700">
        {label}
      </p>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {t('Photos, PDFs or documents; up to {count} files of 10 MB each.', {
          count: String(EVIDENCE_MAX_FILES),
        })}
      </p>
      <FilePicker
        ref={inputRef}
        multiple
        accept={UPLOAD_RULES.dispute_evidence.accepted.join(',')}
        disabled={disabled || evidence.full}
        aria-labelledby={`${id}-label`}
        aria-describedby={[`${id}-hint`, error && `${id}-error`, evidence.error && `${id}-problem`]
          .filter(Boolean)
          .join(' ')}
        aria-invalid={error ? true : undefined}
        buttonText={t('Add files')}
        onChange={(event) => {
          if (event.target.files) evidence.add(event.target.files);
          event.target.value = '';
        }}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {t(error)}
        </p>
      ) : null}
      {evidence.error ? (
        <p id={`${id}-problem`} role="alert" className="text-sm text-red-600">
          {evidence.error}
        </p>
      ) : null}
      {evidence.files.length ? (
        <ul className="grid gap-2 sm:grid-cols-2" aria-label={t('Chosen evidence')}>
          {evidence.files.map((item) => (
            <li
              key={item.key}
              className="flex items-center gap-3 rounded-lg border border-slate-200 p-2 text-sm"
            >
              {item.previewUrl ? (
                <img src={item.previewUrl} alt="" className="h-12 w-12 flex-none rounded object-cover" />
              ) : (
                <span className="flex h-12 w-12 flex-none items-center justify-center rounded bg-slate-100 text-slate-500">
                  <PaperclipIcon className="h-5 w-5" />
                </span>
              )}
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-900">{item.file.name}</p>
                <p className="text-xs text-slate-500">{formatFileSize(item.file.size)}</p>
                {item.progress !== null ? (
                  <progress
                    className="mt-1 h-1.5 w-full"
                    max={100}
                    value={item.progress}
                    aria-label={t('Uploading {name}', { name: item.file.name })}
                  />
                ) : null}
              </div>
              <Button
                type="button"
                variant="secondary"
                size="sm"
                disabled={disabled || item.progress !== null}
                onClick={() => evidence.remove(item.key)}
                aria-label={t('Remove {name}', { name: item.file.name })}
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
