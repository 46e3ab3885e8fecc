import { WELCOME_SUGGESTIONS, type AssistantAnswer } from '@escrow/shared/schemas/assistant';
import { TOPIC_ACTIONS } from './assistant.actions.ts';
import { answerAccountQuestion, counterpartyIn } from './assistant.account.ts';
import { answerBalance } from './assistant.balance.ts';
import type { AssistantDeps } from './assistant.deps.ts';
import { knowledgeFacts, type KnowledgeFacts } from './assistant.facts.ts';
import { feeQuote } from './assistant.fee-quote.ts';
import { searchTerm } from './assistant.language.ts';
import { createMatcher } from './assistant.matching.ts';
import { createPhraser } from './assistant.phrasing.ts';
import { KNOWLEDGE } from './assistant.retrieval.ts';
import { answerTradeMoney, namedTrade } from './assistant.trades.ts';

const DAY_MS = 24 * 3600_000;

/** Words every question about trades uses: never taken as the name of one of the caller's trades. */
function everydayVocabulary(): Set<string> {
  const text = `${KNOWLEDGE.map((entry) => entry.keywords).join(' ')} item money payment transaction seller buyer`;
  return new Set(
    text
      .split(/\s+/)
      .map(searchTerm)
      .filter((term): term is string => term !== null),
  );
}

/** The honest answer when no intent matches well enough: say so, and how to reach support. */
const notSure = (facts: KnowledgeFacts): AssistantAnswer => ({
  response: `I'm not sure I understood, and I'd rather not guess. I can help with fees, payments, disputes, verification, your wallet and your transactions; for anything else, write to our support team at ${facts.supportEmail}.`,
  suggestions: [...WELCOME_SUGGESTIONS],
});

/**
 * Answers one question. A money question naming one of the caller's own trades is answered from that
 * trade; otherwise the matcher picks an intent: the caller's own account (from their data), a knowledge
 * base answer (worded by the optional endpoint when configured), or, when it is not confident, an honest
 * "not sure". The action never comes from the endpoint.
 */
export function createAssistant(deps: AssistantDeps) {
  const facts = knowledgeFacts(deps.config, Math.round(deps.invitationTtlMs / DAY_MS));
  const match = createMatcher(KNOWLEDGE);
  const byId = new Map(KNOWLEDGE.map((entry) => [entry.id, entry]));
  const vocabulary = everydayVocabulary();
  const phrase = createPhraser(deps);

  return async function ask(userId: string, message: string): Promise<AssistantAnswer> {
    const trade = await namedTrade(deps.account, userId, message, vocabulary);
    if (trade) return answerTradeMoney(deps.account, userId, trade);

    const found = match(message);
    if (!found?.confident) return notSure(facts);
    if (found.intent === 'account-balance') return answerBalance(deps, userId);
    if (found.intent === 'account-on-hold')
      return answerAccountQuestion(deps.account, userId, { kind: 'on-hold' });
    if (found.intent === 'account-trade')
      return answerAccountQuestion(deps.account, userId, {
        kind: 'transaction',
        counterparty: counterpartyIn(message),
      });

    const entry = byId.get(found.intent)!;
    const quote = entry.topic === 'calculator' ? feeQuote(message, deps.config.priceBounds) : null;
    const passage = [quote, entry.answer(facts)].filter(Boolean).join(' ');
    const others = found.runnersUp.flatMap((id) => {
      const other = byId.get(id);
      return other ? [other.answer(facts)] : [];
    });
    const worded = phrase ? await phrase(message, [passage, ...others]) : null;
    return {
      response: worded ?? passage,
      suggestions: entry.suggestions,
      ...(entry.topic ? { action: TOPIC_ACTIONS[entry.topic] } : {}),
    };
  };
}
