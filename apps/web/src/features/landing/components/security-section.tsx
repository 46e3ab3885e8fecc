import type { ComponentType, SVGProps } from 'react';
import { msg } from '@escrow/shared/i18n/msg';
import IdCardIcon from 'lucide-react/icons/id-card';
import LockIcon from 'lucide-react/icons/lock';
import ScaleIcon from 'lucide-react/icons/scale';
import ShieldCheckIcon from 'lucide-react/icons/shield-check';
import WalletIcon from 'lucide-react/icons/wallet';
import { t } from '../../../lib/i18n';
import { SectionHeading, sectionClass } from './section-heading';

const POINTS: Array<{ title: string; text: string; icon: ComponentType<SVGProps<SVGSVGElement>> }> = [
  {
    title: msg('Money held apart'),
    icon: ShieldCheckIcon,
    text: msg(
      'Payments sit in escrow, separate from our own money, until the buyer confirms delivery or a dispute is decided. Nobody can spend them in between, including us.',
    ),
  },
  {
    title: msg('Every kobo accounted for'),
    icon: WalletIcon,
    text: msg(
      'A double-entry ledger records every movement. Money is never created or lost, and each hold is released or refunded exactly once.',
    ),
  },
  {
    title: msg('Verified people'),
    icon: IdCardIcon,
    text: msg(
      'Identity checks with NIN and BVN, as Nigerian rules require, unlock higher limits and show the other side who they are dealing with.',
    ),
  },
  {
    title: msg('Protected accounts'),
    icon: LockIcon,
    text: msg(
      'Encrypted connections everywhere, passwords stored only as strong one-way hashes, and sign-in throttling against guessing.',
    ),
  },
  {
    title: msg('Fair disputes'),
    icon: ScaleIcon,
    text: msg(
      'If something goes wrong before completion, either side can raise a dispute. Release is frozen and our team reviews the evidence within 24-48 hours.',
    ),
  },
];

export function SecuritySection() {
  return (
    <section id="security" aria-labelledby="security-title" className={`${sectionClass} bg-white`}>
      <SectionHeading
        id="security-title"
        eyebrow={t('Security')}
        title={t('Built to be trusted with your money')}
      >
        {t('Escrow only works if the money is safe while it waits. This is how we keep it that way.')}
      </SectionHeading>
      <ul className="mx-auto mt-12 grid max-w-6xl gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {POINTS.map((point) => (
          <li key={point.title} className="rounded-2xl border border-slate-200 p-6">
            <point.icon className="h-8 w-8 text-brand-700" />
            <h3 className="mt-4 text-lg font-bold text-slate-900">{t(point.title)}</h3>
            <p className="mt-2 text-slate-700">{t(point.text)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
