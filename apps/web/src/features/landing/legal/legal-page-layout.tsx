import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { content } from '../../../config/content';
import { t } from '../../../lib/i18n';
import { LogoMark } from '../components/logo-mark';
import { SiteFooter } from '../components/site-footer';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/** Header, skip link and footer around a legal document. */
export function LegalPageLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:outline-2 focus:outline-brand-700"
      >
        {t('Skip to main content')}
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link
            to="/"
            className={`flex items-center gap-2 whitespace-nowrap rounded-md font-bold text-slate-900 ${focusRing}`}
          >
            <LogoMark />
            <span>{content.productName}</span>
          </Link>
          <nav aria-label={t('Account')} className="flex items-center gap-1 sm:gap-2">
            <Link
              to="/login"
              className={`whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium text-slate-700 sm:px-3 ${focusRing}`}
            >
              {t('Login')}
            </Link>
            <Link
              to="/signup"
              className={`whitespace-nowrap rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800 sm:px-4 ${focusRing}`}
            >
              {t('Sign Up')}
            </Link>
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="bg-white px-4 py-12 focus:outline-none sm:px-6">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
