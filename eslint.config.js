// @ts-check
import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default defineConfig(
  { ignores: ['dist/', 'reports/', 'test-results/', 'playwright-report/', 'docs/', 'data/'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['eslint.config.js', '.dependency-cruiser.cjs'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names are deliberate: xstate's `(_, params)` action signatures, properties left out of a rest object
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // it takes an assertion that picks a generic's type argument for a no-op (xstate's `types: {} as …`, inject()'s `json() as …`,
      // `'promise' as FakeKind` inside a literal): dropping those turns the value any or breaks setup()'s typing
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // Fastify hooks, Kysely's migration provider and xstate's fromPromise actors must return a promise: `async` without `await` is how they are written
      '@typescript-eslint/require-await': 'off',
      // TanStack Router's beforeLoad throws redirect() (a Response) and notFound(), not Errors
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'package', package: '@tanstack/router-core', name: ['Redirect', 'NotFoundError'] }] },
      ],
      // String(form.get(name)) reads text fields: File is in FormDataEntryValue's type only
      '@typescript-eslint/no-base-to-string': ['error', { ignoredTypeNames: ['Error', 'RegExp', 'URL', 'URLSearchParams', 'File'] }],
    },
  },
  { files: ['src/**/*.{ts,tsx}'], extends: [reactHooks.configs.flat.recommended] },
  {
    files: ['src/**/*.tsx'],
    extends: [jsxA11y.flatConfigs.recommended],
    rules: {
      // a dialog focuses its first control when it opens, as the WAI-ARIA dialog pattern asks
      'jsx-a11y/no-autofocus': 'off',
    },
  },
  {
    files: ['src/app/**'],
    rules: {
      // the wiring sends to actors found by id with xstate's system.get(), which is typed any
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['server/db/migration*.ts'],
    // Kysely<any> is Kysely's way for migrations: they must not follow today's schema types
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['tests/**'],
    rules: {
      // the tests assert on the fields of inject()'s and fetch's JSON answers, typed any
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // deferred() rejects with whatever reason the test picks
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
      // Playwright fixtures that use no other fixture are written `async ({}, use) =>`
      'no-empty-pattern': 'off',
    },
  },
  { files: ['**/*.{js,cjs}'], extends: [tseslint.configs.disableTypeChecked] },
)
