import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SERVER_EVENTS, type NewMessagePayload } from '@escrow/shared/events';
import { liveChannel } from '../../../lib/socket';
import { messageKeys, upsertMessage, type Thread } from '../../../widgets/chat/chat-api';

/**
 * Mounted once in the signed-in app: `new_message` lands in its loaded thread and refreshes the lists
 * and badges; `message_read` refreshes receipts and counts. (The toast and chime for a new message come
 * with its notification, where the user's preferences are applied.)
 */
export function MessageLiveEvents() {
  const queryClient = useQueryClient();

  useEffect(() => {
    const channel = liveChannel();
    const release = channel.acquire();
    const offNew = channel.on(SERVER_EVENTS.newMessage, (raw) => {
      const payload = raw as NewMessagePayload;
      if (!payload?.message?.id) return;
      queryClient.setQueryData<Thread>(messageKeys.thread(payload.transactionId), (t) =>
        upsertMessage(t, payload.message),
      );
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations });
      void queryClient.invalidateQueries({ queryKey: messageKeys.unread });
    });
    const offRead = channel.on(SERVER_EVENTS.messageRead, (raw) => {
      const payload = raw as { transactionId?: string };
      if (payload?.transactionId)
        void queryClient.invalidateQueries({ queryKey: messageKeys.thread(payload.transactionId) });
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations });
      void queryClient.invalidateQueries({ queryKey: messageKeys.unread });
    });
    return () => {
      offNew();
      offRead();
      release();
    };
  }, [queryClient]);

  return null;
}
