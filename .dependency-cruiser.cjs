/**
 * Module boundaries of the server (and of packages/shared), checked by `npm run lint:boundaries`.
 *
 * Paths are matched wherever a module tree sits (apps/server/src/modules/..., or the fixture tree in
 * apps/server/test-fixtures/boundaries/modules/... that apps/server/src/lint/boundaries.test.ts cruises),
 * so the same rules judge both. In `from.path`, group 1 is the tree's root ('apps/server/src/', always a
 * string, possibly empty) and group 2 the module's name; `to.path`/`to.pathNot` refer to them as $1/$2.
 *
 * Test code (*.test.ts, *.test-support.ts, *.test-helpers.ts, testing/**) may reach into any module and
 * any table; it is still part of the cycle rule.
 */

/** Test code: exempt from the door, ledger and reach-up rules. */
const TEST_CODE = '\\.test\\.ts$|\\.test-support\\.ts$|\\.test-helpers\\.ts$|(^|/)testing/';

/** A file in a module: $1 = the tree's root (ends in '/', or empty), $2 = the module's name. */
const IN_A_MODULE = '^(|.*?/)modules/([^/]+)/';

/**
 * Which module owns each schema file's tables (apps/server/src/db/schema/owners.json): only that module
 * imports the file; others go through its index.ts, or join one of the views in `published.ts` ("*":
 * any module). "" means no module: `throttles.ts` belongs to lib/throttle.ts. Schema files may still
 * import each other for foreign keys (they are not in modules/).
 */
const TABLE_OWNERS = require('./apps/server/src/db/schema/owners.json');
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const tablesBelongToTheirModule = Object.entries(TABLE_OWNERS)
  .filter(([, owner]) => owner !== '*')
  .map(([file, owner]) => ({
    name: 'tables-belong-to-their-module',
    severity: 'error',
    comment:
      `The tables of db/schema/${file} belong to ${owner ? `modules/${owner}` : 'lib/throttle.ts'}. ` +
      "Use that module's index.ts (a function or a read model), or a view of db/schema/published.ts for a " +
      'join; the owner adds what is missing.',
    from: {
      path: owner ? `^(|.*?/)modules/(?!${escape(owner)}/)[^/]+/` : '^(|.*?/)modules/',
      pathNot: TEST_CODE,
    },
    to: { path: `^$1db/schema/${escape(file)}$` },
  }));

module.exports = {
  forbidden: [
    ...tablesBelongToTheirModule,
    {
      name: 'one-door-per-module',
      severity: 'error',
      comment:
        "A module's files may use another module only through that module's index.ts. Export what the " +
        'other module needs from its index.ts (or move the code) instead of importing its internals.',
      from: { path: IN_A_MODULE, pathNot: TEST_CODE },
      to: {
        path: '^$1modules/[^/]+/',
        pathNot: ['^$1modules/$2/', '^$1modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'one-door-from-outside-modules',
      severity: 'error',
      comment:
        'Code outside modules/ (app.ts, server.ts, plugins, cli, db, lib) may use a module only through ' +
        "modules/<name>/index.ts or modules/index.ts, never a module's internal files.",
      from: { pathNot: ['(^|/)modules/', '(^|/)node_modules/', TEST_CODE] },
      to: {
        path: '(^|/)modules/[^/]+/',
        pathNot: ['(^|/)node_modules/', '(^|/)modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'ledger-tables-belong-to-ledger',
      severity: 'error',
      comment:
        'The ledger tables (db/schema/ledger.ts) are read and written only by modules/ledger. Other code ' +
        "goes through the ledger module's index.ts. Other schema files may reference it for foreign keys; " +
        'drizzle-kit finds the schema files by glob, not by import.',
      // db/schema/*.ts siblings may import it: wallet.ts and payments.ts declare foreign keys to
      // journal_entries with `.references(() => journalEntries.id)`, a schema fact rather than data access.
      from: { pathNot: ['(^|/)modules/ledger/', '(^|/)db/schema/[^/]+\\.ts$', TEST_CODE] },
      to: { path: '(^|/)db/schema/ledger\\.ts$' },
    },
    {
      name: 'modules-dont-reach-up',
      severity: 'error',
      comment:
        'Nothing under modules/ imports app.ts, server.ts or plugins/: the app wires modules together, not ' +
        'the other way round. Pass what a module needs in (options, decorators, a small lib/ helper).',
      from: { path: '^(|.*?/)modules/', pathNot: TEST_CODE },
      to: { path: '^$1(?:app\\.ts$|server\\.ts$|plugins/)' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Circular dependency (type-only imports included). Break it by moving the shared piece into its ' +
        'own file, or by passing it in.',
      from: { pathNot: '(^|/)node_modules/' },
      to: { circular: true },
    },
    {
      name: 'shared-stays-independent',
      severity: 'error',
      comment: 'packages/shared is used by the server and the web app; it must not import from apps/.',
      from: { path: '(^|/)packages/shared/' },
      to: { path: '(^|/)apps/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'An import dependency-cruiser cannot resolve (a typo, a missing file or package). Kept as an error so ' +
        'that a resolution problem cannot quietly hide the boundary rules above.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    // Type-only imports count: `import type` across a boundary couples modules just the same.
    tsPreCompilationDeps: true,
    // Absolute: TypeScript resolves the "extends" of a relative config name against the wrong folder.
    tsConfig: { fileName: `${__dirname}/apps/server/tsconfig.json` },
    enhancedResolveOptions: {
      // @escrow/shared/* resolves through packages/shared's package.json "exports" to its .ts sources.
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
