import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import { importX } from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

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

// One direction inside the server: routes/ use rest/ and plugins/; rest/ and plugins/ use
// neither routes/ nor each other; db/ uses none of them.
const SERVER_LAYERS = [
  {
    target: 'server/plugins',
    from: ['server/rest', 'server/routes'],
    message: 'A plugin takes what it needs from rest/ or routes/ as an option.',
  },
  {
    target: 'server/rest',
    from: ['server/routes', 'server/plugins'],
    message: 'rest/ is the PostgREST protocol; routes/ mount it with the plugins.',
  },
  {
    target: 'server/db',
    from: ['server/rest', 'server/routes', 'server/plugins', 'server/cli'],
    message: 'db/ is the bottom layer.',
  },
]

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
    files: ['server/**/*.ts', 'scripts/**/*.ts', 'e2e/**/*.ts', 'reliability/**/*.ts', 'bench/**/*.ts', '*.config.{ts,js}'],
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
      'import-x/no-restricted-paths': ['error', { zones: SIDES }],
    },
  },
  {
    // Tests are left out: nothing imports a test, so one cannot close a cycle.
    files: ['server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...SIDES, ...SERVER_LAYERS] }] },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'src/testing/**', 'e2e/**', 'reliability/**'],
    rules: {
      '@typescript-eslint/no-empty-function': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
)
