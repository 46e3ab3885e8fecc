import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { noLedgerTablesInSql } from './scripts/eslint/no-ledger-tables-in-sql.mjs';
import { noUntranslatedJsxText } from './scripts/eslint/no-untranslated-jsx-text.mjs';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/dev-dist/**', 'apps/server/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // One clock (apps/server/src/lib/clock.ts): server code takes "now" from the injected clock, so
    // every write and timer can be tested with a controlled clock; shared code takes "now" as a parameter
    // (the server passes its clock, the web app the device's time). Tests may read the wall clock.
    files: [
      'apps/server/src/modules/**/*.ts',
      'apps/server/src/plugins/**/*.ts',
      'apps/server/src/lib/**/*.ts',
      'apps/server/src/db/**/*.ts',
      'packages/shared/src/**/*.ts',
    ],
    ignores: [
      '**/*.test.ts',
      '**/*.test-support.ts',
      '**/*.test-helpers.ts',
      // The clock itself: the one place that reads the system's time.
      'apps/server/src/lib/clock.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Use the injected clock (deps.clock.now()) or take "now" as a parameter, not new Date().',
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Use the injected clock (deps.clock.now()) or take "now" as a parameter, not Date.now().',
        },
      ],
    },
  },
  {
    // CommonJS config files (dependency-cruiser's) load what they need with require().
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Ledger tables in raw SQL only inside the ledger module (the boundary lint covers imports).
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/modules/ledger/**',
      'apps/server/src/db/schema/**',
      'apps/server/src/testing/**',
      '**/*.test.ts',
      '**/*.test-support.ts',
      '**/*.test-helpers.ts',
    ],
    plugins: { escrow: { rules: { 'no-ledger-tables-in-sql': noLedgerTablesInSql } } },
    rules: { 'escrow/no-ledger-tables-in-sql': 'error' },
  },
  {
    // Numbers, money, dates and times on screen go through
    // apps/web/src/lib/format.ts only (lib/no-hand-formatting.test.ts checks the same in the test run).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/format.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name='NumberFormat']",
          message: 'Format numbers with apps/web/src/lib/format.ts.',
        },
        {
          selector: 'CallExpression[callee.property.name=/^(toLocaleString|toFixed)$/]',
          message:
            'Format numbers with apps/web/src/lib/format.ts (formatMoney, formatWholeAmount, formatCount…).',
        },
        {
          selector: "MemberExpression[object.name='Intl'][property.name='DateTimeFormat']",
          message: 'Format dates and times with apps/web/src/lib/format.ts (Lagos time).',
        },
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]',
          message: 'Format dates and times with apps/web/src/lib/format.ts (Lagos time).',
        },
        {
          selector: 'CallExpression[callee.property.name=/^get(FullYear|Month|Date|Day|Hours|Minutes)$/]',
          message: "The device's zone: use lib/dates (lagosDay) or lib/format.ts (Lagos time).",
        },
      ],
    },
  },
  {
    // Screens show texts through t() so every language has them (docs/languages.md).
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', 'apps/web/src/testing/**'],
    plugins: { i18n: { rules: { 'no-untranslated-jsx-text': noUntranslatedJsxText } } },
    rules: { 'i18n/no-untranslated-jsx-text': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
