import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES,
  DOCUMENT_STATUS_LABELS,
  documentFormSchema,
  VERIFICATION_TEXT,
} from '@escrow/shared/schemas/identity';
import { UPLOAD_RULES } from '@escrow/shared/domain/uploads';
import { Button } from '../../../components/ui/button';
import { FilePicker } from '../../../components/ui/file-picker';
import { Field, fieldErrorProps, Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/panels';
import { showServerFieldErrors } from '../../../lib/form-values';
import { t } from '../../../lib/i18n';
import { uploadFile } from '../../../lib/uploads';
import { useFixAsYouType } from '../../../lib/use-fix-as-you-type';
import { failureMessage, useSubmitDocument } from '../api/verification';
import { IdentityCheckNotice, identityNoticeId } from './identity-check-notice';

const RULE = UPLOAD_RULES.identity_document;

/**
 * The browser's first check of the chosen file; the server checks its content again. Its messages are
 * made as a file is checked (when it is picked or the form is sent), in the screens' language.
 */
const documentFile = z
  .custom<File | undefined>((value) => value instanceof File, VERIFICATION_TEXT.uploadNotUsable)
  // Only a File passes the check above.
  .transform((value) => value as File)
  .superRefine((file, ctx) => {
    if (!file.type.startsWith('image/') && file.type !== 'application/pdf')
      ctx.addIssue({ code: 'custom', message: t(RULE.notAcceptedMessage, { file: file.name }) });
    else if (file.size > RULE.maxBytes)
      ctx.addIssue({ code: 'custom', message: t(RULE.tooLargeMessage, { file: file.name }) });
  });

/**
 * The server's document schema, with the file in place of the upload id it becomes: the image is
 * uploaded on submit (purpose identity_document), then POST /verification/document carries its id.
 */
const documentFormFields = documentFormSchema.omit({ uploadId: true }).extend({ file: documentFile });
type DocumentFormInput = z.input<typeof documentFormFields>;
type DocumentFormValues = z.output<typeof documentFormFields>;

const EMPTY: DocumentFormInput = { documentType: 'DRIVERS_LICENSE', documentNumber: '', file: undefined };

/** Submit a document: type, number and image (preview, upload progress); staff review it. */
export function DocumentForm() {
  const submit = useSubmitDocument();
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const form = useForm<DocumentFormInput, unknown, DocumentFormValues>({
    resolver: zodResolver(documentFormFields),
    defaultValues: EMPTY,
  });
  useFixAsYouType(form);
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  // Registered in screen order, so a submit with several fields missing focuses the first one.
  const typeField = register('documentType');
  const numberField = register('documentNumber');
  const {
    field: { ref: fileRef, name: fileName, value: file, onChange: setFile, onBlur: fileLeft },
  } = useController({ control: form.control, name: 'file' });
  const fileError = errors.file?.message;
  const chosen = file instanceof File && !fileError ? file : null;

  const onSubmit = form.handleSubmit(async ({ file: image, ...fields }) => {
    setOutcome(null);
    try {
      setProgress(0);
      const uploaded = await uploadFile(image, { purpose: 'identity_document' }, setProgress);
      await submit.mutateAsync({ ...fields, uploadId: uploaded.id });
      setOutcome({
        ok: true,
        message: t('{documentSubmitted}. Status: {status}', {
          documentSubmitted: t(VERIFICATION_TEXT.documentSubmitted),
          status: t(DOCUMENT_STATUS_LABELS.PENDING_REVIEW),
        }),
      });
      form.reset(EMPTY);
    } catch (error) {
      const marked = showServerFieldErrors(error, form.setError, (path) =>
        path === 'documentType' || path === 'documentNumber' ? path : path === 'uploadId' ? 'file' : null,
      );
      if (!marked.length)
        setOutcome({ ok: false, message: failureMessage(error, t(VERIFICATION_TEXT.documentFailed)) });
    } finally {
      setProgress(null);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 flex flex-col gap-4">
      <IdentityCheckNotice kind="DOCUMENT" level={3} />
      <Field id="document-type" label={t('Document type')} error={errors.documentType?.message}>
        <Select id="document-type" {...typeField}>
          {DOCUMENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(DOCUMENT_TYPE_LABELS[type])}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="document-number" label={t('Document number')} error={errors.documentNumber?.message}>
        <Input
          id="document-number"
          autoComplete="off"
          aria-required
          {...fieldErrorProps('document-number', errors.documentNumber?.message)}
          {...numberField}
        />
      </Field>
      <Field id="document-image" label={t('Document image')} error={fileError}>
        <FilePicker
          ref={fileRef}
          id="document-image"
          name={fileName}
          accept="image/*,application/pdf"
          aria-required
          buttonText={chosen ? t('Choose another file') : t('Choose a file')}
          {...fieldErrorProps('document-image', fileError)}
          onBlur={fileLeft}
          onChange={(event) => {
            setOutcome(null);
            setFile(event.target.files?.[0]);
            // The file is checked as soon as it is picked, so a wrong one is named at once.
            void form.trigger('file');
            // The form holds the file; an emptied input lets the same file be picked again.
            event.target.value = '';
          }}
        />
      </Field>
      {chosen ? (
        <div className="space-y-2" data-testid="chosen-document">
          <p className="break-all text-sm text-slate-700">{chosen.name}</p>
          {chosen.type.startsWith('image/') ? <ImagePreview file={chosen} /> : null}
        </div>
      ) : null}
      {progress !== null ? (
        <progress value={progress} max={100} aria-label={t('Upload progress')} className="w-full">
          {progress}%
        </progress>
      ) : null}
      <Button type="submit" disabled={isSubmitting} aria-describedby={identityNoticeId('DOCUMENT')}>
        {isSubmitting ? t('Submitting...') : t('Submit for review')}
      </Button>
      {outcome ? (
        <p
          role={outcome.ok ? 'status' : 'alert'}
          className={outcome.ok ? 'text-sm text-emerald-800' : 'text-sm text-red-700'}
        >
          {outcome.message}
        </p>
      ) : null}
    </form>
  );
}

/** The chosen image, shown before it is uploaded (no crop). */
function ImagePreview({ file }: { file: File }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <img
      src={url}
      alt={t('Preview of the selected document')}
      className="max-h-48 rounded-lg border border-slate-200 object-contain"
    />
  );
}
