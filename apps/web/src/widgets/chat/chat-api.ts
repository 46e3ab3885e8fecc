import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type { Conversation, Message } from '@escrow/shared/schemas/messages';
import { api } from '../../lib/api-client';

export const messageKeys = {
  all: ['messages'] as const,
  conversations: ['messages', 'conversations'] as const,
  thread: (transactionId: string) => ['messages', 'thread', transactionId] as const,
  unread: ['messages', 'unread'] as const,
};

export type MessagePage = { messages: Message[]; hasMore: boolean; conversation: Conversation };
export type Thread = InfiniteData<MessagePage, string | null>;

export function useConversations() {
  return useQuery({
    queryKey: messageKeys.conversations,
    queryFn: ({ signal }) => api<{ conversations: Conversation[] }>('/messages/conversations', { signal }),
    select: (answer) => answer.conversations,
    // Presence ('online if seen within 5 minutes') moves without events: looked at again every minute.
    refetchInterval: 60_000,
  });
}

/** The side navigation's badge. */
export function useUnreadMessages({ enabled }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: messageKeys.unread,
    queryFn: ({ signal }) => api<{ unreadCount: number }>('/messages/unread-count', { signal }),
    select: (answer) => answer.unreadCount,
  });
}

/** A conversation, newest page first; older pages load with `before` = the oldest id shown. */
export function useThread(transactionId: string | null) {
  return useInfiniteQuery({
    queryKey: messageKeys.thread(transactionId ?? ''),
    enabled: Boolean(transactionId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<MessagePage>(
        `/messages/transactions/${encodeURIComponent(transactionId!)}?limit=30${pageParam ? `&before=${pageParam}` : ''}`,
        { signal },
      ),
    getNextPageParam: (last) => (last.hasMore ? (last.messages[0]?.id ?? null) : null),
  });
}

/** All loaded messages of a thread, oldest first, without duplicates. */
export function threadMessages(thread: { pages: MessagePage[] } | undefined): Message[] {
  if (!thread) return [];
  const seen = new Set<string>();
  const ordered: Message[] = [];
  for (const page of [...thread.pages].reverse())
    for (const message of page.messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      ordered.push(message);
    }
  return ordered;
}

/** Puts a message (new or changed) into a loaded thread: replaced in place, or appended to the newest page. */
export function upsertMessage(thread: Thread | undefined, message: Message): Thread | undefined {
  if (!thread?.pages.length) return thread;
  let found = false;
  const pages = thread.pages.map((page) => ({
    ...page,
    messages: page.messages.map((m) => {
      if (m.id !== message.id) return m;
      found = true;
      return message;
    }),
  }));
  if (!found) pages[0] = { ...pages[0]!, messages: [...pages[0]!.messages, message] };
  return { ...thread, pages };
}

export function useSendMessage(transactionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { content: string; attachmentIds?: string[] }) =>
      api<{ message: Message }>('/messages', { method: 'POST', body: { transactionId, ...input } }),
    onSuccess: ({ message }) => {
      queryClient.setQueryData<Thread>(messageKeys.thread(transactionId), (t) => upsertMessage(t, message));
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations });
    },
  });
}

export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: string) =>
      api<{ updated: number }>(`/messages/transactions/${encodeURIComponent(transactionId)}/read`, {
        method: 'PUT',
      }),
    onSuccess: (answer, transactionId) => {
      if (answer.updated === 0) return;
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations });
      void queryClient.invalidateQueries({ queryKey: messageKeys.unread });
      void queryClient.invalidateQueries({ queryKey: messageKeys.thread(transactionId) });
    },
  });
}

export function useDeleteMessage(transactionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ message: Message }>(`/messages/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: ({ message }) => {
      queryClient.setQueryData<Thread>(messageKeys.thread(transactionId), (t) => upsertMessage(t, message));
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations });
    },
  });
}
