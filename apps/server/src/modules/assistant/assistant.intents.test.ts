import { describe, expect, it } from 'vitest';
import { TOPIC_ACTIONS } from './assistant.actions.ts';
import { HELD_OUT_SET } from './assistant.held-out-set.ts';
import { ACCOUNT_INTENTS, INTENT_PHRASINGS, OUT_OF_SCOPE } from './assistant.intents.ts';
import { createMatcher } from './assistant.matching.ts';
import { KNOWLEDGE } from './assistant.retrieval.ts';

const match = createMatcher(KNOWLEDGE);
const rows = Object.entries(INTENT_PHRASINGS).flatMap(([intent, phrasings]) =>
  phrasings.map((question, i) => ({ intent, question, id: `it:${intent}:${i}` })),
);

/** Where an intent's answer leads: its knowledge entry's topic's page, or the account answer itself. */
function destinationOf(intent: string): string {
  if ((ACCOUNT_INTENTS as readonly string[]).includes(intent)) return intent;
  const topic = KNOWLEDGE.find((entry) => entry.id === intent)?.topic;
  return topic ? TOPIC_ACTIONS[topic].value : 'no action';
}

/** The share of phrasings that must still reach the right destination with themselves left out. */
const REQUIRED_LEAVE_ONE_OUT = 0.75;

describe('intent table', () => {
  it('holds at least 150 phrasings, each for a known intent, none from the held-out set', () => {
    expect(rows.length).toBeGreaterThanOrEqual(150);
    const known = new Set([...KNOWLEDGE.map((entry) => entry.id), ...ACCOUNT_INTENTS]);
    expect(Object.keys(INTENT_PHRASINGS).filter((intent) => !known.has(intent))).toEqual([]);
    const words = (text: string) =>
      text
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, ' ')
        .trim();
    const heldOut = new Set(HELD_OUT_SET.map((item) => words(item.question)));
    expect(rows.filter((row) => heldOut.has(words(row.question))).map((row) => row.question)).toEqual([]);
  });

  it.each(rows)('"$question" → $intent', ({ intent, question }) => {
    const found = match(question);
    expect(found?.confident, `${question}: ${JSON.stringify(found)}`).toBe(true);
    expect(destinationOf(found!.intent), found!.intent).toBe(destinationOf(intent));
  });

  it(`reaches the right destination for ${REQUIRED_LEAVE_ONE_OUT * 100}% with each phrasing left out`, () => {
    const misses = rows.filter(({ intent, question, id }) => {
      const found = match(question, id);
      return !found?.confident || destinationOf(found.intent) !== destinationOf(intent);
    });
    const score = 1 - misses.length / rows.length;
    console.log(
      `Intent table, leave-one-out: ${rows.length - misses.length}/${rows.length} = ${(score * 100).toFixed(1)}%`,
    );
    expect(score).toBeGreaterThanOrEqual(REQUIRED_LEAVE_ONE_OUT);
  });

  it.each(OUT_OF_SCOPE)('"%s" is not understood (the honest answer, not a guess)', (question) => {
    expect(match(question)?.confident ?? false, JSON.stringify(match(question))).toBe(false);
  });
});
