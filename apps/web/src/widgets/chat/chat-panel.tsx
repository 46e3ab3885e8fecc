import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { MESSAGE_TEXT, type Conversation } from '@escrow/shared/schemas/messages';
import { Button } from '../../components/ui/button';
import { ErrorPanel, LoadingPanel } from '../../components/ui/panels';
import { t } from '../../lib/i18n';
import { useConversationOpen } from '../../lib/open-conversations';
import { liveChannel } from '../../lib/socket';
import {
  messageKeys,
  threadMessages,
  useDeleteMessage,
  useConversations,
  useMarkConversationRead,
  useSendMessage,
  useThread,
} from './chat-api';
import { groupByDay } from './day-groups';
import { useTyping } from './use-typing';
import { Composer } from './composer';
import { MessageBubble, type ShownMessage } from './message-bubble';
import { isOnline } from './presence';

/** Scrolled this close to the top, the next older page loads. */
const LOAD_OLDER_WITHIN_PX = 80;
/** Scrolled this close to the end, the reader is following the conversation and stays at its end. */
const FOLLOW_WITHIN_PX = 48;

/**
 * One conversation: messages by day (older on demand), typing, receipts, SYSTEM steps, the composer.
 * Opening it marks what the viewer received as read; a failed send stays marked with Retry.
 */
export function ChatPanel({
  transactionId,
  viewerId,
  focusMessageId = null,
  showTransactionLink = true,
}: {
  transactionId: string;
  viewerId: string;
  focusMessageId?: string | null;
  /** Off inside the transaction's own details screen (the Chat dialog). */
  showTransactionLink?: boolean;
}) {
  const queryClient = useQueryClient();
  const thread = useThread(transactionId);
  useConversationOpen(transactionId);
  const send = useSendMessage(transactionId);
  const remove = useDeleteMessage(transactionId);
  const markRead = useMarkConversationRead();
  const typing = useTyping(transactionId);
  const channel = liveChannel();
  const connected =
    useSyncExternalStore(channel.subscribe, channel.getState, channel.getState) === 'connected';
  const [failed, setFailed] = useState<ShownMessage[]>([]);
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  // On opening and after each new message the newest is shown; scrolling up to read stops that.
  const following = useRef(true);
  // Distance from the bottom when an older page was asked for, so the view stays where the reader is.
  const keepFromBottom = useRef<number | null>(null);
  // Fresher presence than the thread's first page: the conversation list refreshes every minute.
  const listed = useConversations().data?.find((c) => c.transactionId === transactionId);
  const messages = threadMessages(thread.data);
  const lastId = messages.at(-1)?.id;
  const unreadForMe = messages.some((m) => m.receiverId === viewerId && !m.isRead && !m.deleted);

  useEffect(() => {
    if (unreadForMe) markRead.mutate(transactionId);
    // Once per new unread message, not per render of the mutation object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [transactionId, unreadForMe, lastId]);

  const focusLoaded = focusMessageId ? messages.some((m) => m.id === focusMessageId) : false;
  useEffect(() => {
    if (focusMessageId && focusLoaded) {
      following.current = false;
      document.getElementById(`message-${focusMessageId}`)?.scrollIntoView?.({ block: 'center' });
      return;
    }
    following.current = true;
    scrollToEnd(scroller.current);
  }, [lastId, failed.length, focusMessageId, focusLoaded]);

  // What grows after that scroll (an image loading, the typing line, a phone's keyboard shrinking the
  // box) would push the newest message out of view: while following, stay at the end.
  const loaded = thread.data !== undefined;
  useEffect(() => {
    const box = scroller.current;
    if (!loaded || !box || !content.current || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (following.current) scrollToEnd(box);
    });
    observer.observe(content.current);
    observer.observe(box);
    return () => observer.disconnect();
  }, [loaded]);

  // A search result older than what is loaded: load older pages until it is there (bounded).
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = thread;
  const pagesLoaded = thread.data?.pages.length ?? 0;
  useEffect(() => {
    if (focusMessageId && !focusLoaded && hasNextPage && !isFetchingNextPage && pagesLoaded < 20)
      void fetchNextPage();
  }, [focusMessageId, focusLoaded, hasNextPage, isFetchingNextPage, pagesLoaded, fetchNextPage]);

  useLayoutEffect(() => {
    const box = scroller.current;
    if (box && keepFromBottom.current !== null && !isFetchingNextPage) {
      box.scrollTop = box.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    }
  }, [pagesLoaded, isFetchingNextPage]);

  function loadOlder() {
    const box = scroller.current;
    if (!hasNextPage || isFetchingNextPage) return;
    if (box) keepFromBottom.current = box.scrollHeight - box.scrollTop;
    void fetchNextPage();
  }

  useEffect(() => {
    // A lifecycle step writes a SYSTEM message: the transaction:updated push says when to look.
    const off = channel.on('transaction:updated', (raw) => {
      if ((raw as { transactionId?: string })?.transactionId === transactionId)
        void queryClient.invalidateQueries({ queryKey: messageKeys.thread(transactionId) });
    });
    return off;
  }, [channel, queryClient, transactionId]);

  function deliver(input: { content: string; attachmentIds?: string[] }, retrying?: ShownMessage) {
    send.mutate(input, {
      onSuccess: () => {
        if (retrying) setFailed((current) => current.filter((m) => m.id !== retrying.id));
      },
      onError: (error) => {
        toast.error(t(MESSAGE_TEXT.sendFailedToast), { description: error.message });
        if (retrying) return;
        setFailed((current) => [
          ...current,
          {
            id: `failed-${Date.now()}`,
            transactionId,
            senderId: viewerId,
            receiverId: null,
            content: input.content,
            timestamp: new Date().toISOString(),
            isRead: false,
            readAt: null,
            messageType: input.attachmentIds?.length ? 'FILE' : 'TEXT',
            attachments: [],
            deleted: false,
            warning: null,
            failed: true,
            ...(input.attachmentIds ? { retryAttachments: input.attachmentIds } : {}),
          } as ShownMessage,
        ]);
      },
    });
  }

  if (thread.isPending) return <LoadingPanel label={t('Loading messages...')} />;
  if (thread.isError) return <ErrorPanel error={thread.error} onRetry={() => void thread.refetch()} />;

  const conversation: Conversation = thread.data.pages[0]!.conversation;
  const other =
    (listed ?? conversation).participantDetails.find((p) => p.userId !== viewerId) ??
    conversation.participantDetails.find((p) => p.userId !== viewerId) ??
    null;
  const groups = groupByDay([...messages, ...failed]);

  return (
    <section
      aria-label={t('Chat about {description}', { description: conversation.transactionDetails.description })}
      className="flex h-full min-h-0 flex-col"
    >
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-3">
        <div className="min-w-0">
          <h2 className="truncate font-semibold text-slate-900">
            {other?.name ?? t('Waiting for the other party')}
          </h2>
          <p className="truncate text-xs text-slate-600">
            {other ? `${isOnline(other.lastSeen) ? t('Online') : t('Offline')} · ` : ''}
            {conversation.transactionDetails.description}
          </p>
        </div>
        {showTransactionLink ? (
          <Link
            to={`/app/transactions/${transactionId}`}
            className="text-sm font-medium text-brand-800 hover:underline"
          >
            {t('View transaction')}
          </Link>
        ) : null}
      </header>
      <div
        ref={scroller}
        className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-3 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
        role="log"
        aria-label={t('Messages')}
        aria-live="polite"
        // Focusable, so a keyboard can scroll it (axe scrollable-region-focusable).
        tabIndex={0}
        data-testid="chat-scroller"
        onScroll={(event) => {
          const box = event.currentTarget;
          following.current = box.scrollHeight - box.scrollTop - box.clientHeight <= FOLLOW_WITHIN_PX;
          if (box.scrollTop <= LOAD_OLDER_WITHIN_PX) loadOlder();
        }}
      >
        <div ref={content}>
          {thread.hasNextPage ? (
            <div className="mb-3 text-center">
              <Button variant="secondary" size="sm" disabled={thread.isFetchingNextPage} onClick={loadOlder}>
                {thread.isFetchingNextPage ? t('Loading...') : t('Load older messages')}
              </Button>
            </div>
          ) : null}
          {groups.length === 0 ? (
            <p className="py-8 text-center text-sm text-slate-600">{t('No messages yet. Say hello.')}</p>
          ) : null}
          {groups.map((group) => (
            <div key={group.label} className="mb-3">
              <p className="mb-2 text-center text-xs font-medium text-slate-500">{group.label}</p>
              <ol className="space-y-2">
                {group.messages.map((message) => (
                  <MessageBubble
                    key={message.id}
                    message={message}
                    mine={message.senderId === viewerId}
                    focused={message.id === focusMessageId}
                    onDelete={(id) => remove.mutate(id, { onError: (error) => toast.error(error.message) })}
                    onRetry={(m) =>
                      deliver(
                        {
                          content: m.content,
                          attachmentIds: (m as { retryAttachments?: string[] }).retryAttachments,
                        },
                        m,
                      )
                    }
                  />
                ))}
              </ol>
            </div>
          ))}
          {typing ? (
            <p className="text-xs italic text-slate-600" data-testid="typing-indicator">
              {other ? t('{name} is typing...', { name: other.name }) : t('The other party is typing...')}
            </p>
          ) : null}
        </div>
      </div>
      {other ? (
        <Composer transactionId={transactionId} connected={connected} onSend={(input) => deliver(input)} />
      ) : (
        <p className="border-t border-slate-200 bg-white p-3 text-sm text-slate-600">
          {t(MESSAGE_TEXT.noConversationYet)}.
        </p>
      )}
    </section>
  );
}

/** The box's own scroll only: scrollIntoView would also move the page around it. */
function scrollToEnd(box: HTMLElement | null) {
  if (box) box.scrollTop = box.scrollHeight;
}
