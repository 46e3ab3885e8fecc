import { content } from '../../../config/content';
import { formatMediumDate } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import type { LegalDocument } from './legal-document';

/** One legal document with a table of contents; prose styles are set here once for all four. */
export function LegalArticle({ document }: { document: LegalDocument }) {
  const anchor = (index: number) => `${document.slug}-${index + 1}`;
  return (
    <article className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{t(document.title)}</h1>
      <p className="mt-3 text-lg text-slate-700">{t(document.summary, { name: content.productName })}</p>
      <p className="mt-2 text-sm text-slate-600">
        {document.version
          ? t('Version {number} — effective {date}', {
              number: document.version.number,
              date: formatMediumDate(document.version.effective),
            })
          : t('Last updated: {date}', { date: content.legalLastUpdated })}
      </p>
      <nav aria-label={t('Contents')} className="mt-8 rounded-xl bg-slate-50 p-5">
        <h2 className="text-sm font-semibold text-slate-900">{t('Contents')}</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
          {document.sections.map((section, index) => (
            <li key={section.heading}>
              <a href={`#${anchor(index)}`} className="text-brand-800 underline hover:text-brand-900">
                {t(section.heading)}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {document.sections.map((section, index) => (
        <section key={section.heading} aria-labelledby={anchor(index)} className="mt-10">
          <h2 id={anchor(index)} className="scroll-mt-6 text-xl font-bold text-slate-900">
            {index + 1}. {t(section.heading)}
          </h2>
          <div className="mt-3 space-y-3 leading-relaxed text-slate-800 [&_a]:font-medium [&_a]:text-brand-800 [&_a]:underline [&_li]:mt-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6">
            {section.body()}
          </div>
        </section>
      ))}
    </article>
  );
}
