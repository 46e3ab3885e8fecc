import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../packages/shared/src/i18n/languages.ts';

/**
 * The landing page's initial JavaScript stays within its budget (docs/performance.md) in every language:
 * what index.html names plus English's and the language's first-page catalogue, measured on the build
 * these journeys run against by the bench itself (`--sizes-only --no-build`), which exits non-zero over
 * budget. Bytes, not speed: a build's sizes are the same on any machine.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const BUDGET_KB = 120;

describe('the landing page in every language', () => {
  it.each(LANGUAGES)('%s: initial JavaScript within the budget', (language) => {
    const out = execFileSync(
      process.execPath,
      ['scripts/bench-web.mjs', '--sizes-only', '--no-build', `--language=${language}`],
      { cwd: ROOT, encoding: 'utf8' },
    );
    const measured = /Initial JS for \/ : ([\d.]+) KB gzip/.exec(out);
    expect(measured, out).not.toBeNull();
    expect(Number(measured![1])).toBeLessThanOrEqual(BUDGET_KB);
    expect(out).toContain(`landing (/, ${language})`);
  });
});
