import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyPanel, ErrorPanel, LoadingPanel } from '../../../components/ui/panels';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n';
import { useConversations } from '../../../widgets/chat/chat-api';
import { ChatPanel } from '../../../widgets/chat/chat-panel';
import { ConversationList } from './conversation-list';
import { SearchDialog } from './search-dialog';

/**
 * /app/messages[?transactionId=]: the conversation list beside the open chat; on a phone,
 * one at a time. The open conversation lives in the URL, so a transaction's "Chat" link opens it.
 */
export function MessagesPage({ viewerId }: { viewerId: string }) {
  const [params, setParams] = useSearchParams();
  const selected = params.get('transactionId');
  const conversations = useConversations();
  const [searching, setSearching] = useState(false);

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{t('Messages')}</h1>
        <Button variant="secondary" onClick={() => setSearching(true)}>
          {t('Search messages')}
        </Button>
      </div>
      {searching ? (
        <SearchDialog
          userId={viewerId}
          open
          onOpenChange={setSearching}
          onOpenResult={({ transactionId, messageId }) => {
            setSearching(false);
            setParams({ transactionId, message: messageId });
          }}
        />
      ) : null}
      {conversations.isPending ? (
        <LoadingPanel label={t('Loading conversations...')} />
      ) : conversations.isError ? (
        <ErrorPanel error={conversations.error} onRetry={() => void conversations.refetch()} />
      ) : conversations.data.length === 0 && !selected ? (
        <EmptyPanel>
          {t(
            'No conversations yet. A conversation opens when the other party joins one of your transactions.',
          )}
        </EmptyPanel>
      ) : (
        <div className="grid h-[calc(100dvh-16rem)] min-h-[28rem] overflow-hidden rounded-xl border border-slate-200 bg-white md:grid-cols-[18rem_1fr] md:h-[calc(100dvh-15rem)]">
          <div
            className={cn('min-h-0 overflow-y-auto border-r border-slate-200', selected && 'hidden md:block')}
          >
            <ConversationList
              conversations={conversations.data}
              viewerId={viewerId}
              selected={selected}
              onSelect={(id) => setParams({ transactionId: id })}
            />
          </div>
          <div className={cn('min-h-0', !selected && 'hidden md:block')}>
            {selected ? (
              <div className="flex h-full flex-col">
                <button
                  type="button"
                  className="px-4 pt-2 text-left text-sm font-medium text-brand-800 md:hidden"
                  onClick={() => setParams({})}
                >
                  ← {t('All conversations')}
                </button>
                <div className="min-h-0 flex-1">
                  <ChatPanel
                    key={selected}
                    transactionId={selected}
                    viewerId={viewerId}
                    focusMessageId={params.get('message')}
                  />
                </div>
              </div>
            ) : (
              <p className="p-8 text-center text-sm text-slate-600">{t('Choose a conversation.')}</p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
