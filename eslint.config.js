// ESLint flat config for the whole repository (`npx eslint .`).
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importBoundaries } from './eslint.boundaries.js';

// Imports that break a boundary today (docs/architecture.md#layers). Each is TO BE REMOVED: fix the import,
// then delete its line here. Paths are relative to the repository root.
const boundaryExceptions = [
  // None today. Add one only with its reason, as { file, imports, reason }, and remove it with the fix.
];

// `_`-prefixed names mark values that are unused on purpose (callback arguments, destructuring).
const unusedVars = [
  'error',
  {
    argsIgnorePattern: '^_',
    varsIgnorePattern: '^_',
    caughtErrorsIgnorePattern: '^_',
    destructuredArrayIgnorePattern: '^_',
    ignoreRestSiblings: true,
  },
];

export default defineConfig(
  globalIgnores([
    '**/dist/',
    '**/node_modules/',
    '.tools/',
    'coverage/',
    'test-results/',
    '.data/',
    'client/src/graphql/generated.ts',
    // Small trees that break the boundary rules on purpose (tests/integration/lint-boundaries.test.ts).
    'tests/fixtures/lint/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'warn' },
    rules: {
      'no-unused-vars': 'off',
      '@typescript-eslint/no-unused-vars': unusedVars,
      // Some library seams (GraphQL resolvers, MikroORM raw rows) are untyped; flag, do not fail.
      '@typescript-eslint/no-explicit-any': 'warn',
      // Errors are translated on purpose (AppError codes, user-facing messages that already carry the
      // original text), so a new error thrown from a catch block need not chain `cause`.
      'preserve-caught-error': 'off',
      // A redundant initial value is worth a look, not a failed build.
      'no-useless-assignment': 'warn',
    },
  },
  {
    // Everything that runs on Node: server, workers, migrations, tests, tooling and config files.
    files: [
      'server/**',
      'migrations/**',
      'tests/**',
      'scripts/**',
      'bench/**',
      '*.{js,cjs,mjs,ts,mts,cts}',
      'client/*.config.{js,mjs,ts,mts}',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['client/src/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  importBoundaries(path.dirname(new URL(import.meta.url).pathname), {
    exceptions: boundaryExceptions,
    tsconfigs: ['server/tsconfig.json', 'client/tsconfig.json', 'tests/tsconfig.json'],
  }),
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
