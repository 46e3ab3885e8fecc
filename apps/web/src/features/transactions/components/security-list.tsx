import ShieldIcon from 'lucide-react/icons/shield-check';

const POINTS = [
  { title: 'Escrow protected', text: 'The buyer’s payment is held by us, not by the other party.' },
  { title: 'Funds secured', text: 'Money is released to the seller only after the buyer confirms receipt.' },
  {
    title: '24/7 monitoring',
    text: 'Every step is recorded and our team watches for fraud around the clock.',
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
            <span className="block text-sm font-semibold text-slate-900">{point.title}</span>
            <span className="block text-sm text-slate-600">{point.text}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
