import { describe, expect, it } from 'vitest';
import { HELD_OUT_SET } from './assistant.held-out-set.ts';
import { destinationOf, fixtureAssistant, reaches } from './assistant.test-support.ts';

/** At least 90% of the held-out questions (never tuned on) reach the right destination. */
const REQUIRED_SCORE = 0.9;

describe('assistant held-out set', () => {
  it('has at least 50 distinct questions', () => {
    expect(HELD_OUT_SET.length).toBeGreaterThanOrEqual(50);
    expect(new Set(HELD_OUT_SET.map((item) => item.question.toLowerCase())).size).toBe(HELD_OUT_SET.length);
  });

  it(`sends at least ${REQUIRED_SCORE * 100}% of the held-out questions to the right destination`, async () => {
    const ask = fixtureAssistant();
    const misses: string[] = [];
    for (const { question, expect: expected } of HELD_OUT_SET) {
      const answer = await ask(question);
      if (!reaches(answer, expected))
        misses.push(`  "${question}": expected ${expected}, got ${destinationOf(answer)}`);
    }
    const right = HELD_OUT_SET.length - misses.length;
    const score = right / HELD_OUT_SET.length;
    console.log(
      `Assistant held-out set: ${right}/${HELD_OUT_SET.length} = ${(score * 100).toFixed(1)}% right` +
        (misses.length ? `\nMisses:\n${misses.join('\n')}` : ''),
    );
    expect(score).toBeGreaterThanOrEqual(REQUIRED_SCORE);
  });
});
