import { msg } from '@escrow/shared/i18n/msg';
import type { TransactionStats } from '@escrow/shared/schemas/transactions';
import { Card } from '../../../components/ui/card';
import { formatWholeAmount } from '../../../lib/format';
import { t } from '../../../lib/i18n';

const ZERO: TransactionStats = { total: 0, totalValue: 0, valueByCurrency: [], active: 0, completed: 0 };

/** The four dashboard tiles; zero when the stats could not be loaded. */
export function StatTiles({ stats, loading }: { stats: TransactionStats | undefined; loading: boolean }) {
  const s = stats ?? ZERO;
  const others = s.valueByCurrency.filter((v) => v.currency !== 'NGN' && v.value > 0);
  const tiles = [
    { label: msg('Total Transactions'), value: String(s.total) },
    {
      label: msg('Total Value'),
      value: formatWholeAmount(s.totalValue, 'NGN'),
      note: others.length
        ? `+ ${others.map((v) => formatWholeAmount(v.value, v.currency)).join(', ')}`
        : undefined,
    },
    { label: msg('Active'), value: String(s.active) },
    { label: msg('Completed'), value: String(s.completed) },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy={loading} aria-label={t('Statistics')}>
      {tiles.map((tile) => (
        <li key={tile.label}>
          <Card className="h-full p-4">
            <p className="text-sm text-slate-600">{t(tile.label)}</p>
            <p
              className="mt-1 text-2xl font-bold text-slate-900"
              data-testid={`stat-${tile.label.toLowerCase().replace(/\s+/g, '-')}`}
            >
              {loading ? '…' : tile.value}
            </p>
            {tile.note ? <p className="text-xs text-slate-500">{tile.note}</p> : null}
          </Card>
        </li>
      ))}
    </ul>
  );
}
