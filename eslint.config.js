// ESLint (flat config) with typescript-eslint's type-aware rules; formatting is Prettier's (.prettierrc.json).
// `npm run lint` runs both checks; docs/development.md#lint-and-format says what is checked and why.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'coverage/',
      'data/',
      'bench/results/',
      'console/src/shared/api/schema.gen.ts',
      'console/src/shared/api/limits.gen.ts',
      'test/browser/screenshots/',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      // A leading underscore names what is left unused on purpose (a migration's dialect argument,
      // a key dropped by destructuring, the item of a loop that drains a stream).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // `import type` keeps type-only imports out of the emitted JavaScript (and out of import cycles at run time).
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // `import { type A }` alone still loads the module at run time; `import type { A }` does not.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      // A returned promise inside try/catch must be awaited, or its rejection escapes the catch.
      '@typescript-eslint/return-await': ['error', 'error-handling-correctness-only'],
      // Promise.all over optional hooks (`extension.loadParts?.(…)`) mixes promises and undefined on purpose.
      '@typescript-eslint/await-thenable': ['error', { allowMixedPromiseArrays: true }],
      // Fastify plugins, hooks and handlers are async functions by Fastify's contract (a throw becomes a
      // rejection Fastify answers); dropping `async` where nothing is awaited would change that.
      '@typescript-eslint/require-await': 'off',
      // Services and repositories are object literals whose methods never use `this`; they are passed
      // around as functions (`load: clients.get`) on purpose.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // The web console and its tests run in a browser (or jsdom); React's rules of hooks apply.
    files: ['console/**/*.{ts,tsx}', 'test/console/**/*.{ts,tsx}', 'test/browser/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['console/**/*.tsx', 'test/console/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Tests read JSON answers (`response.json()`, typed `any`) field by field; typing each would add
    // thousands of casts that check nothing the assertions do not.
    files: ['test/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Plain JavaScript (bin, scripts, bench helpers, configuration) is outside tsconfig.json: no type information.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
