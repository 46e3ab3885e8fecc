import type { Topic } from './assistant.actions.ts';
import type { KnowledgeFacts } from './assistant.facts.ts';

/**
 * One answer of the knowledge base: the questions it answers (as a user might ask them), extra keywords
 * for retrieval, the answer built from the product's own figures, its topic (which decides its action)
 * and the follow-up suggestions shown with it.
 */
export type KnowledgeEntry = {
  id: string;
  topic: Topic | null;
  questions: string[];
  keywords: string;
  answer: (facts: KnowledgeFacts) => string;
  suggestions: string[];
};
