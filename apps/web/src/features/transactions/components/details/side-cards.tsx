import { useState } from 'react';
import { Link } from 'react-router';
import { IN_ESCROW_STATUSES } from '@escrow/shared/domain/transaction-machine';
import type { Transaction } from '@escrow/shared/schemas/transactions';
import { content } from '../../../../config/content';
import { DownloadButton } from '../../../../components/download-button';
import { Button } from '../../../../components/ui/button';
import { Card, CardTitle } from '../../../../components/ui/card';
import { t } from '../../../../lib/i18n';
import { shareLink } from '../../lib/share';
import { SecurityList } from '../security-list';
import type { ChatDialogProps } from './chat-dialog';
import { later, OpeningDialog, usePreloadLater } from './later-parts';

type Props = { transaction: Transaction };

// The chat (its panel, Radix's dialog) comes once the page has shown its data, or at once when opened.
const ChatDialog = later<ChatDialogProps>(
  () => import('./chat-dialog').then((module) => module.ChatDialog),
  <OpeningDialog />,
);

/** Actions, Security and Need Help cards beside the details. */
export function SideCards({ transaction: tx }: Props) {
  // A dispute may be raised from payment until completion, while none is open (docs/product.md "Disputes").
  // A brokered trade's broker only watches: no chat and no dispute (both are the parties'; 404 for it).
  const broker = tx.viewerIsBroker === true;
  const canDispute = IN_ESCROW_STATUSES.includes(tx.status) && !broker;
  const canChat = tx.counterpartyId !== null && !broker;
  // Members open the details page; an invitee needs the join link, which the details header shares.
  const detailsUrl = `${window.location.origin}/app/transactions/${tx.id}`;
  const [chatting, setChatting] = useState(false);
  usePreloadLater([canChat ? ChatDialog : null]);
  return (
    <div className="space-y-4">
      <Card className="space-y-2">
        <CardTitle>{t('Actions')}</CardTitle>
        {broker ? (
          <p className="text-sm text-slate-600">
            {t('The buyer and the seller take the steps of this transaction; you follow it here.')}
          </p>
        ) : canChat ? (
          <Button variant="secondary" className="w-full" onClick={() => setChatting(true)}>
            {t('Chat with Counterparty')}
          </Button>
        ) : (
          <p className="text-sm text-slate-600">{t('The chat opens when the other party joins.')}</p>
        )}
        <Button
          variant="secondary"
          className="w-full"
          onClick={() => void shareLink(detailsUrl, tx.description)}
        >
          {t('Share Transaction')}
        </Button>
        <DownloadButton
          className="w-full"
          path={`/transactions/${encodeURIComponent(tx.id)}/receipt`}
          fallbackName="amana-receipt.pdf"
        >
          {t('Download Receipt')}
        </DownloadButton>
        {canDispute ? (
          <Link
            to={`/app/disputes/create?transactionId=${encodeURIComponent(tx.id)}`}
            className="flex h-10 w-full items-center justify-center rounded-lg border border-red-200 text-sm font-medium text-red-700 hover:bg-red-50"
          >
            {t('Raise Dispute')}
          </Link>
        ) : null}
      </Card>
      {chatting && canChat ? <ChatDialog transaction={tx} open onOpenChange={setChatting} /> : null}
      <Card>
        <CardTitle>{t('Security')}</CardTitle>
        <div className="mt-3">
          <SecurityList />
        </div>
      </Card>
      <Card className="space-y-2">
        <CardTitle>{t('Need Help?')}</CardTitle>
        <p className="text-sm text-slate-600">
          {t('Our support team can help with any step of this transaction.')}
        </p>
        <a
          href={`mailto:${content.supportEmail}?subject=${encodeURIComponent(`Transaction ${tx.id}`)}`}
          className="flex h-10 w-full items-center justify-center rounded-lg bg-brand-700 text-sm font-medium text-white hover:bg-brand-800"
        >
          {t('Contact Support')}
        </a>
      </Card>
    </div>
  );
}
