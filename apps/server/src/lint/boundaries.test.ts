import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The module-boundary rules (`.dependency-cruiser.cjs`, run by `npm run lint:boundaries`) applied to a
 * small fake server tree that breaks each rule once. Runs the real CLI with the real config, the way lint
 * and CI do, so deleting or loosening a rule fails here.
 */

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const fixture = 'apps/server/test-fixtures/boundaries';
const depcruise = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

type Violation = {
  from: string;
  to: string;
  rule: { name: string; severity: string };
  cycle?: { name: string }[];
};

let violations: Violation[];

/** The violations of a rule as "from -> to", paths relative to the fixture. */
function reported(rule: string) {
  const local = (file: string) => path.posix.relative(fixture, file);
  return violations.filter((v) => v.rule.name === rule).map((v) => `${local(v.from)} -> ${local(v.to)}`);
}

beforeAll(() => {
  const run = spawnSync(
    process.execPath,
    [depcruise, fixture, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
    { cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  expect(run.error).toBeUndefined();
  expect(run.stderr).toBe('');
  violations = (JSON.parse(run.stdout) as { summary: { violations: Violation[] } }).summary.violations;
});

describe('module boundary rules', () => {
  // With the json reporter depcruise exits 0; with the default reporter (lint, CI) every error counts
  // towards a non-zero exit, which the CI step "boundary lint rejects a bad import" checks.
  it('report errors, not warnings, on the fixture', () => {
    expect(violations.length).toBeGreaterThan(0);
    expect(violations.every((v) => v.rule.severity === 'error')).toBe(true);
  });

  it('reject importing another module except through its index.ts', () => {
    expect(reported('one-door-per-module')).toEqual([
      'modules/beta/beta.service.ts -> modules/alpha/alpha.repository.ts',
    ]);
  });

  it("reject code outside modules/ importing a module's internal file", () => {
    expect(reported('one-door-from-outside-modules')).toEqual([
      'app.ts -> modules/alpha/alpha.repository.ts',
    ]);
  });

  it('reject the ledger tables outside modules/ledger', () => {
    expect(reported('ledger-tables-belong-to-ledger')).toEqual([
      'modules/beta/beta.balances.ts -> db/schema/ledger.ts',
    ]);
  });

  it("reject a module importing another module's tables (db/schema/owners.json)", () => {
    expect(reported('tables-belong-to-their-module').sort()).toEqual([
      'modules/beta/beta.balances.ts -> db/schema/ledger.ts',
      'modules/beta/beta.people.ts -> db/schema/users.ts',
    ]);
  });

  it('reject a module importing plugins/, app.ts or server.ts', () => {
    expect(reported('modules-dont-reach-up')).toEqual(['modules/alpha/alpha.guard.ts -> plugins/auth.ts']);
  });

  it('reject a cycle', () => {
    const cycles = violations.filter((v) => v.rule.name === 'no-circular');
    expect(cycles).toHaveLength(1);
    const members = [cycles[0]!.from, ...(cycles[0]!.cycle ?? []).map((step) => step.name)];
    expect(new Set(members.map((file) => path.posix.relative(fixture, file)))).toEqual(
      new Set(['modules/beta/beta.ping.ts', 'modules/beta/beta.pong.ts']),
    );
  });

  it('reject packages/shared importing from apps/', () => {
    expect(reported('shared-stays-independent')).toEqual([
      'packages/shared/leak.ts -> modules/alpha/index.ts',
    ]);
  });

  it('allow the good imports: doors, owners of their tables, the published views, test code', () => {
    const edges = violations.map((v) => `${v.from} -> ${v.to}`);
    const allowed = [
      ['modules/beta/beta.service.ts', 'modules/alpha/index.ts'],
      ['app.ts', 'modules/beta/index.ts'],
      ['app.ts', 'modules/ledger/index.ts'],
      ['modules/ledger/index.ts', 'db/schema/ledger.ts'],
      ['modules/auth/index.ts', 'db/schema/users.ts'],
      ['modules/beta/beta.directory.ts', 'db/schema/published.ts'],
      ['app.ts', 'modules/auth/index.ts'],
      ['modules/beta/beta.test-support.ts', 'modules/alpha/alpha.repository.ts'],
      ['modules/beta/beta.test-support.ts', 'db/schema/ledger.ts'],
    ];
    for (const [from, to] of allowed) {
      expect(edges).not.toContain(`${fixture}/${from} -> ${fixture}/${to}`);
    }
    // Nothing reported beyond the eight deliberate violations above (no unresolved imports either).
    expect(violations).toHaveLength(8);
  });
});
