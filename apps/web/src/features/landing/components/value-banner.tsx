import type { ReactNode } from 'react';
import { t } from '../../../lib/i18n';

export function ValueBanner({ cta }: { cta: ReactNode }) {
  return (
    <section aria-labelledby="value-title" className="bg-brand-800 px-4 py-14 sm:px-6">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <h2 id="value-title" className="text-2xl font-bold text-white sm:text-3xl">
            {t('Stop paying strangers and hoping for the best.')}
          </h2>
          <p className="mt-3 text-brand-50">
            {t(
              'Whether you sell on Instagram, WhatsApp or a marketplace, or buy from someone you have never met, escrow protects both sides: the buyer gets what they paid for and the seller gets paid for what they delivered.',
            )}
          </p>
        </div>
        {cta}
      </div>
    </section>
  );
}
