/**
 * Import direction of the web app, checked by `npm run lint:boundaries`: lib/, components/, widgets/,
 * config/ and testing/ → features/ → app/. A feature never imports another feature; what several features
 * need lives in lib/ (hooks, query keys, API helpers), components/ (UI pieces) or widgets/ (whole blocks
 * with their own queries, such as the chat panel or a dispute's messages), and only app/ (routes, shell
 * slots, providers) wires features together.
 *
 * Paths are matched wherever the tree sits (apps/web/src/..., or the fixture tree in
 * apps/web/test-fixtures/boundaries/... that src/lint/boundaries.test.ts and CI cruise), so the same rules
 * judge both. In `from.path`, group 1 is the tree's root (ends in '/', or empty); `to.path` refers to it
 * as $1. Test files follow the same rules: a test helper several features use belongs in testing/.
 */

/** The tree's root ($1) and, for a feature, its name ($2). */
const IN_A_FEATURE = '^(|.*?/)features/([^/]+)/';
const IN_SHARED_CODE = '^(|.*?/)(?:lib|components|widgets|config|testing)/';

module.exports = {
  forbidden: [
    {
      name: 'web-features-stay-apart',
      severity: 'error',
      comment:
        'A feature imports no other feature. Move what both need into lib/ (hooks, query keys, API helpers) ' +
        'or components/ (shared UI), or let the app layer (app/) pass it in as a prop or slot.',
      from: { path: IN_A_FEATURE },
      to: { path: '^$1features/', pathNot: '^$1features/$2/' },
    },
    {
      name: 'web-shared-code-stays-below-features',
      severity: 'error',
      comment:
        'lib/, components/, widgets/, config/ and testing/ are used by every feature, so they import no feature and ' +
        'nothing from app/. Take the feature piece as a prop or slot, filled in app/.',
      from: { path: IN_SHARED_CODE },
      to: { path: '^$1(?:features|app)/' },
    },
    {
      name: 'web-features-dont-reach-up',
      severity: 'error',
      comment:
        'A feature imports nothing from app/ (routes, router, providers): the app composes features, not ' +
        'the other way round. A test that needs a whole route belongs beside that route in app/routes.',
      from: { path: IN_A_FEATURE },
      to: { path: '^$1app/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'An import dependency-cruiser cannot resolve (a typo, a missing file or package). Kept as an error so ' +
        'that a resolution problem cannot quietly hide the rules above.',
      from: {},
      // Vite's virtual modules exist only inside the bundler.
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    // Type-only imports count: `import type` across a boundary couples features just the same.
    tsPreCompilationDeps: true,
    // Absolute: TypeScript resolves the "extends" of a relative config name against the wrong folder.
    tsConfig: { fileName: `${__dirname}/tsconfig.json` },
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
