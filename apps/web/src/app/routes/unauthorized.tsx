import { Link } from 'react-router';
import { content } from '../../config/content';
import { t } from '../../lib/i18n';
import ShieldIcon from 'lucide-react/icons/shield-check';

const buttonClass =
  'inline-flex h-10 items-center justify-center rounded-lg px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** Signed in, but the route's allowed roles do not include the user's role. */
export default function UnauthorizedPage() {
  return (
    <main className="grid min-h-dvh place-items-center bg-slate-50 px-4">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-red-50 text-red-600">
          <ShieldIcon className="h-6 w-6" />
        </span>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('Access Denied')}</h1>
        <p className="mt-2 text-sm text-slate-600">
          {t("Unauthorized Access - Sorry, you don't have the required permissions to view this content")}
        </p>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
          {/* Go Back leads to the home page too, like Go Home, not one step back in the history. */}
          <Link to="/" className={`${buttonClass} border border-slate-300 text-slate-900 hover:bg-slate-50`}>
            {t('Go Back')}
          </Link>
          <Link to="/" className={`${buttonClass} bg-brand-700 text-white hover:bg-brand-800`}>
            {t('Go Home')}
          </Link>
          <a
            href={`mailto:${content.supportEmail}`}
            className={`${buttonClass} text-brand-700 hover:bg-brand-50`}
          >
            {t('Contact Support')}
          </a>
        </div>
      </div>
    </main>
  );
}
