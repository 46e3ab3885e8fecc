import { useMutation } from '@tanstack/react-query';
import type { AssistantAnswer } from '@escrow/shared/schemas/assistant';
import { api } from '../../../lib/api-client';

/** POST /api/chatbot/ask: the answer, its suggestions and at most one navigation action. */
export const askAssistant = (message: string) =>
  api<AssistantAnswer>('/chatbot/ask', { method: 'POST', body: { message } });

export function useAskAssistant() {
  return useMutation({ mutationFn: askAssistant, retry: false });
}
