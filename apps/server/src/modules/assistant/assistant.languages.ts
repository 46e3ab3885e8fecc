import { msg } from '@escrow/shared/i18n/msg';
import { OFFLINE_SUGGESTIONS, WELCOME_SUGGESTIONS } from '@escrow/shared/schemas/assistant';
import type { Language } from '../../lib/i18n.ts';
import { HAUSA } from './assistant.lexicon-ha.ts';
import { IGBO } from './assistant.lexicon-ig.ts';
import { YORUBA } from './assistant.lexicon-yo.ts';
import type { Lexicon } from './assistant.lexicon-types.ts';
import { KNOWLEDGE } from './assistant.retrieval.ts';

/**
 * Which language a question is in, and how a Yoruba, Hausa or Igbo question is read: rewritten, phrase by
 * phrase and word by word, into the words of the knowledge base (`assistant.lexicon-*.ts`), so that it meets
 * the same examples as an English question and finds the same entry and action. English and Pidgin are
 * read by `assistant.language.ts` (Pidgin has always been understood there).
 */

const LEXICONS: Record<'yo' | 'ha' | 'ig', Lexicon> = { yo: YORUBA, ha: HAUSA, ig: IGBO };
const NATIVE = ['yo', 'ha', 'ig'] as const;
type Native = (typeof NATIVE)[number];
const isNative = (language: Language | null): language is Native =>
  language === 'yo' || language === 'ha' || language === 'ig';

/**
 * Lower case, without tone marks or underdots (people type Yoruba, Hausa and Igbo with or without them),
 * Hausa's hooked letters as their plain ones (ɓ ɗ ƙ ƴ), hyphens and apostrophes as spaces ("ga-esi",
 * "n'akpa"), and no other punctuation.
 */
export function fold(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/ɓ/g, 'b')
    .replace(/ɗ/g, 'd')
    .replace(/ƙ/g, 'k')
    .replace(/ƴ/g, 'y')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’'‘`-]/g, ' ')
    .replace(/[^a-z0-9₦ ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
}

/** Pidgin's tell-tale words (two points) and words Pidgin shares with English or the other languages (one). */
const PIDGIN_STRONG = new Set(
  (
    'wetin dey una abeg wan comot wey dem naim sef abi gree sabi oya wahala shey dis dat tins neva ehn ' +
    'pikin palava nawa chop'
  ).split(' '),
);
const PIDGIN_PAIRS = [
  /\b(i|we|e|una|you|dem|how i|wetin i) go\b/,
  /\b(i|we|e|una|you|dem|e never|seller|buyer) don (?!t\b)\w+/,
  /\bno (fit|dey|gree|reach|show|be|collect|get|see|receive|send|pay|enter|work|want|know)\b/,
  /\b(who|wetin|which|how much|how many|where|when) (go|be)\b/,
  /\b(never|neva) (reach|enter|show|land)\b/,
  /\b(i|you|we|dem) fit\b/,
  /\bmake (i|una|we|dem|e|him|you)\b/,
  /\b(na|na wa) (me|you|him|dem|wrong|fake|which|how|why|who|the|buyer|seller)\b/,
  /\b(pay|send|give|check|cancel|collect|see|use|do|take|release|return) am\b/,
  /\b(seller|buyer|vendor|person|customer|money|refund) go (?!to\b)\w+/,
  /\bremain (for|inside)\b/,
];

/** English words no Yoruba, Hausa, Igbo or Pidgin sentence is made of (Pidgin shares many: they tie). */
const ENGLISH = new Set(
  (
    'the is are was were what how do does did where when why which who whom can could would should will ' +
    'my your i you to of for with and have has want get this that it please me an in on not from there ' +
    'any be been if after before about much many still yet our their his her its just also than then'
  ).split(' '),
);

/** The evidence for each language in a question: its words, pairs of words and letters. */
export function languageScores(text: string): Record<Language, number> {
  const folded = fold(text);
  const words = folded.trim().split(' ').filter(Boolean);
  const scores: Record<Language, number> = { en: 0, pcm: 0, yo: 0, ha: 0, ig: 0 };
  for (const word of words) {
    if (ENGLISH.has(word)) scores.en += 1;
    if (PIDGIN_STRONG.has(word)) scores.pcm += 2;
    for (const language of NATIVE) {
      const { strong, weak } = LEXICONS[language].markers;
      if (strong.has(word)) scores[language] += 2;
      else if (weak.has(word)) scores[language] += 1;
    }
  }
  for (const pair of PIDGIN_PAIRS) if (pair.test(folded)) scores.pcm += 2;
  for (const language of NATIVE)
    for (const pattern of LEXICONS[language].markers.phrases) if (pattern.test(folded)) scores[language] += 2;
  // Letters only one of the languages writes (a word with one counts once).
  for (const word of text.normalize('NFC').toLowerCase().split(/\s+/)) {
    if (/[ɓɗƙƴ]/.test(word)) scores.ha += 2;
    if (/[ịụṅ]/.test(word)) scores.ig += 2;
    if (/[ẹṣ]|[àáèéìíòóùúńǹ]/.test(word)) scores.yo += 1;
    if (/ọ/.test(word)) {
      scores.yo += 0.5;
      scores.ig += 0.5;
    }
  }
  return scores;
}

/**
 * The language a question is written in, or null when it shows none (a name, a number, a word every
 * language uses). Yoruba, Hausa and Igbo need two points of their own, more than English and at least as
 * many as Pidgin (people mix in English words: "báwo ni mo ṣe lè withdraw"); Pidgin needs a word or a turn
 * of phrase of its own; English, one of its everyday words.
 */
export function detectLanguage(text: string): Language | null {
  const scores = languageScores(text);
  const [best, second] = NATIVE.map((language) => [language, scores[language]] as const).sort(
    (a, b) => b[1] - a[1],
  );
  if (best![1] >= 2 && best![1] > second![1] && best![1] > scores.en && best![1] >= scores.pcm)
    return best![0];
  if (scores.pcm >= 2) return 'pcm';
  if (scores.en >= 1) return 'en';
  return null;
}

/** Texts the assistant offers as buttons: the web app sends a pressed one as written, in English. */
const SUGGESTIONS = new Set(
  [
    ...KNOWLEDGE.flatMap((entry) => entry.suggestions),
    ...WELCOME_SUGGESTIONS,
    ...OFFLINE_SUGGESTIONS,
    msg('Why is my money on hold?'),
  ].map(fold),
);

/**
 * The language to answer in: the question's, else the user's. A question that is exactly one of the
 * assistant's English suggestions is a pressed button, not a choice of English: it is answered in the
 * user's language. `asked` is the language the question is read in (its own, else the user's when that is
 * Yoruba, Hausa or Igbo).
 */
export function answerLanguage(
  question: string,
  userLanguage: Language,
): { language: Language; asked: Language | null } {
  if (SUGGESTIONS.has(fold(question))) return { language: userLanguage, asked: 'en' };
  const detected = detectLanguage(question);
  return {
    language: detected ?? userLanguage,
    asked: detected ?? (isNative(userLanguage) ? userLanguage : null),
  };
}

/**
 * A Yoruba, Hausa or Igbo question in the knowledge base's words: its phrases, then its words, rewritten by
 * the language's lexicon; a word the lexicon does not know stays as it is (and counts as not understood).
 * A question in any other language is returned as it is.
 */
export function readQuestion(question: string, language: Language | null): string {
  if (!isNative(language)) return question;
  const lexicon = LEXICONS[language];
  let line = fold(question);
  for (const [pattern, replacement] of lexicon.phrases)
    line = line.replace(pattern, ` ${replacement} `).replace(/ {2,}/g, ' ');
  // Amounts ('₦200,000', '50k') are no word of any language: the fee quote reads them from the question.
  return line
    .split(' ')
    .filter((word) => word && !/^₦?\d/.test(word))
    .map((word) => (Object.hasOwn(lexicon.words, word) ? lexicon.words[word]! : word))
    .filter(Boolean)
    .join(' ');
}
