import { useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  ASSISTANT_TEXT,
  OFFLINE_SUGGESTIONS,
  WELCOME_SUGGESTIONS,
  type AssistantAction,
} from '@escrow/shared/schemas/assistant';
import { ApiError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n';
import { useAskAssistant } from '../api/ask-assistant';

/** One message of the assistant conversation. */
export type ChatMessage = {
  id: string;
  type: 'user' | 'bot';
  content: string;
  timestamp: Date;
  /** As written (sent as the question when pressed); the bubble shows them in the screens' language. */
  suggestions: string[];
  action?: AssistantAction;
};

/** The server cannot be reached (network) or failed: the apology; a refusal (429, 400) says why. */
function failureMessage(error: unknown): Pick<ChatMessage, 'content' | 'suggestions'> {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500)
    return { content: error.message, suggestions: [] };
  return { content: t(ASSISTANT_TEXT.connectionTrouble), suggestions: [...OFFLINE_SUGGESTIONS] };
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
      content: t(ASSISTANT_TEXT.welcome),
      timestamp: new Date(),
      suggestions: [...WELCOME_SUGGESTIONS],
    },
  ]);
  const lastQuestion = useRef<{ question: string; shown: string } | null>(null);
  const ask = useAskAssistant();

  /** `shown`: how the question reads in the conversation when it differs (a suggestion, translated). */
  const send = (text: string, shown?: string) => {
    // 'Try asking again' repeats the question that failed.
    const repeated = text === ASSISTANT_TEXT.tryAgain ? lastQuestion.current : null;
    const question = repeated?.question || text.trim();
    if (!question || ask.isPending) return false;
    const said = repeated?.shown ?? shown ?? question;
    lastQuestion.current = { question, shown: said };
    setMessages((list) => [
      ...list,
      { id: nextId(), type: 'user', content: said, timestamp: new Date(), suggestions: [] },
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
        toast.error(t(ASSISTANT_TEXT.failedToast));
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
