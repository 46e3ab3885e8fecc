import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { useController, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { msg } from '@escrow/shared/i18n/msg';
import { EVIDENCE_MAX_FILES } from '@escrow/shared/domain/disputes';
import { addEvidenceSchema, type Dispute } from '@escrow/shared/schemas/disputes';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, fieldErrorProps, Input } from '../../../components/ui/input';
import { showServerFieldErrors } from '../../../lib/form-values';
import { t } from '../../../lib/i18n';
import { useFixAsYouType } from '../../../lib/use-fix-as-you-type';
import { useAddEvidence } from '../api/disputes';
import { useEvidenceFiles } from '../lib/use-evidence-files';
import { EvidencePicker } from './evidence-picker';

export const EVIDENCE_FORM_TEXT = { filesRequired: msg('Choose at least one file') } as const;

/**
 * The dialog's form: the server's description rule (addEvidenceSchema), and the files chosen, at least
 * one. Each file becomes one evidence request (its upload id), so the file rule lives here, not on the
 * server's schema.
 */
const evidenceFormSchema = addEvidenceSchema.pick({ description: true }).extend({
  files: z.array(z.instanceof(File)).min(1, EVIDENCE_FORM_TEXT.filesRequired),
});
type EvidenceForm = z.input<typeof evidenceFormSchema>;

/** Upload Evidence: up to the dispute's remaining room (10 in all), with progress and a description. */
export function EvidenceDialog({ dispute, onClose }: { dispute: Dispute; onClose: () => void }) {
  const id = useId();
  const room = Math.max(0, EVIDENCE_MAX_FILES - dispute.evidence.length);
  const evidence = useEvidenceFiles(room);
  const attach = useAddEvidence();
  const form = useForm<EvidenceForm, unknown, z.output<typeof evidenceFormSchema>>({
    resolver: zodResolver(evidenceFormSchema),
    defaultValues: { files: [], description: '' },
  });
  useFixAsYouType(form);
  // The chosen files live in useEvidenceFiles (previews, progress); the form sees the list to check it.
  const filesField = useController({ control: form.control, name: 'files' }).field;
  const { setValue } = form;
  useEffect(
    () =>
      setValue(
        'files',
        evidence.files.map((item) => item.file),
      ),
    [evidence.files, setValue],
  );
  const [busy, setBusy] = useState(false);
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ description }) => {
    setBusy(true);
    try {
      const ids = await evidence.uploadAll(dispute.transactionId);
      for (const uploadId of ids)
        await attach.mutateAsync({
          disputeId: dispute.id,
          uploadId,
          ...(description ? { description } : {}),
        });
      toast.success(
        ids.length === 1
          ? t('Evidence added')
          : t('{count} files of evidence added', { count: String(ids.length) }),
      );
      onClose();
    } catch (failure) {
      // The fields open again before one is focused (a disabled field cannot take focus).
      flushSync(() => setBusy(false));
      const marked = showServerFieldErrors(failure, form.setError, (path) =>
        path === 'description' ? 'description' : path === 'uploadId' ? 'files' : null,
      );
      if (!marked.length) form.setError('root.server', { message: (failure as Error).message });
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(next) => (!next && !busy ? onClose() : undefined)}
      title={t('Upload Evidence')}
      description={t('Both parties and support staff can open what you upload; nobody else can.')}
    >
      {room === 0 ? (
        <p className="text-sm text-slate-700">
          {t('This dispute already has {count} pieces of evidence, the most it can hold.', {
            count: String(EVIDENCE_MAX_FILES),
          })}
        </p>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
          <EvidencePicker
            evidence={evidence}
            disabled={busy}
            label={t('Files')}
            error={errors.files?.message}
            inputRef={filesField.ref}
          />
          <Field
            id={`${id}-description`}
            label={t('Description (optional)')}
            error={errors.description?.message}
          >
            <Input
              id={`${id}-description`}
              maxLength={500}
              disabled={busy}
              placeholder={t('e.g. The screen was cracked when I opened the box')}
              {...form.register('description')}
              {...fieldErrorProps(`${id}-description`, errors.description?.message)}
            />
          </Field>
          {errors.root?.server ? (
            <p role="alert" className="text-sm text-red-600">
              {errors.root.server.message}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
              {t('Cancel')}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? t('Uploading...') : t('Upload')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
