import type { ReactNode } from 'react';
import { DISPUTE_TEXT } from '@escrow/shared/domain/disputes';
import type { Dispute, DisputeMessage } from '@escrow/shared/schemas/disputes';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { t } from '../../lib/i18n';
import { Card, CardTitle } from '../../components/ui/card';
import { Badge } from '../../components/ui/panels';
import { fullName, partyLabel } from './dispute-labels';

/**
 * The dispute's conversation, oldest first: system events badged 'System', staff notes (only staff ever
 * receive them) marked 'Internal'. `children` is the form under it (a party's message, a staff note).
 */
export function DisputeMessages({ dispute, children }: { dispute: Dispute; children?: ReactNode }) {
  const messages = [...dispute.messages].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  return (
    <Card>
      <CardTitle>{t('Messages')}</CardTitle>
      {messages.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t(DISPUTE_TEXT.noMessages)}</p>
      ) : (
        // Focusable, so a keyboard can scroll it when it runs long (axe scrollable-region-focusable).
        <ol
          className="mt-3 max-h-96 space-y-3 overflow-y-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          aria-label={t('Dispute messages')}
          tabIndex={0}
        >
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} transaction={dispute.transaction} />
          ))}
        </ol>
      )}
      {children}
    </Card>
  );
}

function MessageItem({
  message,
  transaction,
}: {
  message: DisputeMessage;
  transaction: Dispute['transaction'];
}) {
  return (
    <li
      data-testid="dispute-message"
      data-internal={message.isInternal || undefined}
      className={cn(
        'rounded-lg border p-3 text-sm',
        message.isInternal
          ? 'border-amber-300 bg-amber-50'
          : message.isSystem
            ? 'border-slate-200 bg-slate-50'
            : 'border-slate-200 bg-white',
      )}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-medium text-slate-900">
          {message.sender ? fullName(message.sender) : t('Escrow system')}
        </span>
        {message.isSystem ? <Badge tone="slate">{t('System')}</Badge> : null}
        {message.sender ? (
          <span className="text-xs text-slate-500">{partyLabel(message.sender, transaction)}</span>
        ) : null}
        {message.isInternal ? <Badge tone="amber">{t('Internal')}</Badge> : null}
        <time dateTime={message.createdAt} className="ml-auto text-xs text-slate-500">
          {formatDateTime(message.createdAt)}
        </time>
      </div>
      <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{message.content}</p>
    </li>
  );
}
