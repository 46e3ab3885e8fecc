import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { createUser, type TestUser } from '../../testing/test-kit.ts';
import { EVALUATION_SET } from './assistant.evaluation-set.ts';
import { KNOWLEDGE } from './assistant.retrieval.ts';

/** The share of the evaluation set that must reach the right page: at least 85%. */
const REQUIRED_SCORE = 0.85;

let app: App;
let user: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  user = await createUser(app, 'Amaka');
});
afterAll(async () => {
  await app.close();
});

describe('assistant evaluation set', () => {
  it('is at least 60 phrasings, none copied from the knowledge base', () => {
    expect(EVALUATION_SET.length).toBeGreaterThanOrEqual(60);
    const words = (text: string) =>
      text
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, ' ')
        .trim();
    const known = new Set(KNOWLEDGE.flatMap((entry) => entry.questions.map(words)));
    const copied = EVALUATION_SET.filter(({ question }) => known.has(words(question)));
    expect(copied).toEqual([]);
    expect(new Set(EVALUATION_SET.map((item) => item.question)).size).toBe(EVALUATION_SET.length);
  });

  it(`sends at least ${REQUIRED_SCORE * 100}% of the phrasings to the right page`, async () => {
    const misses: string[] = [];
    for (const { question, destination } of EVALUATION_SET) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/chatbot/ask',
        headers: user.headers,
        payload: { message: question },
      });
      expect(res.statusCode, question).toBe(200);
      const got: string | undefined = res.json().data.action?.value;
      if (got !== destination)
        misses.push(`  "${question}": expected ${destination}, got ${got ?? 'no action'}`);
    }
    const right = EVALUATION_SET.length - misses.length;
    const score = right / EVALUATION_SET.length;
    console.log(
      `Assistant evaluation: ${right}/${EVALUATION_SET.length} = ${(score * 100).toFixed(1)}% reach the right page` +
        (misses.length ? `\nMisses:\n${misses.join('\n')}` : ''),
    );
    expect(score).toBeGreaterThanOrEqual(REQUIRED_SCORE);
  });
});
