import { WELCOME_SUGGESTIONS, type AssistantAnswer } from '@escrow/shared/schemas/assistant';
import { TOPIC_ACTIONS } from './assistant.actions.ts';
import { accountQuestionOf, answerAccountQuestion } from './assistant.account.ts';
import type { AssistantDeps } from './assistant.deps.ts';
import { knowledgeFacts } from './assistant.facts.ts';
import { normalizeQuestion } from './assistant.language.ts';
import { createPhraser } from './assistant.phrasing.ts';
import { createRetriever } from './assistant.retrieval.ts';

const DAY_MS = 24 * 3600_000;

/**
 * Answers one question: about the caller's own account from their data, otherwise from the knowledge
 * base (worded by the optional endpoint when configured). The action always comes from retrieval.
 */
export function createAssistant(deps: AssistantDeps) {
  const facts = knowledgeFacts(deps.config, Math.round(deps.invitationTtlMs / DAY_MS));
  const retrieve = createRetriever(facts);
  const phrase = createPhraser(deps);

  return async function ask(userId: string, message: string): Promise<AssistantAnswer> {
    const account = accountQuestionOf(normalizeQuestion(message), message);
    if (account) return answerAccountQuestion(deps.account, userId, account);

    const found = retrieve(message);
    if (!found)
      return {
        response: `I'm not sure I understood. I can help with fees, payments, disputes, verification, your wallet and your transactions; for anything else, write to ${facts.supportEmail}.`,
        suggestions: [...WELCOME_SUGGESTIONS],
      };
    const passage = found.entry.answer(facts);
    const worded = phrase
      ? await phrase(message, [passage, ...found.passages.slice(1).map((entry) => entry.answer(facts))])
      : null;
    const topic = found.entry.topic;
    return {
      response: worded ?? passage,
      suggestions: found.entry.suggestions,
      ...(topic ? { action: TOPIC_ACTIONS[topic] } : {}),
    };
  };
}
