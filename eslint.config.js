// Lint with the architecture's boundaries (docs/architecture.md, "Boundaries"; docs/design/conventions.md) as rules.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundaries } from './scripts/eslint-boundaries.mjs';

const restrict = (...patterns) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
});

/** The web imports no zod: its values must not reach the browser (contract types come through the boundaries rule). */
const noZodInWeb = {
  group: ['zod', 'zod/*'],
  allowTypeImports: true,
  message: 'the web imports contract types only: zod must not reach the browser (use request(key, input))',
};
/** A contract string refuses a lone surrogate only when it comes from ./z (decision 050). */
const contractZod = {
  group: ['zod', 'zod/*'],
  allowTypeImports: true,
  message: "the contract declares with `import * as z from './z'`: its strings refuse a lone surrogate",
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'server/db/seed/demo/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['web/**/*.{ts,tsx}'], ...reactHooks.configs.flat['recommended-latest'] },
  // Functions stay short (issue 28): the file limit alone moved the length into functions. A component may hold
  // its markup (120 lines); any other function 80. Tests and journeys read as scripts and are exempt.
  {
    files: ['**/*.{ts,js,mjs}'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['**/*.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }] },
  },
  // Tests, journeys and the test kits and fakes under server/test read as scripts and are exempt.
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.spec.ts', 'server/test/**'],
    rules: { 'max-lines-per-function': 'off' },
  },
  // The layers and features of docs/architecture.md, judged by the path an import resolves to (decision 057):
  // the allow-listed imports between features are in scripts/eslint-boundaries.mjs.
  {
    files: ['{common,server,web,bench,e2e,scripts}/**/*.{ts,tsx,mjs}'],
    plugins: { boundaries },
    rules: { 'boundaries/layers': 'error', 'boundaries/no-climbing': 'error' },
  },
  {
    files: ['common/contract/**/*.ts'],
    ignores: ['common/contract/z.ts'],
    rules: restrict(contractZod),
  },
  { files: ['web/**/*.{ts,tsx}'], rules: restrict(noZodInWeb) },
);
