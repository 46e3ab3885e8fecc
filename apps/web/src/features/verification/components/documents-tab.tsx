import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  DOCUMENT_STATUS_LABELS,
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES,
  documentFormSchema,
  VERIFICATION_TEXT,
  type IdentityDocument,
} from '@escrow/shared/schemas/identity';
import { UPLOAD_RULES } from '@escrow/shared/schemas/uploads';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Field, fieldErrorProps, Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/panels';
import { formatDateTime } from '../../../lib/format';
import { uploadFile } from '../../../lib/uploads';
import { failureMessage, useSubmitDocument } from '../api/verification';

const RULE = UPLOAD_RULES.identity_document;
const STATUS_LOOK: Record<IdentityDocument['status'], string> = {
  PENDING_REVIEW: 'bg-amber-100 text-amber-900',
  VERIFIED: 'bg-emerald-100 text-emerald-900',
  REJECTED: 'bg-red-100 text-red-900',
};

/** Documents tab (spec 02 §5): type, number and image (preview, upload progress); staff review it. */
export function DocumentsTab({ documents }: { documents: IdentityDocument[] }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card>
        <CardTitle>Submit a document</CardTitle>
        <DocumentForm />
      </Card>
      <Card>
        <CardTitle>Your documents</CardTitle>
        {documents.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">No documents submitted yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100 text-sm">
            {documents.map((doc) => (
              <li key={doc.id} className="py-2">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium">{DOCUMENT_TYPE_LABELS[doc.documentType]}</span>
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_LOOK[doc.status]}`}
                  >
                    {DOCUMENT_STATUS_LABELS[doc.status]}
                  </span>
                </div>
                <p className="font-mono text-slate-600">{doc.documentNumber}</p>
                <p className="text-slate-600">Submitted {formatDateTime(doc.createdAt)}</p>
                {doc.status === 'REJECTED' && doc.reason ? (
                  <p className="mt-1 text-red-800">Reason: {doc.reason}</p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function DocumentForm() {
  const submit = useSubmitDocument();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(documentFormSchema.omit({ uploadId: true })),
    defaultValues: { documentType: 'DRIVERS_LICENSE' as const, documentNumber: '' },
  });

  function pick(next: File | undefined) {
    setOutcome(null);
    setFileError(null);
    setFile(null);
    if (!next) return;
    if (!next.type.startsWith('image/') && next.type !== 'application/pdf')
      return setFileError(RULE.notAccepted(next.name));
    if (next.size > RULE.maxBytes) return setFileError(RULE.tooLarge(next.name));
    setFile(next);
  }

  const onSubmit = handleSubmit(async (form) => {
    setOutcome(null);
    if (!file) return setFileError(VERIFICATION_TEXT.uploadNotUsable);
    try {
      setProgress(0);
      const uploaded = await uploadFile(file, { purpose: 'identity_document' }, setProgress);
      await submit.mutateAsync({ ...form, uploadId: uploaded.id });
      setOutcome({ ok: true, message: `${VERIFICATION_TEXT.documentSubmitted}. Status: Pending review` });
      reset();
      setFile(null);
    } catch (error) {
      setOutcome({ ok: false, message: failureMessage(error, VERIFICATION_TEXT.documentFailed) });
    } finally {
      setProgress(null);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 flex flex-col gap-4">
      <Field id="document-type" label="Document type" error={errors.documentType?.message}>
        <Select id="document-type" {...register('documentType')}>
          {DOCUMENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {DOCUMENT_TYPE_LABELS[type]}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="document-number" label="Document number" error={errors.documentNumber?.message}>
        <Input
          id="document-number"
          autoComplete="off"
          {...fieldErrorProps('document-number', errors.documentNumber?.message)}
          {...register('documentNumber')}
        />
      </Field>
      <Field id="document-image" label="Document image" error={fileError ?? undefined}>
        <input
          id="document-image"
          type="file"
          accept="image/*,application/pdf"
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium"
          {...fieldErrorProps('document-image', fileError ?? undefined)}
          onChange={(event) => pick(event.target.files?.[0])}
        />
      </Field>
      {file && file.type.startsWith('image/') ? (
        <ImagePreview file={file} />
      ) : file ? (
        <p className="text-sm text-slate-600">{file.name}</p>
      ) : null}
      {progress !== null ? (
        <progress value={progress} max={100} aria-label="Upload progress" className="w-full">
          {progress}%
        </progress>
      ) : null}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Submitting...' : 'Submit for review'}
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
      alt="Preview of the selected document"
      className="max-h-48 rounded-lg border border-slate-200 object-contain"
    />
  );
}
