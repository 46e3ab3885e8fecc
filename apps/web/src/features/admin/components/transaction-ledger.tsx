import { useQuery } from '@tanstack/react-query';
import { Card, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { transactionLedgerQuery } from '../api/dispute-detail';
import { msg } from '@escrow/shared/i18n/msg';
import { t } from '../../../lib/i18n';

/** The transaction's journal entries, one row per posting (debits negative; each entry sums to zero). */
export function TransactionLedger({ transactionId }: { transactionId: string }) {
  const query = useQuery(transactionLedgerQuery(transactionId));
  return (
    <Card>
      <CardTitle id="ledger-title">{t('Ledger entries')}</CardTitle>
      {query.isPending ? (
        <div className="mt-3">
          <Spinner label={t('Loading ledger entries...')} />
        </div>
      ) : query.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {query.error.message}
        </p>
      ) : query.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('No money has moved on this transaction.')}</p>
      ) : (
        <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-labelledby="ledger-title">
          <table className="w-full min-w-[560px] text-left text-sm">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {[msg('Time'), msg('Entry'), msg('Account'), msg('Amount')].map((heading) => (
                  <th
                    key={heading}
                    scope="col"
                    className={cn('px-3 py-2 font-semibold', heading === 'Amount' && 'text-right')}
                  >
                    {t(heading)}
                  </th>
                ))}
              </tr>
            </thead>
            {query.data.map((entry) => (
              <tbody key={entry.id} className="border-t border-slate-200">
                {entry.postings.map((posting, index) => (
                  <tr key={`${posting.account}-${index}`}>
                    {index === 0 ? (
                      <>
                        <td
                          rowSpan={entry.postings.length}
                          className="whitespace-nowrap px-3 py-2 align-top text-slate-700"
                        >
                          {formatDateTime(entry.createdAt)}
                        </td>
                        <td rowSpan={entry.postings.length} className="px-3 py-2 align-top">
                          <span className="font-medium text-slate-900">{entry.kind}</span>
                          <span className="block text-xs text-slate-600">{entry.description}</span>
                        </td>
                      </>
                    ) : null}
                    <td className="break-all px-3 py-2 font-mono text-xs text-slate-700">
                      {posting.account}
                    </td>
                    <td
                      className={cn(
                        'whitespace-nowrap px-3 py-2 text-right tabular-nums',
                        posting.amount < 0 ? 'text-red-700' : 'text-emerald-800',
                      )}
                    >
                      {formatMoney(posting.amount, entry.currency)}
                    </td>
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </div>
      )}
    </Card>
  );
}
