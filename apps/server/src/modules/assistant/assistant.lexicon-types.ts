/**
 * How the assistant reads one of Yoruba, Hausa and Igbo (`assistant.languages.ts`): the words and phrases
 * that tell the language apart, and the rewriting of its questions into the knowledge base's words. All
 * of it is written without tone marks or underdots, and Hausa's hooked letters as plain ones (`fold`).
 */
export type Lexicon = {
  markers: {
    /** Words of this language only (two points each). */
    strong: ReadonlySet<string>;
    /** Words it shares with another language, or short ones (one point each). */
    weak: ReadonlySet<string>;
    /** Turns of phrase of this language only (two points each), on the folded question. */
    phrases: readonly RegExp[];
  };
  /** Phrases first, in order (a longer meaning before its parts), on the folded question. */
  phrases: readonly [RegExp, string][];
  /** Then single words: the knowledge base's word, or '' for a word that tells no question apart. */
  words: Readonly<Record<string, string>>;
};

/** A list of words written as one string. */
export const wordSet = (text: string): ReadonlySet<string> => new Set(text.trim().split(/\s+/));
