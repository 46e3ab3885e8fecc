import type { Ref } from 'react';
import { Link, useNavigate } from 'react-router';
import { FEE_PAYER_LABELS } from '@escrow/shared/domain/fees';
import type { CreateTransactionAnswer } from '../api/create-transaction';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { formatDeadline, formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n';
import { joinLinkFor } from '../lib/share';
import { STATUS_POLL_MS, useLiveTransaction } from '../hooks/use-live-transaction';
import { JoinedNote } from './joined-note';
import { ShareLinkBox } from './share-link-box';
import { StatusBadge } from './status-badge';

/** After creation: the link to send to the counterparty, with Copy and Share. */
export function CreateSuccess({
  answer,
  onCreateAnother,
  headingRef,
}: {
  answer: CreateTransactionAnswer;
  onCreateAnother: () => void;
  /** The wizard moves focus here when the transaction is created. */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const navigate = useNavigate();
  const { transaction: created, invitation } = answer;
  // Followed live (its room and the 3 s poll while PENDING), so the screen says when the other party joins.
  const transaction = useLiveTransaction(created.id, { pollWhilePendingMs: STATUS_POLL_MS }).data ?? created;
  const pending = transaction.status === 'PENDING';
  const link = joinLinkFor(invitation.code);
  return (
    <Card className="space-y-5">
      <div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle ref={headingRef} tabIndex={-1} className="focus:outline-none">
            {t('Transaction created')}
          </CardTitle>
          <StatusBadge status={transaction.status} />
        </div>
        {pending ? (
          <p className="mt-1 text-sm text-slate-600">
            {t(
              'Send this link to the {role, select, BUYER {buyer} other {seller}}. When they join, the transaction becomes active. The link expires on {date}.',
              { role: transaction.counterpartyRole, date: formatDeadline(invitation.expiresAt) },
            )}
          </p>
        ) : (
          <div className="mt-1">
            <JoinedNote transaction={transaction} />
          </div>
        )}
      </div>
      {pending ? (
        <ShareLinkBox
          link={link}
          title={t('Join my escrow transaction: {description}', { description: transaction.description })}
        />
      ) : null}
      <dl className="rounded-lg bg-slate-50 p-4 text-sm">
        <div className="flex justify-between py-1">
          <dt className="text-slate-600">{t('Item price')}</dt>
          <dd className="font-medium">{formatMoney(transaction.price, transaction.currency)}</dd>
        </div>
        <div className="flex justify-between py-1">
          <dt className="text-slate-600">{t('Escrow fee (2.5%)')}</dt>
          <dd className="font-medium">{formatMoney(transaction.fee, transaction.currency)}</dd>
        </div>
        <div className="flex justify-between py-1">
          <dt className="text-slate-600">{t('Who pays the fee')}</dt>
          <dd className="font-medium">{t(FEE_PAYER_LABELS[transaction.feePayer])}</dd>
        </div>
        <div className="flex justify-between border-t border-slate-200 py-1 pt-2">
          <dt className="font-semibold">{t('Total')}</dt>
          <dd className="font-semibold">{formatMoney(transaction.total, transaction.currency)}</dd>
        </div>
        <div className="flex justify-between py-1">
          <dt className="font-semibold">{t('Seller receives')}</dt>
          <dd className="font-semibold">{formatMoney(transaction.sellerReceives, transaction.currency)}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() =>
            navigate('/app/transaction-status', { state: { transaction, invitationCode: invitation.code } })
          }
        >
          {t('View Status')}
        </Button>
        <Link
          to={`/app/transactions/${transaction.id}`}
          state={{ invitationCode: invitation.code }}
          className="inline-flex h-10 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-900 hover:bg-slate-50"
        >
          {t('View Transaction')}
        </Link>
        <Button variant="ghost" onClick={onCreateAnother}>
          {t('Create Another')}
        </Button>
      </div>
    </Card>
  );
}
