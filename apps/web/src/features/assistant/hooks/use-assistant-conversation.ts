import { useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  ASSISTANT_TEXT,
  OFFLINE_SUGGESTIONS,
  WELCOME_SUGGESTIONS,
  type AssistantAction,
} from '@escrow/shared/schemas/assistant';
import { ApiError } from '../../../lib/api-client';
import { useAskAssistant } from '../api/ask-assistant';

/** One message of the assistant conversation. */
export type ChatMessage = {
  id: string;
  type: 'user' | 'bot';
  content: string;
  timestamp: Date;
  suggestions: string[];
  action?: AssistantAction;
};

/** The server cannot be reached (network) or failed: the apology; a refusal (429, 400) says why. */
function failureMessage(error: unknown): Pick<ChatMessage, 'content' | 'suggestions'> {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500)
    return { content: error.message, suggestions: [] };
  return { content: ASSISTANT_TEXT.connectionTrouble, suggestions: [...OFFLINE_SUGGESTIONS] };
}

/**
 * The assistant's conversation: the welcome message with its five suggestions, then each
 * question and its answer. Nothing is sent while blank or while an answer is pending.
 */
export function useAssistantConversation() {
  const counter = useRef(0);
  const nextId = () => `m${(counter.current += 1)}`;
  const [messages, setMessages] = useState<ChatMessage[]>(() => [
    {
      id: 'welcome',
      type: 'bot',
      content: ASSISTANT_TEXT.welcome,
      timestamp: new Date(),
      suggestions: [...WELCOME_SUGGESTIONS],
    },
  ]);
  const lastQuestion = useRef<string | null>(null);
  const ask = useAskAssistant();

  const send = (text: string) => {
    // 'Try asking again' repeats the question that failed.
    const question = (text === ASSISTANT_TEXT.tryAgain && lastQuestion.current) || text.trim();
    if (!question || ask.isPending) return false;
    lastQuestion.current = question;
    setMessages((list) => [
      ...list,
      { id: nextId(), type: 'user', content: question, timestamp: new Date(), suggestions: [] },
    ]);
    ask.mutate(question, {
      onSuccess: (answer) =>
        setMessages((list) => [
          ...list,
          {
            id: nextId(),
            type: 'bot',
            content: answer.response,
            timestamp: new Date(),
            suggestions: answer.suggestions,
            action: answer.action,
          },
        ]),
      onError: (error) => {
        toast.error(ASSISTANT_TEXT.failedToast);
        setMessages((list) => [
          ...list,
          { id: nextId(), type: 'bot', timestamp: new Date(), ...failureMessage(error) },
        ]);
      },
    });
    return true;
  };

  return { messages, send, pending: ask.isPending };
}
