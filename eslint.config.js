// ESLint flat config for the whole repository (`npx eslint .`).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
