import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { FEE_PAYER_LABELS } from '@escrow/shared/domain/fees';
import { SHIPPING_TYPE_LABELS } from '@escrow/shared/domain/transaction-machine';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { TRANSACTION_SUCCESS } from '@escrow/shared/texts/transactions';
import { content } from '../../../config/content';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { formatMoney, formatWholeAmount } from '../../../lib/format';
import { useAuth } from '../../../lib/auth/auth-context';
import { useInvitation, useJoinTransaction } from '../api/invitation';
import { failureText } from '../../../lib/money-mutation';
import { brokerNameOf, isBrokered, sellerDeductions, viewerIsBroker } from '../lib/broker';
import { Detail } from './form-controls';
import { MilestoneTerms } from './milestone-terms';
import { NotFoundCard } from './not-found-card';
import { SecurityList } from './security-list';

export const INVITATION_TEXT = {
  notFound:
    'Transaction Not Found - This transaction link may be invalid or expired. Please check with the person who shared it with you.',
  loadFailed: 'Failed to load transaction. The invitation may be invalid or expired.',
  joinFailed: 'Failed to join transaction. Please try again.',
} as const;

const roleWord = (role: string) => (role === 'BUYER' ? 'Buyer' : 'Seller');

export const IN_PERSON_NOTE =
  'You meet in person. The buyer checks the item, then gives the seller a release code; the money is released when the seller enters it.';

/** What the invitee takes on by joining: the amount they pay in or receive, to the kobo. */
export function joinTermsText(tx: Transaction): string {
  if (tx.viewerRole === 'BUYER')
    return `By joining, you agree to pay ${formatMoney(tx.buyerPays, tx.currency)} into escrow.`;
  if (isBrokered(tx))
    return `By joining, you agree to receive ${formatMoney(tx.sellerReceives, tx.currency)} when the money is released, after ${brokerNameOf(tx)}’s commission of ${formatMoney(tx.commission ?? 0, tx.currency)}.`;
  return tx.milestones.length
    ? `By joining, you agree to receive ${formatMoney(tx.sellerReceives, tx.currency)} in all, each milestone’s part as the buyer accepts it.`
    : `By joining, you agree to receive ${formatMoney(tx.sellerReceives, tx.currency)} when the money is released.`;
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
      toast.error(INVITATION_TEXT.loadFailed);
    }
  }, [invitation.isError]);

  if (invitation.isPending) return <Spinner />;
  if (invitation.isError) {
    const [title, message] = INVITATION_TEXT.notFound.split(' - ');
    return (
      <NotFoundCard title={title} message={message!}>
        <Link to="/app/join-transaction" className="text-sm font-medium text-brand-700 hover:underline">
          Try another link
        </Link>
      </NotFoundCard>
    );
  }

  const tx = invitation.data.transaction;
  const isCreator = tx.creatorId === user?.id;
  const isMember = isCreator || tx.counterpartyId === user?.id;
  const creatorName = tx.creatorName.trim() || 'Unknown User';
  const brokered = isBrokered(tx);
  const broker = viewerIsBroker(tx);

  async function joinNow() {
    try {
      const { transaction } = await join.mutateAsync(code);
      toast.success(TRANSACTION_SUCCESS.joined);
      navigate(`/app/transactions/${transaction.id}`);
    } catch (error) {
      toast.error(failureText(error, INVITATION_TEXT.joinFailed));
    }
  }

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      <div className="space-y-4 lg:col-span-2">
        <Card>
          <CardTitle>Transaction Overview</CardTitle>
          <dl className="mt-3 divide-y divide-slate-100">
            <Detail label="Description">{tx.description}</Detail>
            <Detail label="Currency">{tx.currency}</Detail>
            <Detail label="Courier">{tx.useCourier ? 'Yes' : 'No'}</Detail>
            <Detail label="Delivery">{SHIPPING_TYPE_LABELS[tx.shippingType]}</Detail>
            {brokered ? (
              // A brokered trade is arranged by the broker; its seller side is empty until the seller joins.
              <Detail label="Arranged by (broker)">
                <span data-testid="join-broker">{tx.brokerName?.trim() || 'Unknown User'}</span>
              </Detail>
            ) : (
              <>
                <Detail label="Created by">{creatorName}</Detail>
                <Detail label="Creator's role">{roleWord(tx.creatorRole)}</Detail>
              </>
            )}
            <Detail label="Your role">{broker ? 'Broker' : roleWord(tx.viewerRole)}</Detail>
          </dl>
          {tx.shippingType === 'IN_PERSON' ? (
            <p className="mt-2 text-sm text-slate-600">{IN_PERSON_NOTE}</p>
          ) : null}
        </Card>
        <Card>
          <CardTitle>Financial Details</CardTitle>
          <dl className="mt-3 divide-y divide-slate-100">
            <Detail label="Item price">{formatWholeAmount(tx.price, tx.currency)}</Detail>
            <Detail label="Escrow fee (2.5%)">{formatWholeAmount(tx.fee, tx.currency)}</Detail>
            <Detail label="Total">{formatWholeAmount(tx.total, tx.currency)}</Detail>
            <Detail label="Who pays the fee">{FEE_PAYER_LABELS[tx.feePayer]}</Detail>
            <Detail label="Buyer pays">{formatMoney(tx.buyerPays, tx.currency)}</Detail>
            {brokered ? (
              <Detail label="Broker's commission">
                <span data-testid="join-commission">{formatMoney(tx.commission ?? 0, tx.currency)}</span>
              </Detail>
            ) : null}
            <Detail label={brokered ? 'Seller receives (after fee and commission)' : 'Seller receives'}>
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
          <CardTitle>Security</CardTitle>
          <div className="mt-3">
            <SecurityList />
          </div>
        </Card>
        <Card className="space-y-2">
          {isMember || broker ? (
            <>
              <p className="text-sm text-slate-700">
                {broker
                  ? 'You are the broker of this transaction: the buyer and the seller join it.'
                  : isCreator
                    ? 'You created this transaction.'
                    : 'You have already joined this transaction.'}
              </p>
              <Button className="w-full" onClick={() => navigate(`/app/transactions/${tx.id}`)}>
                View Transaction
              </Button>
            </>
          ) : (
            <Button className="w-full" onClick={() => void joinNow()} disabled={join.isPending}>
              {join.isPending ? 'Joining...' : 'Join Transaction'}
            </Button>
          )}
          <Button variant="secondary" className="w-full" onClick={() => navigate('/app/dashboard')}>
            Cancel
          </Button>
          <a
            href={`mailto:${content.supportEmail}?subject=${encodeURIComponent('Question about an invitation')}`}
            className="flex h-10 w-full items-center justify-center rounded-lg text-sm font-medium text-brand-700 hover:bg-brand-50"
          >
            Contact Support
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
        {brokerNameOf(tx)} arranged this trade and takes a commission of{' '}
        {formatMoney(commission, tx.currency)} from what you receive.
      </p>
      <dl className="mt-2 space-y-0.5">
        <div className="flex justify-between gap-2">
          <dt>Item price</dt>
          <dd>{formatMoney(tx.price, tx.currency)}</dd>
        </div>
        {sellerFee > 0 ? (
          <div className="flex justify-between gap-2">
            <dt>Less your share of the escrow fee</dt>
            <dd>−{formatMoney(sellerFee, tx.currency)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-2">
          <dt>Less the broker’s commission</dt>
          <dd>−{formatMoney(commission, tx.currency)}</dd>
        </div>
        <div className="flex justify-between gap-2 border-t border-amber-200 pt-1 font-semibold">
          <dt>You receive</dt>
          <dd>{formatMoney(tx.sellerReceives, tx.currency)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs">
        The commission is paid to the broker when the money is released; on a partial refund it shrinks in
        proportion to your part, and on a full refund nothing is paid.
      </p>
    </div>
  );
}
