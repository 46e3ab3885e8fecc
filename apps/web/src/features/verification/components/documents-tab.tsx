import {
  DOCUMENT_STATUS_LABELS,
  DOCUMENT_TYPE_LABELS,
  type IdentityDocument,
} from '@escrow/shared/schemas/identity';
import { Card, CardTitle } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/format';
import { t } from '../../../lib/i18n';
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
        <CardTitle>{t('Submit a document')}</CardTitle>
        <DocumentForm />
      </Card>
      <Card>
        <CardTitle>{t('Your documents')}</CardTitle>
        {documents.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{t('No documents submitted yet.')}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100 text-sm">
            {documents.map((doc) => (
              <li key={doc.id} className="py-2">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium">{t(DOCUMENT_TYPE_LABELS[doc.documentType])}</span>
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_LOOK[doc.status]}`}
                  >
                    {t(DOCUMENT_STATUS_LABELS[doc.status])}
                  </span>
                </div>
                <p className="font-mono text-slate-600">{doc.documentNumber}</p>
                <p className="text-slate-600">
                  {t('Submitted {date}', { date: formatDateTime(doc.createdAt) })}
                </p>
                {doc.status === 'REJECTED' && doc.reason ? (
                  <p className="mt-1 text-red-800">
                    {/* Staff's own words; a reason the product wrote (a name change) is a text it translates. */}
                    {t('Reason: {reason}', { reason: t(doc.reason) })}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
