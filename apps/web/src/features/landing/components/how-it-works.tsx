import { msg } from '@escrow/shared/i18n/msg';
import { content } from '../../../config/content';
import { t } from '../../../lib/i18n';
import ArrowRightIcon from 'lucide-react/icons/arrow-right';
import HandshakeIcon from 'lucide-react/icons/handshake';
import LockIcon from 'lucide-react/icons/lock';
import ShieldCheckIcon from 'lucide-react/icons/shield-check';
import TruckIcon from 'lucide-react/icons/truck';
import WalletIcon from 'lucide-react/icons/wallet';
import { SectionHeading, sectionClass } from './section-heading';

const PARTIES = [
  { name: msg('Buyer'), role: msg('Pays the price plus the 2.5% fee into escrow, then confirms receipt.') },
  { name: content.productName, role: msg('Holds the money safely and releases it only on confirmation.') },
  { name: msg('Seller'), role: msg('Ships once the payment is secured and receives the full price.') },
] as const;

const FLOWS = [msg('Payment held in escrow'), msg('Funds released on delivery')] as const;

/** The how-it-works diagram: who holds the money at each moment. */
function Diagram() {
  return (
    <figure className="mx-auto mt-12 max-w-5xl">
      <div className="flex flex-col items-stretch gap-3 md:flex-row md:items-center">
        {PARTIES.map((party, index) => (
          <div key={party.name} className="contents">
            <div
              className={`flex-1 rounded-2xl border p-5 text-center ${
                index === 1 ? 'border-brand-700 bg-brand-50' : 'border-slate-200 bg-white'
              }`}
            >
              <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-brand-700 text-white">
                {index === 1 ? <ShieldCheckIcon /> : index === 0 ? <WalletIcon /> : <TruckIcon />}
              </span>
              <p className="mt-3 font-semibold text-slate-900">{t(party.name)}</p>
              <p className="mt-1 text-sm text-slate-700">{t(party.role)}</p>
            </div>
            {index < FLOWS.length ? (
              <div className="flex items-center justify-center gap-2 text-sm font-medium text-brand-800 md:w-36 md:flex-col">
                <ArrowRightIcon className="h-6 w-6 rotate-90 md:rotate-0" />
                <span className="text-center">{t(FLOWS[index]!)}</span>
              </div>
            ) : null}
          </div>
        ))}
      </div>
      <figcaption className="mt-4 text-center text-sm text-slate-600">
        {t(
          "The buyer's money goes to escrow, not to the seller, and moves on only when the buyer confirms delivery or a dispute is decided.",
        )}
      </figcaption>
    </figure>
  );
}

/** The four-step explainer. */
export const STEPS = [
  {
    title: msg('Agree'),
    icon: HandshakeIcon,
    text: msg(
      'Buyer and seller agree on the item, the price and the delivery. One of you creates the transaction and shares the invitation link.',
    ),
  },
  {
    title: msg('Secure'),
    icon: LockIcon,
    text: msg(
      'The buyer pays the price plus the 2.5% fee into escrow. The seller can see the money is secured before sending anything.',
    ),
  },
  {
    title: msg('Deliver'),
    icon: TruckIcon,
    text: msg('The seller ships with a tracking number and photos of the item, or hands it over in person.'),
  },
  {
    title: msg('Pay'),
    icon: WalletIcon,
    text: msg(
      'The buyer checks the item and confirms receipt. The full price is released to the seller at once.',
    ),
  },
] as const;

export function HowItWorks() {
  return (
    <section id="how-it-works" aria-labelledby="how-title" className={`${sectionClass} bg-white`}>
      <SectionHeading id="how-title" eyebrow={t('How it works')} title={t('Escrow in four simple steps')}>
        {t('Nobody has to trust a stranger: both of you trust the process.')}
      </SectionHeading>
      <Diagram />
      <ol className="mx-auto mt-16 grid max-w-6xl gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map((step, index) => (
          <li key={step.title} className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
            <div className="flex items-center gap-3">
              <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 text-white">
                <step.icon className="h-5 w-5" />
              </span>
              <span className="text-sm font-semibold text-brand-800">
                {t('Step {number}', { number: index + 1 })}
              </span>
            </div>
            <h3 className="mt-4 text-xl font-bold text-slate-900">{t(step.title)}</h3>
            <p className="mt-2 text-slate-700">{t(step.text)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
