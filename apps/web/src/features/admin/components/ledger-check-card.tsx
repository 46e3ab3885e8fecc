import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { formatCount, formatDateTime } from '../../../lib/format';
import { useLedgerCheck } from '../api/ledger-check';
import { t } from '../../../lib/i18n';

/** Runs the ledger reconciliation on demand and shows its report, problems first. */
export function LedgerCheckCard() {
  const check = useLedgerCheck();
  const report = check.data;
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <CardTitle>{t('Ledger check')}</CardTitle>
          <p className="text-sm text-slate-600">
            {t(
              'Every entry balanced, cached balances match the postings, no negative wallets, escrow equals the holds.',
            )}
          </p>
        </div>
        <Button onClick={() => check.mutate()} disabled={check.isPending}>
          {check.isPending ? t('Checking...') : report ? t('Run again') : t('Run ledger check')}
        </Button>
      </div>

      {check.isPending ? (
        <div className="mt-4">
          <Spinner label={t('Checking the ledger...')} />
        </div>
      ) : check.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {check.error.message}
        </p>
      ) : report ? (
        <div className="mt-4 space-y-3" aria-live="polite">
          <p
            role="status"
            className={
              report.ok
                ? 'rounded-lg bg-emerald-50 p-3 text-sm font-semibold text-emerald-900'
                : 'rounded-lg bg-red-50 p-3 text-sm font-semibold text-red-900'
            }
          >
            {report.ok
              ? t('The ledger is consistent.')
              : t('{count, plural, one {# problem found.} other {# problems found.}}', {
                  count: report.problems.length,
                })}
          </p>
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            {(
              [
                [t('Journal entries'), report.entries],
                [t('Postings'), report.postings],
                [t('Accounts'), report.accounts],
                [t('Escrows held'), report.heldEscrows],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="rounded-lg border border-slate-200 p-3">
                <dt className="text-xs text-slate-500">{label}</dt>
                <dd className="text-lg font-semibold text-slate-900">{formatCount(value)}</dd>
              </div>
            ))}
          </dl>
          <p className="text-xs text-slate-500">
            {t('Checked {date}', { date: formatDateTime(report.checkedAt) })}
          </p>
          {report.problems.length > 0 ? (
            <ul
              className="divide-y divide-red-100 rounded-lg border border-red-200 text-sm"
              aria-label={t('Problems')}
            >
              {report.problems.map((problem, index) => (
                <li key={`${problem.kind}-${problem.subject}-${index}`} className="p-3">
                  <p className="font-medium text-red-900">{problem.kind}</p>
                  <p className="break-all font-mono text-xs text-slate-600">{problem.subject}</p>
                  <p className="break-words text-slate-800">{problem.detail}</p>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
