import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { msg } from '@escrow/shared/i18n/msg';
import { AUTH_TEXT, type PublicUser } from '@escrow/shared/schemas/auth';
import { UPLOAD_RULES } from '@escrow/shared/schemas/uploads';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { FilePicker } from '../../../components/ui/file-picker';
import { t } from '../../../lib/i18n';
import { uploadFile } from '../../../lib/uploads';
import { useUpdateProfile } from '../api/profile';

const RULE = UPLOAD_RULES.profile_picture;
const FAILED = msg('Failed to upload profile picture');

/** The checks before anything is sent (the server checks the content again), said in the screens' language. */
export function pictureProblem(file: File): string | null {
  if (!file.type.startsWith('image/')) return t(RULE.notAcceptedMessage, { file: file.name });
  if (file.size > RULE.maxBytes) return t(RULE.tooLargeMessage, { file: file.name });
  return null;
}

/**
 * Choose a picture, see it as it will be shown (uncropped, in the avatar's circle), then upload it:
 * the upload (purpose profile_picture) and then PUT /auth/me with its id. One file control: its face
 * says what it will do, and a refused file is named on it.
 */
export function PictureUpload({ user, onSaved }: { user: PublicUser; onSaved: (user: PublicUser) => void }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  // The chosen file and its object URL, made together so the preview never shows another file.
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const file = chosen?.file ?? null;
  const preview = chosen?.url ?? null;
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const update = useUpdateProfile(onSaved);

  // Each object URL is released when the choice changes or the component goes.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);
  const setFile = (next: File | null) =>
    setChosen(next ? { file: next, url: URL.createObjectURL(next) } : null);

  const choose = (picked: File | undefined) => {
    if (!picked) return;
    const reason = pictureProblem(picked);
    setProblem(reason);
    if (reason) {
      toast.error(reason);
      setFile(null);
    } else setFile(picked);
    if (input.current) input.current.value = '';
  };

  const save = async () => {
    if (!file) return;
    setProgress(0);
    try {
      const upload = await uploadFile(file, { purpose: 'profile_picture' }, setProgress);
      await update.mutateAsync({ profilePictureId: upload.id });
      toast.success(t(AUTH_TEXT.profileUpdated));
      setFile(null);
    } catch (error) {
      const text = error instanceof Error && error.message ? error.message : t(FAILED);
      setProblem(text);
      toast.error(t(FAILED));
    } finally {
      setProgress(null);
    }
  };

  const remove = async () => {
    try {
      await update.mutateAsync({ profilePictureId: null });
      toast.success(t(AUTH_TEXT.profileUpdated));
    } catch {
      toast.error(t('Failed to update profile. Please try again.'));
    }
  };

  const busy = progress !== null || update.isPending;
  return (
    <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
      {preview ? (
        <img
          src={preview}
          alt={t('Preview of your new profile picture')}
          className="h-20 w-20 shrink-0 rounded-full object-cover ring-2 ring-brand-600"
        />
      ) : (
        <Avatar
          person={user}
          size="lg"
          label={t('Profile picture of {name}', { name: `${user.firstName} ${user.lastName}` })}
        />
      )}
      <div className="flex flex-col items-center gap-2 sm:items-start">
        <div className="flex flex-wrap items-center justify-center gap-2">
          <FilePicker
            ref={input}
            id={inputId}
            accept="image/*"
            aria-label={t('Choose a profile picture')}
            aria-describedby={problem ? `${inputId}-hint ${inputId}-problem` : `${inputId}-hint`}
            aria-invalid={problem ? true : undefined}
            disabled={busy}
            buttonText={
              file
                ? t('Choose another picture')
                : user.profilePicture
                  ? t('Change picture')
                  : t('Upload picture')
            }
            onChange={(event) => choose(event.target.files?.[0])}
          />
          {file ? (
            <>
              <Button size="sm" onClick={() => void save()} disabled={busy}>
                {progress !== null ? t('Uploading... {progress}%', { progress }) : t('Save picture')}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setFile(null)} disabled={busy}>
                {t('Cancel')}
              </Button>
            </>
          ) : user.profilePicture ? (
            <Button size="sm" variant="ghost" onClick={() => void remove()} disabled={busy}>
              {t('Remove picture')}
            </Button>
          ) : null}
        </div>
        <p id={`${inputId}-hint`} className="text-xs text-slate-600">
          {t('An image file, less than 5MB.')}
        </p>
        {problem ? (
          <p id={`${inputId}-problem`} role="alert" className="text-sm text-red-600">
            {problem}
          </p>
        ) : null}
      </div>
    </div>
  );
}
