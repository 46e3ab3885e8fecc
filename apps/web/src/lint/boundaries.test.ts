import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The web import-direction rules (`apps/web/.dependency-cruiser.cjs`, run by `npm run lint:boundaries`)
 * applied to a small fake web tree that breaks each rule once. Runs the real CLI with the real config, the
 * way lint and CI do, so deleting or loosening a rule fails here.
 */

// A plain path: under jsdom, `URL` is jsdom's and fileURLToPath refuses it.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const fixture = 'apps/web/test-fixtures/boundaries';
const depcruise = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

type Violation = { from: string; to: string; rule: { name: string; severity: string } };

let violations: Violation[];

/** Every violation as "rule: from -> to", paths relative to the fixture. */
const reported = () =>
  violations
    .map(
      (v) =>
        `${v.rule.name}: ${path.posix.relative(fixture, v.from)} -> ${path.posix.relative(fixture, v.to)}`,
    )
    .sort();

beforeAll(() => {
  const run = spawnSync(
    process.execPath,
    [depcruise, fixture, '--config', 'apps/web/.dependency-cruiser.cjs', '--output-type', 'json'],
    { cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  expect(run.error).toBeUndefined();
  expect(run.stderr).toBe('');
  violations = (JSON.parse(run.stdout) as { summary: { violations: Violation[] } }).summary.violations;
});

describe('web import direction', () => {
  it('reports errors, not warnings', () => {
    expect(violations.length).toBeGreaterThan(0);
    expect(violations.every((v) => v.rule.severity === 'error')).toBe(true);
  });

  it('rejects exactly the deliberate bad imports and allows the rest', () => {
    // Allowed and therefore absent: feature → lib, feature → its own files, testing → lib, app → anything.
    expect(reported()).toEqual([
      'web-features-dont-reach-up: features/alpha/components/alpha-label.ts -> app/router.ts',
      'web-features-stay-apart: features/alpha/components/alpha-card.ts -> features/beta/api/beta-api.ts',
      'web-shared-code-stays-below-features: components/layouts/top-bar.ts -> features/alpha/components/alpha-card.ts',
    ]);
  });
});
