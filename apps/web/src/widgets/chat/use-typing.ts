import { useEffect, useState } from 'react';
import { SERVER_EVENTS, type TypingPayload } from '@escrow/shared/events';
import { TYPING_CLEARS_AFTER_MS } from '@escrow/shared/schemas/messages';
import { liveChannel } from '../../lib/socket';

/** Who is typing in this conversation (the other party), cleared 3 s after the last signal. */
export function useTyping(transactionId: string | null): boolean {
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    if (!transactionId) return;
    const channel = liveChannel();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offStart = channel.on(SERVER_EVENTS.typingStart, (raw) => {
      if ((raw as TypingPayload)?.transactionId !== transactionId) return;
      setTyping(true);
      clearTimeout(timer);
      timer = setTimeout(() => setTyping(false), TYPING_CLEARS_AFTER_MS);
    });
    const offStop = channel.on(SERVER_EVENTS.typingStop, (raw) => {
      if ((raw as TypingPayload)?.transactionId !== transactionId) return;
      clearTimeout(timer);
      setTyping(false);
    });
    return () => {
      offStart();
      offStop();
      clearTimeout(timer);
      setTyping(false);
    };
  }, [transactionId]);
  return typing;
}
