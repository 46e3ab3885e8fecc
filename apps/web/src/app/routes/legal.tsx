import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { LegalArticle } from '../../features/landing/legal/legal-article';
import { LEGAL_DOCUMENTS } from '../../features/landing/legal/legal-documents';
import { LegalPageLayout } from '../../features/landing/legal/legal-page-layout';
import { LEGAL_LINKS } from '../../features/landing/components/site-footer';
import { t } from '../../lib/i18n';

/** /legal/:page: privacy-policy, terms-of-service, cookie-policy or compliance. */
export default function LegalPage() {
  const { page = '' } = useParams();
  const document = Object.hasOwn(LEGAL_DOCUMENTS, page) ? LEGAL_DOCUMENTS[page] : undefined;

  useEffect(() => {
    window.document.title = `${document ? t(document.title) : t('Page not found')} — Amana Escrow`;
    window.scrollTo(0, 0);
  }, [document]);

  return (
    <LegalPageLayout>
      {document ? (
        <LegalArticle document={document} />
      ) : (
        <div className="mx-auto max-w-3xl">
          <h1 className="text-3xl font-bold text-slate-900">{t('Oops! Page not found')}</h1>
          <p className="mt-3 text-slate-700">
            {t('There is no legal page at this address. These are the ones we have:')}
          </p>
          <ul className="mt-4 list-disc space-y-2 pl-6">
            {LEGAL_LINKS.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="font-medium text-brand-800 underline">
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </LegalPageLayout>
  );
}
