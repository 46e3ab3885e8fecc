import {
  DOCUMENT_STATUS_LABELS,
  DOCUMENT_TYPE_LABELS,
  type IdentityDocument,
} from '@escrow/shared/schemas/identity';
import { Card, CardTitle } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/format';
import { DocumentForm } from './document-form';

const STATUS_LOOK: Record<IdentityDocument['status'], string> = {
  PENDING_REVIEW: 'bg-amber-100 text-amber-900',
  VERIFIED: 'bg-emerald-100 text-emerald-900',
  REJECTED: 'bg-red-100 text-red-900',
};

/** Documents tab: type, number and image (preview, upload progress); staff review it. */
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
