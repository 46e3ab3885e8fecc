import { translate, type MessageParams } from '../../lib/i18n.ts';
import type { Topic } from './assistant.actions.ts';
import type { KnowledgeFacts } from './assistant.facts.ts';

/** Writes a message (its English id, ICU) in the language of the answer being written. */
export type Say = (id: string, params?: MessageParams) => string;
export const inEnglish: Say = (id, params) => translate('en', id, params);

/**
 * One answer of the knowledge base: the questions it answers (as a user might ask them), extra keywords
 * for retrieval, the answer built from the product's own figures, its topic (which decides its action)
 * and the follow-up suggestions shown with it (message ids, written in the answer's language).
 */
export type KnowledgeEntry = {
  id: string;
  topic: Topic | null;
  questions: string[];
  keywords: string;
  /** The answer in the language `say` writes (English by default). */
  answer: (facts: KnowledgeFacts, say?: Say) => string;
  suggestions: string[];
};

/** An answer that is one ICU message whose placeholders are the facts (`msg('…{feePercent}…')`). */
export const answerWith =
  (id: string) =>
  (facts: KnowledgeFacts, say: Say = inEnglish): string =>
    say(id, facts);
