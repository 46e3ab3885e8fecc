import { z } from 'zod';
import { msg } from '../i18n/msg.ts';

/**
 * The help assistant (docs/assistant.md):
 * POST /chatbot/ask answers a question with text, suggestions and at most one navigation action.
 */
export const ASSISTANT_MESSAGE_MAX = 500;

export const ASSISTANT_TEXT = {
  blank: msg('Please type a question'),
  /** ASSISTANT_MESSAGE_MAX written out (english-messages.test.ts checks it). */
  tooLong: msg('Questions must be at most 500 characters'),
  welcome: msg(
    "Hello! I'm the Amana Escrow assistant. Ask me about fees, payments, disputes, verification, your wallet or your transactions.",
  ),
  failedToast: msg('Failed to get AI response'),
  connectionTrouble: msg(
    "I'm sorry, I'm having trouble connecting right now. Please try again in a moment, or contact our support team directly.",
  ),
  tryAgain: msg('Try asking again'),
} as const;

/** The welcome message's suggestions, in this order. */
export const WELCOME_SUGGESTIONS = [
  msg('How do I create a transaction?'),
  msg('What are the fees?'),
  msg('How do I resolve a dispute?'),
  msg('How do I verify my identity?'),
  msg('How do I withdraw funds?'),
] as const;

/** The suggestions that come with the connection apology. */
export const OFFLINE_SUGGESTIONS = [
  ASSISTANT_TEXT.tryAgain,
  msg('Contact support'),
  msg('Check our help center'),
] as const;

export const askAssistantSchema = z.object({
  message: z
    .string({ error: ASSISTANT_TEXT.blank })
    .trim()
    .min(1, ASSISTANT_TEXT.blank)
    .max(ASSISTANT_MESSAGE_MAX, ASSISTANT_TEXT.tooLong),
});
export type AskAssistant = z.infer<typeof askAssistantSchema>;

/** The assistant only ever navigates inside the app: the value is an /app path. */
export const assistantActionSchema = z.object({
  type: z.literal('NAVIGATE'),
  value: z.string().startsWith('/app/'),
  label: z.string(),
});
export type AssistantAction = z.infer<typeof assistantActionSchema>;

export const assistantAnswerSchema = z.object({
  response: z.string(),
  suggestions: z.array(z.string()),
  action: assistantActionSchema.optional(),
});
export type AssistantAnswer = z.infer<typeof assistantAnswerSchema>;
