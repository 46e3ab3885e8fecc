import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { t } from '../../lib/i18n';

export default function NotFoundPage() {
  const location = useLocation();

  useEffect(() => {
    // The bad path is logged, so broken links show up in the browser console and reports.
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  return (
    <main className="grid min-h-dvh place-items-center bg-slate-50 px-4">
      <div className="text-center">
        <p className="text-6xl font-bold text-brand-700">404</p>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('Oops! Page not found')}</h1>
        <p className="mt-2 text-sm text-slate-600">
          {t('The page you were looking for does not exist or has moved.')}
        </p>
        <Link
          to="/"
          className="mt-6 inline-flex h-10 items-center rounded-lg bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {t('Return to Home')}
        </Link>
      </div>
    </main>
  );
}
