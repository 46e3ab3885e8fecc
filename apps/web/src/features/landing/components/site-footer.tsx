import { msg } from '@escrow/shared/i18n/msg';
import { Link } from '../../../lib/link';
import { content } from '../../../config/content';
import { lagosDay } from '../../../lib/dates';
import { t } from '../../../lib/i18n';
import { LogoMark } from './logo-mark';

export const LEGAL_LINKS = [
  { to: '/legal/privacy-policy', label: msg('Privacy Policy') },
  { to: '/legal/terms-of-service', label: msg('Terms of Service') },
  { to: '/legal/cookie-policy', label: msg('Cookie Policy') },
  { to: '/legal/compliance', label: msg('Compliance') },
] as const;

const link =
  'rounded text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

/** The landing footer: the X account, the legal pages, registration and VAT numbers. */
export function SiteFooter() {
  const { registration } = content;
  return (
    <footer className="bg-slate-900 px-4 py-12 text-slate-300 sm:px-6">
      <div className="mx-auto grid max-w-6xl gap-10 md:grid-cols-3">
        <div>
          <Link to="/" className={`inline-flex items-center gap-2 font-bold text-white ${link}`}>
            <LogoMark />
            {content.productName}
          </Link>
          <p className="mt-3 text-sm">{t('Safe payments between buyers and sellers in Nigeria.')}</p>
          <a
            href={content.xProfileUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={`mt-4 inline-flex items-center gap-2 text-sm ${link}`}
          >
            <svg
              viewBox="0 0 24 24"
              className="h-4 w-4"
              fill="currentColor"
              aria-hidden="true"
              focusable="false"
            >
              <path d="M18.2 2.3h3.4l-7.4 8.4 8.7 11.5h-6.8l-5.3-7-6.1 7H1.3l7.9-9L.9 2.3h7l4.8 6.4zm-1.2 17.9h1.9L7 4.2H5z" />
            </svg>
            {t('Follow us on X')}
            <span className="sr-only"> {t('(opens in a new tab)')}</span>
          </a>
        </div>
        <nav aria-label={t('Legal')}>
          <h2 className="text-sm font-semibold text-white">{t('Legal')}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {LEGAL_LINKS.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={link}>
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="text-sm">
          <h2 className="font-semibold text-white">{t('Company')}</h2>
          <p className="mt-3">
            {t('{name} is registered in {country}.', {
              name: content.productName,
              country: registration.country,
            })}
          </p>
          <p className="mt-1">{t('Registration number: {number}', { number: registration.rcNumber })}</p>
          <p className="mt-1">{t('VAT number: {number}', { number: registration.vatNumber })}</p>
          <p className="mt-1">
            {t('Contact:')}{' '}
            <a href={`mailto:${content.supportEmail}`} className={link}>
              {content.supportEmail}
            </a>
          </p>
        </div>
      </div>
      <p className="mx-auto mt-10 max-w-6xl border-t border-slate-700 pt-6 text-xs text-slate-400">
        {t('© {year} {name}. All rights reserved.', {
          year: lagosDay(new Date()).slice(0, 4),
          name: content.productName,
        })}
      </p>
    </footer>
  );
}
