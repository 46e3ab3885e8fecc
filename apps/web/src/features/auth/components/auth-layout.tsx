import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { content } from '../../../config/content';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { t } from '../../../lib/i18n';
import { AuthClaims } from './auth-claims';
import { FeatureCarousel } from './feature-carousel';
import type { FeatureSlide } from './feature-slides';

type AuthLayoutProps = {
  title: string;
  subtitle?: ReactNode;
  carousel?: { slides: FeatureSlide[]; intervalMs: number };
  /** The language switcher above the title (sign-in and sign-up, where a visitor starts). */
  languageSwitcher?: boolean;
  children: ReactNode;
};

/** The public account screens: the form on one side, what the product does on the other. */
export function AuthLayout({ title, subtitle, carousel, languageSwitcher, children }: AuthLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-white lg:flex-row">
      <main className="flex flex-1 flex-col px-4 py-6 sm:px-8 lg:max-w-xl lg:px-12">
        <div className="flex items-center justify-between gap-4">
          <Link
            to="/"
            className="inline-flex items-center gap-2 rounded-lg px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <ArrowLeftIcon className="h-4 w-4" />
            {t('Back to home')}
          </Link>
          <span className="font-semibold text-brand-800">{content.productName}</span>
        </div>
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">
          {languageSwitcher ? (
            <div className="mb-6 flex justify-end">
              <LanguageSwitcher />
            </div>
          ) : null}
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
          {subtitle ? <p className="mt-2 text-sm text-slate-600">{subtitle}</p> : null}
          <div className="mt-8">{children}</div>
        </div>
      </main>
      <aside
        aria-label={t('Why {productName}', { productName: content.productName })}
        className="flex flex-col justify-between gap-10 bg-brand-800 px-6 py-10 text-white sm:px-10 lg:flex-1 lg:px-16 lg:py-16"
      >
        {/* On small screens the name is already at the top of the page. */}
        <p className="hidden text-lg font-semibold lg:block">{content.productName}</p>
        {carousel ? (
          <FeatureCarousel
            slides={carousel.slides}
            intervalMs={carousel.intervalMs}
            label={t('What {productName} does', { productName: content.productName })}
          />
        ) : null}
        <AuthClaims />
      </aside>
    </div>
  );
}
