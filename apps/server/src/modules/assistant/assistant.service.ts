import { msg } from '@escrow/shared/i18n/msg';
import { WELCOME_SUGGESTIONS, type AssistantAnswer } from '@escrow/shared/schemas/assistant';
import { translate as translateMessage, type Language } from '../../lib/i18n.ts';
import { labelled, TOPIC_ACTIONS } from './assistant.actions.ts';
import { answerAccountQuestion, counterpartyIn } from './assistant.account.ts';
import { answerBalance } from './assistant.balance.ts';
import type { AssistantDeps } from './assistant.deps.ts';
import { knowledgeFacts, type KnowledgeFacts } from './assistant.facts.ts';
import { feeQuote } from './assistant.fee-quote.ts';
import type { Say } from './assistant.knowledge-types.ts';
import { searchTerm } from './assistant.language.ts';
import { answerLanguage, readQuestion } from './assistant.languages.ts';
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
export const NOT_SURE = msg(
  "I'm not sure I understood, and I'd rather not guess. I can help with fees, payments, disputes, verification, your wallet and your transactions; for anything else, write to our support team at {supportEmail}.",
);
const notSure = (facts: KnowledgeFacts, say: Say): AssistantAnswer => ({
  response: say(NOT_SURE, facts),
  suggestions: WELCOME_SUGGESTIONS.map((id) => say(id)),
});

/**
 * Answers one question, in the language of the question when it is recognised (English, Pidgin, Yoruba,
 * Hausa or Igbo), else in the user's language (`userLanguage`: saved, else Accept-Language, else English).
 * A money question naming one of the caller's own trades is answered from that trade; otherwise the
 * matcher picks an intent (a Yoruba, Hausa or Igbo question is first read into the knowledge base's words):
 * the caller's own account (from their data), a knowledge base answer (worded by the optional endpoint when
 * configured and the answer is in English), or, when it is not confident, an honest "not sure". The action
 * never comes from the endpoint; its path is the same in every language.
 */
export function createAssistant(deps: AssistantDeps) {
  const facts = knowledgeFacts(deps.config, Math.round(deps.invitationTtlMs / DAY_MS));
  const match = createMatcher(KNOWLEDGE);
  const byId = new Map(KNOWLEDGE.map((entry) => [entry.id, entry]));
  const vocabulary = everydayVocabulary();
  const phrase = createPhraser(deps);
  const translate = deps.translate ?? translateMessage;

  return async function ask(
    userId: string,
    message: string,
    userLanguage: Language = 'en',
  ): Promise<AssistantAnswer> {
    const { language, asked } = answerLanguage(message, userLanguage);
    const say: Say = (id, params) => translate(language, id, params);
    const reading = readQuestion(message, asked);

    const trade = await namedTrade(deps.account, userId, message, vocabulary, reading);
    if (trade) return answerTradeMoney(deps.account, userId, trade, say);

    const found = match(reading);
    if (!found?.confident) return notSure(facts, say);
    if (found.intent === 'account-balance') return answerBalance(deps, userId, say);
    if (found.intent === 'account-on-hold')
      return answerAccountQuestion(deps.account, userId, { kind: 'on-hold' }, say);
    if (found.intent === 'account-trade')
      return answerAccountQuestion(
        deps.account,
        userId,
        { kind: 'transaction', counterparty: counterpartyIn(message) },
        say,
      );

    const entry = byId.get(found.intent)!;
    const quote = entry.topic === 'calculator' ? feeQuote(message, deps.config.priceBounds, say) : null;
    const passage = [quote, entry.answer(facts, say)].filter(Boolean).join(' ');
    // The optional endpoint words English answers only: the others are the catalogue's own words.
    const worded =
      phrase && language === 'en'
        ? await phrase(message, [
            passage,
            ...found.runnersUp.flatMap((id) => {
              const other = byId.get(id);
              return other ? [other.answer(facts)] : [];
            }),
          ])
        : null;
    return {
      response: worded ?? passage,
      suggestions: entry.suggestions.map((id) => say(id)),
      ...(entry.topic ? { action: labelled(TOPIC_ACTIONS[entry.topic], say) } : {}),
    };
  };
}
