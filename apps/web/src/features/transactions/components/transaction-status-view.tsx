import { Link } from 'react-router';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { content } from '../../../config/content';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { STATUS_POLL_MS, useLiveTransaction } from '../hooks/use-live-transaction';
import { aroundValue } from '../lib/markup-slot';
import { copyToClipboard, joinLinkFor } from '../lib/share';
import { JoinedNote } from './joined-note';
import { ShareLinkBox } from './share-link-box';
import { StatusBadge } from './status-badge';

/** /app/transaction-status: right after creation, the link to share and the live status. */
export function TransactionStatusView({
  initial,
  invitationCode,
}: {
  initial: Transaction;
  invitationCode: string | null;
}) {
  const query = useLiveTransaction(initial.id, { pollWhilePendingMs: STATUS_POLL_MS });
  const tx = query.data ?? initial;
  const code = tx.invitation?.code ?? invitationCode;
  const [beforeTotal, afterTotal] = aroundValue((total) => t('Total: {total}', { total }));
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      <Card className="space-y-4 lg:col-span-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>{tx.description}</CardTitle>
          <StatusBadge status={tx.status} />
        </div>
        <p className="text-sm text-slate-600">
          {beforeTotal}
          <span className="font-semibold text-slate-900">{formatMoney(tx.total, tx.currency)}</span>
          {afterTotal}
        </p>
        {tx.status === 'PENDING' && code ? (
          <div className="space-y-2">
            <p className="text-sm font-medium text-slate-700">{t('Share this link with the other party')}</p>
            <ShareLinkBox
              link={joinLinkFor(code)}
              title={t('Join my escrow transaction: {description}', { description: tx.description })}
            />
            <Button variant="ghost" size="sm" onClick={() => void copyToClipboard(code)}>
              {t('Copy Code')}
            </Button>
          </div>
        ) : tx.status === 'PENDING' ? null : (
          <JoinedNote transaction={tx} />
        )}
        <Link
          to={`/app/transactions/${tx.id}`}
          state={code ? { invitationCode: code } : undefined}
          className="inline-flex h-10 items-center rounded-lg bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800"
        >
          {t('Open Transaction')}
        </Link>
      </Card>
      <Card className="space-y-2">
        <CardTitle>{t('How it works')}</CardTitle>
        <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
          <li>{t('The other party opens the link and joins.')}</li>
          <li>{t('The buyer pays into escrow; the money is held safely.')}</li>
          <li>
            {tx.shippingType === 'IN_PERSON'
              ? t('You meet; once satisfied, the buyer gives the seller a release code.')
              : tx.milestones.length
                ? t('The seller delivers each milestone; the buyer accepts it.')
                : t('The seller ships; the buyer confirms receipt.')}
          </li>
          <li>
            {tx.milestones.length
              ? t('Each milestone’s payment is released to the seller as it is accepted.')
              : t('The payment is released to the seller.')}
          </li>
        </ol>
        <a
          href={`mailto:${content.supportEmail}`}
          className="block pt-2 text-sm font-medium text-brand-700 hover:underline"
        >
          {t('Contact Support')}
        </a>
      </Card>
    </div>
  );
}
