import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { DOCUMENT_TYPE_LABELS, VERIFICATION_TEXT, type AdminDocument } from '@escrow/shared/schemas/identity';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyPanel, ErrorPanel, LoadingPanel, PageNav } from '../../../components/ui/panels';
import { VerificationLevelBadge } from '../../../components/verification-level-badge';
import { formatDateTime } from '../../../lib/format';
import { downloadUpload } from '../../../lib/uploads';
import { useUploadObjectUrl } from '../../../lib/use-upload-object-url';
import { documentQueueQuery, useReviewDocument } from '../api/documents';
import { RejectReasonForm } from './reject-reason-form';
import { t } from '../../../lib/i18n';

/** The console's Documents page: identity documents waiting for review, oldest first. */
export function DocumentReview() {
  const [page, setPage] = useState(1);
  const queue = useQuery(documentQueueQuery(page));
  if (queue.isPending) return <LoadingPanel label={t('Loading documents')} />;
  if (queue.error) return <ErrorPanel error={queue.error} onRetry={() => void queue.refetch()} />;
  const { documents, hasMore } = queue.data;
  return (
    <section aria-labelledby="documents-heading">
      <h2 id="documents-heading" className="text-lg font-semibold text-slate-900">
        {t('Documents waiting for review')}
      </h2>
      {documents.length === 0 ? (
        <div className="mt-3">
          <EmptyPanel>{t('No documents are waiting for review.')}</EmptyPanel>
        </div>
      ) : (
        <ul className="mt-3 space-y-4">
          {documents.map((doc) => (
            <li key={doc.id}>
              <DocumentCard document={doc} />
            </li>
          ))}
        </ul>
      )}
      <PageNav
        page={page}
        hasMore={hasMore}
        busy={queue.isFetching}
        onPageChange={setPage}
        label={t('Document pages')}
      />
    </section>
  );
}

function DocumentCard({ document: doc }: { document: AdminDocument }) {
  const review = useReviewDocument();
  const [rejecting, setRejecting] = useState(false);
  const owner = `${doc.user.firstName} ${doc.user.lastName}`;
  const label = t(DOCUMENT_TYPE_LABELS[doc.documentType]);

  async function approve() {
    try {
      await review.mutateAsync({ id: doc.id });
      toast.success(t(VERIFICATION_TEXT.documentApproved));
    } catch (error) {
      toast.error((error as Error).message);
    }
  }

  async function reject(reason: string) {
    await review.mutateAsync({ id: doc.id, reason });
    toast.success(t(VERIFICATION_TEXT.documentRejected));
  }

  return (
    <Card className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
      <DocumentImage document={doc} description={t('{document} of {owner}', { document: label, owner })} />
      <div className="min-w-0 space-y-3 text-sm">
        <div>
          <h3 className="text-base font-semibold text-slate-900">{label}</h3>
          <p className="font-mono text-slate-700">{t('Number {number}', { number: doc.documentNumber })}</p>
          <p className="text-slate-600">{t('Submitted {date}', { date: formatDateTime(doc.createdAt) })}</p>
        </div>
        <div>
          <p className="font-medium text-slate-900">{owner}</p>
          <p className="truncate text-slate-600">{doc.user.email}</p>
          <VerificationLevelBadge level={doc.user.verificationLevel} className="mt-1" />
        </div>
        {rejecting ? (
          <RejectReasonForm
            documentId={doc.id}
            busy={review.isPending}
            onReject={reject}
            onCancel={() => setRejecting(false)}
          />
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={review.isPending}
              onClick={() => void approve()}
              aria-label={t('Approve {document} of {owner}', { document: label, owner })}
            >
              {t('Approve')}
            </Button>
            <Button
              variant="secondary"
              disabled={review.isPending}
              onClick={() => setRejecting(true)}
              aria-label={t('Reject {document} of {owner}', { document: label, owner })}
            >
              {t('Reject')}
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}

/** The image inline (fetched with the staff token); a PDF is offered as a download. */
function DocumentImage({ document: doc, description }: { document: AdminDocument; description: string }) {
  if (!doc.image.mimeType.startsWith('image/'))
    return (
      <div className="flex items-center justify-center rounded-lg border border-dashed border-slate-300 p-6">
        <Button
          variant="secondary"
          onClick={() => void downloadUpload(doc.image.uploadId, doc.image.filename)}
        >
          {t('Download {filename}', { filename: doc.image.filename })}
        </Button>
      </div>
    );
  return <InlineImage uploadId={doc.image.uploadId} description={description} />;
}

function InlineImage({ uploadId, description }: { uploadId: string; description: string }) {
  const { url, error } = useUploadObjectUrl(uploadId);
  if (error)
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('The image could not be loaded.')}
      </p>
    );
  if (!url) return <div className="h-48 animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />;
  return (
    <img
      src={url}
      alt={description}
      className="max-h-80 w-full rounded-lg border border-slate-200 object-contain"
    />
  );
}
