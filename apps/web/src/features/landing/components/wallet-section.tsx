import CheckIcon from 'lucide-react/icons/check';
import { msg } from '@escrow/shared/i18n/msg';
import { t } from '../../../lib/i18n';
import { SectionHeading, sectionClass } from './section-heading';

const FEATURES = [
  msg('A virtual Nigerian bank account number in your name once your identity is verified'),
  msg('Top up by bank transfer from any Nigerian bank and pay for transactions from your balance'),
  msg('Withdraw to your own bank account whenever you like, for a flat ₦50 per withdrawal'),
  msg('See what is available and what is held in escrow at a glance'),
];

/** The promise: virtual Nigerian bank accounts after verification, with top-up and withdrawal. */
export function WalletSection() {
  return (
    <section aria-labelledby="wallet-title" className={`${sectionClass} bg-slate-50`}>
      <div className="mx-auto grid max-w-6xl items-center gap-12 md:grid-cols-2">
        <div>
          <SectionHeading
            id="wallet-title"
            eyebrow={t('Virtual wallet')}
            title={t('Your own account for safe trading')}
            align="left"
          />
          <ul className="mt-8 space-y-4">
            {FEATURES.map((feature) => (
              <li key={feature} className="flex gap-3 text-slate-800">
                <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
                {t(feature)}
              </li>
            ))}
          </ul>
        </div>
        <figure aria-label={t('Illustration of a wallet card')} className="mx-auto w-full max-w-sm">
          <div className="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 p-6 text-white shadow-xl">
            <p className="text-sm text-brand-100">{t('Virtual account')}</p>
            <p className="mt-1 font-mono text-2xl tracking-widest">••• ••• 4821</p>
            <div className="mt-8 flex justify-between text-sm">
              <div>
                <p className="text-brand-100">{t('Available')}</p>
                <p className="text-lg font-semibold">₦85,000.00</p>
              </div>
              <div className="text-right">
                <p className="text-brand-100">{t('In escrow')}</p>
                <p className="text-lg font-semibold">₦153,750.00</p>
              </div>
            </div>
          </div>
          <figcaption className="mt-3 text-center text-sm text-slate-600">
            {t('Illustration with sample values.')}
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
