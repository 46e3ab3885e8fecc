import { useEffect, useRef, type ReactNode } from 'react';
import { msg } from '@escrow/shared/i18n/msg';
import { content } from '../../../config/content';
import { t } from '../../../lib/i18n';
import { useCycle } from '../hooks/use-cycle';
import { useReducedMotion } from '../hooks/use-reduced-motion';
import CheckIcon from 'lucide-react/icons/check';

/** The rotating 'Built for' word changes every 4 s. */
export const AUDIENCES = [
  msg('Individuals'),
  msg('Vendors'),
  msg('Marketers'),
  msg('Entrepreneurs'),
  msg('Businesses'),
] as const;
const ROTATE_MS = 4000;

const PROMISES = [
  msg('Your money is held until you confirm delivery'),
  msg('Sellers see the payment is secured before they ship'),
  msg('Real people review every dispute'),
];

/** The rotating word: a visual flourish, so screen readers get the full list once instead. */
function RotatingAudience() {
  const reduced = useReducedMotion();
  const index = useCycle(AUDIENCES.length, ROTATE_MS, reduced);
  const word = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (reduced || index === 0 || typeof word.current?.animate !== 'function') return;
    word.current.animate(
      [
        { opacity: 0, transform: 'translateY(0.25em)' },
        { opacity: 1, transform: 'none' },
      ],
      { duration: 350, easing: 'ease-out' },
    );
  }, [index, reduced]);

  return (
    <p className="mt-4 text-2xl font-bold text-slate-700 sm:text-3xl">
      {t('Built for')}{' '}
      <span className="sr-only">{t('individuals, vendors, marketers, entrepreneurs and businesses.')}</span>
      {/* Its own inline block with a fixed height, so a longer word never moves the text below. */}
      <span
        ref={word}
        aria-hidden="true"
        className="inline-block h-[1.25em] text-brand-700"
        data-testid="built-for"
      >
        {t(AUDIENCES[index]!)}
      </span>
    </p>
  );
}

export function Hero({ cta }: { cta: ReactNode }) {
  return (
    <section aria-labelledby="hero-title" className="min-w-0">
      <p className="inline-flex rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-100">
        {t('Escrow for Nigeria · launching {launch}', { launch: content.launch })}
      </p>
      <h1
        id="hero-title"
        className="mt-5 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl"
      >
        {t('Buy and sell online without the fear of being scammed')}
      </h1>
      <RotatingAudience />
      <p className="mt-5 max-w-xl text-lg text-slate-700">
        {t(
          "{name} holds the buyer's payment safely in escrow and releases it to the seller only when the buyer confirms the item arrived as described.",
          { name: content.productName },
        )}
      </p>
      <ul className="mt-6 space-y-2">
        {PROMISES.map((line) => (
          <li key={line} className="flex items-start gap-2 text-slate-800">
            <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
            {t(line)}
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        {cta}
        <a
          href="#how-it-works"
          className="inline-flex min-h-12 items-center justify-center rounded-lg border border-slate-300 bg-white px-6 text-base font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          {t('See how it works')}
        </a>
      </div>
    </section>
  );
}
