import MiniSearch from 'minisearch';
import { APP_KNOWLEDGE } from './assistant.knowledge-app.ts';
import { MONEY_KNOWLEDGE } from './assistant.knowledge-money.ts';
import { TRADING_KNOWLEDGE } from './assistant.knowledge-trading.ts';
import type { KnowledgeEntry } from './assistant.knowledge-types.ts';
import type { KnowledgeFacts } from './assistant.facts.ts';
import { normalizeQuestion, searchTerm } from './assistant.language.ts';

export const KNOWLEDGE: readonly KnowledgeEntry[] = [
  ...MONEY_KNOWLEDGE,
  ...TRADING_KNOWLEDGE,
  ...APP_KNOWLEDGE,
];

type IndexedEntry = { id: string; questions: string; keywords: string; answer: string };

/** Below this score a match is too weak to answer with (measured on the evaluation set). */
const MIN_SCORE = 2;

export type Retrieved = { entry: KnowledgeEntry; score: number; passages: KnowledgeEntry[] };

/**
 * A MiniSearch index over the knowledge base. Questions and keywords go through the same rewriting as the
 * user's question (so Pidgin and synonyms meet the same words); answers count a little, for recall.
 */
export function createRetriever(facts: KnowledgeFacts) {
  const byId = new Map(KNOWLEDGE.map((entry) => [entry.id, entry]));
  const index = new MiniSearch<IndexedEntry>({
    fields: ['questions', 'keywords', 'answer'],
    processTerm: (term) => searchTerm(term),
    searchOptions: {
      boost: { questions: 2, keywords: 1.5, answer: 0.3 },
      fuzzy: (term) => (term.length > 5 ? 0.2 : false),
      prefix: (term) => term.length > 4,
      combineWith: 'OR',
    },
  });
  index.addAll(
    KNOWLEDGE.map((entry) => ({
      id: entry.id,
      questions: normalizeQuestion(entry.questions.join(' . ')),
      keywords: normalizeQuestion(entry.keywords),
      answer: entry.answer(facts),
    })),
  );

  return function retrieve(question: string): Retrieved | null {
    const hits = index.search(normalizeQuestion(question));
    const best = hits[0];
    if (!best || best.score < MIN_SCORE) return null;
    const passages = hits.slice(0, 3).map((hit) => byId.get(String(hit.id))!);
    return { entry: byId.get(String(best.id))!, score: best.score, passages };
  };
}
