import js from '@eslint/js'
import vitest from '@vitest/eslint-plugin'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import { importX } from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { SERVER_FOLDERS } from './lint/server-zones.js'
import { INBOX, PAGE_FEATURE_ZONES, PAGES } from './lint/src-zones.js'

export { FEATURE_GRAPH, FEATURE_PORTS } from './lint/server-zones.js'

// The page and the server meet only over HTTP; common/ is what both may import.
// bench/, e2e/, reliability/ and scripts/ (the prerender among them) drive both sides.
const SIDES = [
  {
    target: 'common',
    from: ['src', 'server', 'scripts', 'e2e', 'bench', 'reliability'],
    message: 'common/ is imported by the page and the server, so it knows neither.',
  },
  { target: 'src', from: 'server', message: 'The page reaches the server only over HTTP.' },
  { target: 'server', from: 'src', message: 'The server knows the page only as the built files it serves.' },
]

// Relative to this file, so a lint started from another directory draws the same lines.
const BASE_PATH = import.meta.dirname

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'data'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  ...tseslint.configs.stylistic,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.strict },
  {
    files: ['src/**/*.tsx'],
    // A region that scrolls or moves by keyboard must be reachable by Tab.
    rules: { 'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'] }] },
  },
  {
    files: [
      'server/**/*.ts',
      'scripts/**/*.ts',
      'e2e/**/*.ts',
      'reliability/**/*.ts',
      'bench/**/*.ts',
      '*.config.{ts,js}',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // tsconfig.json's references, so `./x.ts` resolves as TypeScript resolves it.
      'import-x/resolver-next': [createTypeScriptImportResolver()],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Node's modules, then packages, then ours, each in alphabetical order: one place for every import.
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', ['internal', 'parent', 'sibling', 'index']],
          alphabetize: { order: 'asc', caseInsensitive: true },
          'newlines-between': 'never',
        },
      ],
      'import-x/no-restricted-paths': ['error', { zones: SIDES, basePath: BASE_PATH }],
    },
  },
  {
    // Tests are left out: nothing imports a test, so one cannot close a cycle.
    files: ['server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...SIDES, ...SERVER_FOLDERS], basePath: BASE_PATH }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...SIDES, ...PAGES, ...INBOX, ...PAGE_FEATURE_ZONES], basePath: BASE_PATH },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'src/testing/**', 'e2e/**', 'reliability/**'],
    rules: {
      '@typescript-eslint/no-empty-function': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // A test that asserts nothing passes whatever the code does. Vitest's tests, and Playwright's
    // (its `test` counted as a test block), each call an assertion: expect and its forms (expect.poll,
    // expect.soft), or a helper named expect… or assert… that calls one.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.spec.ts'],
    plugins: { vitest },
    rules: {
      'vitest/expect-expect': [
        'error',
        { assertFunctionNames: ['expect', 'expect*', 'assert*'], additionalTestBlockFunctions: ['test'] },
      ],
    },
  },
)
