import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { FEE_PAYER_LABELS } from '@escrow/shared/domain/fees';
import { SHIPPING_TYPE_LABELS } from '@escrow/shared/domain/transaction-machine';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { msg } from '@escrow/shared/i18n/msg';
import { TRANSACTION_SUCCESS } from '@escrow/shared/texts/transactions';
import { content } from '../../../config/content';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { formatMoney, formatWholeAmount } from '../../../lib/format';
import { useAuth } from '../../../lib/auth/auth-context';
import { t } from '../../../lib/i18n';
import { useInvitation, useJoinTransaction } from '../api/invitation';
import { failureText } from '../../../lib/money-mutation';
import { brokerNameOf, isBrokered, sellerDeductions, viewerIsBroker } from '../lib/broker';
import { Detail } from './form-controls';
import { MilestoneTerms } from './milestone-terms';
import { NotFoundCard } from './not-found-card';
import { SecurityList } from './security-list';

/** English ids: shown with t(). */
export const INVITATION_TEXT = {
  notFoundTitle: msg('Transaction Not Found'),
  notFoundMessage: msg(
    'This transaction link may be invalid or expired. Please check with the person who shared it with you.',
  ),
  loadFailed: msg('Failed to load transaction. The invitation may be invalid or expired.'),
  joinFailed: msg('Failed to join transaction. Please try again.'),
} as const;

const roleWord = (role: string) => (role === 'BUYER' ? t('Buyer') : t('Seller'));

export const IN_PERSON_NOTE = msg(
  'You meet in person. The buyer checks the item, then gives the seller a release code; the money is released when the seller enters it.',
);

/** What the invitee takes on by joining: the amount they pay in or receive, to the kobo. */
export function joinTermsText(tx: Transaction): string {
  if (tx.viewerRole === 'BUYER')
    return t('By joining, you agree to pay {amount} into escrow.', {
      amount: formatMoney(tx.buyerPays, tx.currency),
    });
  const amount = formatMoney(tx.sellerReceives, tx.currency);
  if (isBrokered(tx))
    return t(
      'By joining, you agree to receive {amount} when the money is released, after {broker}’s commission of {commission}.',
      { amount, broker: brokerNameOf(tx), commission: formatMoney(tx.commission ?? 0, tx.currency) },
    );
  return tx.milestones.length
    ? t('By joining, you agree to receive {amount} in all, each milestone’s part as the buyer accepts it.', {
        amount,
      })
    : t('By joining, you agree to receive {amount} when the money is released.', { amount });
}

/** /app/join-transaction/{code}: what the invitee is about to join, and the Join button. */
export function InvitationView({ code }: { code: string }) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const invitation = useInvitation(code);
  const join = useJoinTransaction();
  const toasted = useRef(false);

  useEffect(() => {
    if (invitation.isError && !toasted.current) {
      toasted.current = true;
      toast.error(t(INVITATION_TEXT.loadFailed));
    }
  }, [invitation.isError]);

  if (invitation.isPending) return <Spinner />;
  if (invitation.isError) {
    return (
      <NotFoundCard title={t(INVITATION_TEXT.notFoundTitle)} message={t(INVITATION_TEXT.notFoundMessage)}>
        <Link to="/app/join-transaction" className="text-sm font-medium text-brand-700 hover:underline">
          {t('Try another link')}
        </Link>
      </NotFoundCard>
    );
  }

  const tx = invitation.data.transaction;
  const isCreator = tx.creatorId === user?.id;
  const isMember = isCreator || tx.counterpartyId === user?.id;
  const creatorName = tx.creatorName.trim() || t('Unknown User');
  const brokered = isBrokered(tx);
  const broker = viewerIsBroker(tx);

  async function joinNow() {
    try {
      const { transaction } = await join.mutateAsync(code);
      toast.success(t(TRANSACTION_SUCCESS.joined));
      navigate(`/app/transactions/${transaction.id}`);
    } catch (error) {
      toast.error(failureText(error, t(INVITATION_TEXT.joinFailed)));
    }
  }

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      <div className="space-y-4 lg:col-span-2">
        <Card>
          <CardTitle>{t('Transaction Overview')}</CardTitle>
          <dl className="mt-3 divide-y divide-slate-100">
            <Detail label={t('Description')}>{tx.description}</Detail>
            <Detail label={t('Currency')}>{tx.currency}</Detail>
            <Detail label={t('Courier')}>{tx.useCourier ? t('Yes') : t('No')}</Detail>
            <Detail label={t('Delivery')}>{t(SHIPPING_TYPE_LABELS[tx.shippingType])}</Detail>
            {brokered ? (
              // A brokered trade is arranged by the broker; its seller side is empty until the seller joins.
              <Detail label={t('Arranged by (broker)')}>
                <span data-testid="join-broker">{tx.brokerName?.trim() || t('Unknown User')}</span>
              </Detail>
            ) : (
              <>
                <Detail label={t('Created by')}>{creatorName}</Detail>
                <Detail label={t("Creator's role")}>{roleWord(tx.creatorRole)}</Detail>
              </>
            )}
            <Detail label={t('Your role')}>{broker ? t('Broker') : roleWord(tx.viewerRole)}</Detail>
          </dl>
          {tx.shippingType === 'IN_PERSON' ? (
            <p className="mt-2 text-sm text-slate-600">{t(IN_PERSON_NOTE)}</p>
          ) : null}
        </Card>
        <Card>
          <CardTitle>{t('Financial Details')}</CardTitle>
          <dl className="mt-3 divide-y divide-slate-100">
            <Detail label={t('Item price')}>{formatWholeAmount(tx.price, tx.currency)}</Detail>
            <Detail label={t('Escrow fee (2.5%)')}>{formatWholeAmount(tx.fee, tx.currency)}</Detail>
            <Detail label={t('Total')}>{formatWholeAmount(tx.total, tx.currency)}</Detail>
            <Detail label={t('Who pays the fee')}>{t(FEE_PAYER_LABELS[tx.feePayer])}</Detail>
            <Detail label={t('Buyer pays')}>{formatMoney(tx.buyerPays, tx.currency)}</Detail>
            {brokered ? (
              <Detail label={t("Broker's commission")}>
                <span data-testid="join-commission">{formatMoney(tx.commission ?? 0, tx.currency)}</span>
              </Detail>
            ) : null}
            <Detail label={brokered ? t('Seller receives (after fee and commission)') : t('Seller receives')}>
              {formatMoney(tx.sellerReceives, tx.currency)}
            </Detail>
          </dl>
          {brokered && tx.viewerRole === 'SELLER' && !broker ? <SellerBreakdown transaction={tx} /> : null}
          {isMember || broker ? null : (
            <p
              className="mt-3 rounded-lg bg-brand-50 p-3 text-sm font-medium text-brand-900"
              data-testid="join-terms"
            >
              {joinTermsText(tx)}
            </p>
          )}
        </Card>
        <MilestoneTerms transaction={tx} />
      </div>
      <div className="space-y-4">
        <Card>
          <CardTitle>{t('Security')}</CardTitle>
          <div className="mt-3">
            <SecurityList />
          </div>
        </Card>
        <Card className="space-y-2">
          {isMember || broker ? (
            <>
              <p className="text-sm text-slate-700">
                {broker
                  ? t('You are the broker of this transaction: the buyer and the seller join it.')
                  : isCreator
                    ? t('You created this transaction.')
                    : t('You have already joined this transaction.')}
              </p>
              <Button className="w-full" onClick={() => navigate(`/app/transactions/${tx.id}`)}>
                {t('View Transaction')}
              </Button>
            </>
          ) : (
            <Button className="w-full" onClick={() => void joinNow()} disabled={join.isPending}>
              {join.isPending ? t('Joining...') : t('Join Transaction')}
            </Button>
          )}
          <Button variant="secondary" className="w-full" onClick={() => navigate('/app/dashboard')}>
            {t('Cancel')}
          </Button>
          <a
            href={`mailto:${content.supportEmail}?subject=${encodeURIComponent(t('Question about an invitation'))}`}
            className="flex h-10 w-full items-center justify-center rounded-lg text-sm font-medium text-brand-700 hover:bg-brand-50"
          >
            {t('Contact Support')}
          </a>
        </Card>
      </div>
    </div>
  );
}

/**
 * The seller's amount spelled out before they join a brokered trade (docs/partner-api.md "Role BROKER":
 * the seller sees the commission before joining): price, less their share of the fee, less the broker's
 * commission, equals what they receive.
 */
function SellerBreakdown({ transaction: tx }: { transaction: Transaction }) {
  const { sellerFee, commission } = sellerDeductions(tx);
  return (
    <div
      className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="join-commission-note"
    >
      <p className="font-semibold">
        {t('{broker} arranged this trade and takes a commission of {commission} from what you receive.', {
          broker: brokerNameOf(tx),
          commission: formatMoney(commission, tx.currency),
        })}
      </p>
      <dl className="mt-2 space-y-0.5">
        <div className="flex justify-between gap-2">
          <dt>{t('Item price')}</dt>
          <dd>{formatMoney(tx.price, tx.currency)}</dd>
        </div>
        {sellerFee > 0 ? (
          <div className="flex justify-between gap-2">
            <dt>{t('Less your share of the escrow fee')}</dt>
            <dd>−{formatMoney(sellerFee, tx.currency)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-2">
          <dt>{t('Less the broker’s commission')}</dt>
          <dd>−{formatMoney(commission, tx.currency)}</dd>
        </div>
        <div className="flex justify-between gap-2 border-t border-amber-200 pt-1 font-semibold">
          <dt>{t('You receive')}</dt>
          <dd>{formatMoney(tx.sellerReceives, tx.currency)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs">
        {t(
          'The commission is paid to the broker when the money is released; on a partial refund it shrinks in proportion to your part, and on a full refund nothing is paid.',
        )}
      </p>
    </div>
  );
}
