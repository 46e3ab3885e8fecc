import MiniSearch from 'minisearch';
import { INTENT_PHRASINGS } from './assistant.intents.ts';
import type { KnowledgeEntry } from './assistant.knowledge-types.ts';
import { normalizeQuestion, searchTerm } from './assistant.language.ts';

type Example = { id: string; intent: string; text: string; keywords: string };

/**
 * Below these the match is too weak to answer with, and the assistant says it is not sure instead of
 * giving a confident wrong answer. Set on the intent table (leave-one-out), its out-of-scope questions
 * and the evaluation set, never on the held-out set: the best intent's BM25 score, and the share of the question's words it explains.
 */
const MIN_SCORE = 6;
const MIN_COVERAGE = 0.3;
/** How much further examples of the same intent add to its best one. */
const AGREEMENT = 0.1;

export type IntentMatch = {
  intent: string;
  score: number;
  /** The share of the question's meaningful words (weighted by how telling they are) the winning intent's examples contain. */
  coverage: number;
  confident: boolean;
  /** The next best intents, for the optional wording endpoint's extra passages. */
  runnersUp: string[];
};

/** The question's meaningful words, as the index stores them. */
function termsOf(normalized: string): string[] {
  const terms = normalized
    .split(' ')
    .map(searchTerm)
    .filter((term): term is string => Boolean(term));
  return [...new Set(terms)];
}

/**
 * A nearest-examples matcher: every phrasing of the intent table and every question of the knowledge base
 * is one example labelled with its intent (the base's keywords count, weakly, once per entry). A question
 * goes to the intent of its best examples; typos meet through fuzzy and prefix matching, Pidgin and
 * synonyms through the same rewriting on both sides (`assistant.language.ts`).
 */
export function createMatcher(
  knowledge: readonly KnowledgeEntry[],
  table: Record<string, string[]> = INTENT_PHRASINGS,
) {
  const examples: Example[] = [
    ...knowledge.flatMap((entry) =>
      entry.questions.map((text, i) => ({
        id: `kb:${entry.id}:${i}`,
        intent: entry.id,
        text,
        keywords: i === 0 ? entry.keywords : '',
      })),
    ),
    ...Object.entries(table).flatMap(([intent, phrasings]) =>
      phrasings.map((text, i) => ({ id: `it:${intent}:${i}`, intent, text, keywords: '' })),
    ),
  ];
  const index = new MiniSearch<Example>({
    fields: ['text', 'keywords'],
    storeFields: ['intent'],
    processTerm: (term) => searchTerm(term),
    searchOptions: {
      boost: { text: 2, keywords: 0.6 },
      fuzzy: (term) => (term.length > 4 ? 0.2 : false),
      prefix: (term) => term.length > 4,
      combineWith: 'OR',
    },
  });
  const normalizedExamples = examples.map((example) => ({
    ...example,
    text: normalizeQuestion(example.text),
    keywords: normalizeQuestion(example.keywords),
  }));
  index.addAll(normalizedExamples);
  // How telling each word is (inverse document frequency over the examples); a word no example has is
  // the most telling of all, so a question made of words the assistant does not know is not understood.
  const documentFrequency = new Map<string, number>();
  for (const example of normalizedExamples)
    for (const term of new Set(termsOf(`${example.text} ${example.keywords}`)))
      documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const weightOf = (term: string) => Math.log(1 + examples.length / (1 + (documentFrequency.get(term) ?? 0)));

  /** `exclude` leaves one example out (the intent table's leave-one-out test). */
  return function match(question: string, exclude?: string): IntentMatch | null {
    const normalized = normalizeQuestion(question);
    const terms = termsOf(normalized);
    if (terms.length === 0) return null;
    const hits = index.search(normalized, exclude ? { filter: (hit) => hit.id !== exclude } : {});
    const byIntent = new Map<string, { score: number; matched: Set<string> }>();
    for (const hit of hits) {
      const intent = String(hit.intent);
      const seen = byIntent.get(intent) ?? { score: 0, matched: new Set<string>() };
      // The best example counts fully, further examples of the same intent a little (agreement).
      seen.score = seen.score === 0 ? hit.score : seen.score + hit.score * AGREEMENT;
      for (const term of hit.queryTerms) seen.matched.add(term);
      byIntent.set(intent, seen);
    }
    const ranked = [...byIntent.entries()].sort((a, b) => b[1].score - a[1].score);
    const best = ranked[0];
    if (!best) return null;
    const [intent, { score, matched }] = best;
    const total = terms.reduce((sum, term) => sum + weightOf(term), 0);
    const coverage =
      terms.filter((term) => matched.has(term)).reduce((sum, term) => sum + weightOf(term), 0) / total;
    return {
      intent,
      score,
      coverage,
      confident: score >= MIN_SCORE && coverage >= MIN_COVERAGE,
      runnersUp: ranked.slice(1, 3).map(([id]) => id),
    };
  };
}
