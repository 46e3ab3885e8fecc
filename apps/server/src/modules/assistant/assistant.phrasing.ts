import { z } from 'zod';
import type { AssistantDeps } from './assistant.deps.ts';

/** The part of an OpenAI-compatible chat completion we read. */
const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().min(1).max(4000) }) })).min(1),
});

const SYSTEM_PROMPT =
  'You are the help assistant of Amana Escrow, a Nigerian escrow service. Answer the user in at most four ' +
  'short sentences, in plain English, using ONLY the facts in the passages. Never invent fees, limits or ' +
  'steps, never promise to do anything yourself, and never ask for passwords, PINs or card details.';

export type Phraser = (question: string, passages: string[]) => Promise<string | null>;

/**
 * An optional OpenAI-compatible endpoint (ASSISTANT_API_URL: the base URL, e.g. https://api.openai.com/v1)
 * that only rewords an answer from the knowledge base's passages. It never chooses the action or the
 * suggestions, and any failure (timeout, error status, unreadable answer) returns null: the caller then
 * answers with the passage itself.
 */
export function createPhraser(deps: Pick<AssistantDeps, 'config' | 'log'>): Phraser | null {
  const { ASSISTANT_API_URL: url, ASSISTANT_API_KEY: key, ASSISTANT_MODEL: model } = deps.config;
  if (!url) return null;
  const endpoint = `${url.replace(/\/+$/, '')}/chat/completions`;
  return async (question, passages) => {
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
        body: JSON.stringify({
          model,
          temperature: 0.2,
          max_tokens: 300,
          messages: [
            { role: 'system', content: SYSTEM_PROMPT },
            {
              role: 'user',
              content: `Passages:\n${passages.map((p, i) => `[${i + 1}] ${p}`).join('\n')}\n\nQuestion: ${question}`,
            },
          ],
        }),
        signal: AbortSignal.timeout(deps.config.ASSISTANT_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`assistant endpoint answered ${response.status}`);
      const parsed = completionSchema.safeParse(await response.json());
      if (!parsed.success) throw new Error('assistant endpoint answer unreadable');
      return parsed.data.choices[0]!.message.content.trim().slice(0, 1500) || null;
    } catch (error) {
      deps.log.warn({ err: error }, 'assistant: phrasing endpoint failed, answering from the knowledge base');
      return null;
    }
  };
}
