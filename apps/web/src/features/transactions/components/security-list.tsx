import ShieldIcon from 'lucide-react/icons/shield-check';
import { msg } from '@escrow/shared/i18n/msg';
import { t } from '../../../lib/i18n';

const POINTS = [
  { title: msg('Escrow protected'), text: msg('The buyer’s payment is held by us, not by the other party.') },
  {
    title: msg('Funds secured'),
    text: msg('Money is released to the seller only after the buyer confirms receipt.'),
  },
  {
    title: msg('24/7 monitoring'),
    text: msg('Every step is recorded and our team watches for fraud around the clock.'),
  },
];

/** Security panel of the join page and the details screen's Security card. */
export function SecurityList() {
  return (
    <ul className="space-y-3">
      {POINTS.map((point) => (
        <li key={point.title} className="flex gap-3">
          <ShieldIcon className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600" />
          <span>
            <span className="block text-sm font-semibold text-slate-900">{t(point.title)}</span>
            <span className="block text-sm text-slate-600">{t(point.text)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
