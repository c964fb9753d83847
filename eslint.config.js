import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import vitest from '@vitest/eslint-plugin'
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

// The landing page and the inbox are two bundles: they share only src/components/ui,
// src/lib and common/, so neither pulls the other's code into its download.
const PAGES = [
  {
    target: 'src/inbox',
    from: [
      'src/features',
      'src/features-shared',
      'src/app',
      'src/routes',
      'src/content',
      'src/config',
      'src/hooks',
      'src/main.tsx',
      'src/entry-server.tsx',
    ],
    message: 'The inbox shares only src/components/ui, src/lib and common/ with the landing page.',
  },
  { target: ['src/!(inbox)/**', 'src/*.{ts,tsx}'], from: 'src/inbox', message: 'The landing page never loads the inbox.' },
  {
    target: ['src/inbox/!(testing)/**/!(*.test).{ts,tsx}', 'src/inbox/!(*.test).{ts,tsx}'],
    from: 'src/inbox/testing',
    message: 'src/inbox/testing/ supports tests; the inbox never ships it.',
  },
]

// Relative to this file, so a lint started from another directory draws the same lines.
const BASE_PATH = import.meta.dirname
const foldersIn = (dir) =>
  readdirSync(`${BASE_PATH}/${dir}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)

// The inbox is cut like the server: a screen is one page of the inbox and never
// imports another; what two screens share lives in a part below them. Only app/
// (the screens' composition, with main.tsx above it) imports screens. Every other
// folder is a screen, so a new one is held by the rule before anyone lists it.
const INBOX_PARTS = ['app', 'router', 'ui', 'api', 'content', 'contact', 'leads-shared', 'testing']
const SCREENS = foldersIn('src/inbox').filter((folder) => !INBOX_PARTS.includes(folder))
const inbox = (folders) => folders.map((folder) => `src/inbox/${folder}`)
const INBOX = [
  ...SCREENS.map((screen) => ({
    target: `src/inbox/${screen}`,
    from: inbox(SCREENS.filter((other) => other !== screen)),
    message: `${screen}/ is a screen of the inbox: it never imports another screen; what both need moves to ui/, leads-shared/ or another part.`,
  })),
  {
    target: [`src/inbox/!(app|${SCREENS.join('|')})/**`, 'src/inbox/*.{ts,tsx}'],
    from: inbox(SCREENS),
    message: 'Only app/ imports the screens: the kit (ui/), router/, api/ and the other parts import none.',
  },
  { target: 'src/inbox/!(app)/**', from: 'src/inbox/app', message: 'app/ composes the screens, so nothing below it imports it.' },
]

// The landing page's features never import each other: what two need lives in
// src/features-shared/ (track(), the page's attribution), src/lib/ or src/components/.
const PAGE_FEATURES = foldersIn('src/features')
const PAGE_FEATURE_ZONES = PAGE_FEATURES.map((feature) => ({
  target: `src/features/${feature}`,
  from: PAGE_FEATURES.filter((other) => other !== feature).map((other) => `src/features/${other}`),
  message: `src/features/${feature}/ never imports another feature: what both need moves to src/features-shared/.`,
}))

// The server is cut by feature. A feature is one thing the site does; it uses
// the shared machinery below the features, and of the other features only those
// this graph names: what a feature needs of another is declared here, where a
// reader (and server/lint-boundaries.test.ts) can see it. The graph has no cycle.
// Only the composition roots (app.ts, with inbox-api.ts for the inbox's API;
// main.ts, serve.ts; the commands in cli/) put features together.
export const FEATURE_GRAPH = {
  // What happens to a lead: its status and history, opened, booked, not spam.
  'lead-lifecycle': ['notify'],
  applications: ['notify'],
  leads: ['lead-lifecycle', 'notify'],
  bookings: ['lead-lifecycle', 'notify'],
  funnel: ['lead-lifecycle'],
  notify: [],
  accounts: [],
  backups: [],
}
// A feature others reach only through its port: these files of it, and no other.
// A feature not named here may be used whole by those the graph allows.
export const FEATURE_PORTS = { notify: ['notifications.ts', 'follow-up-state.ts'] }
const FEATURES = Object.keys(FEATURE_GRAPH)
// Shared machinery, and which of it each folder may use: postgrest/ (the
// /rest/v1 protocol) answers through http/ (what every answer shares); export/
// is the CSV writer and the paced export; db-copy/ is the copy and backup engine;
// db/ is the bottom.
const SHARED_USES = { postgrest: ['http', 'db'], http: ['db'], export: ['db'], 'db-copy': ['db'], db: [] }
const SHARED = Object.keys(SHARED_USES)
const CONFIG = ['server/config.ts', 'server/config', 'server/project-root.ts']
// The root's files that put features together, and the process around them.
const COMPOSERS = ['app.ts', 'inbox-api.ts', 'main.ts', 'serve.ts', 'cluster.ts', 'stop-signals.ts'].map((file) => `server/${file}`)
const server = (folders) => folders.map((folder) => `server/${folder}`)
const ABOVE_SHARED = [...server(FEATURES), ...COMPOSERS]

const SERVER_FOLDERS = [
  ...FEATURES.flatMap((feature) => {
    const uses = FEATURE_GRAPH[feature]
    const allowed = uses.length === 0 ? 'no other feature' : uses.map((use) => `${use}/`).join(', ')
    return [
      {
        target: `server/${feature}`,
        from: [...server(FEATURES.filter((other) => other !== feature && !uses.includes(other))), ...COMPOSERS],
        message: `${feature}/ is a feature: it uses db/, http/, postgrest/, export/, the config and, of the features, ${allowed} (FEATURE_GRAPH in eslint.config.js; app.ts or inbox-api.ts composes the rest).`,
      },
      ...uses
        .filter((use) => use in FEATURE_PORTS)
        .map((use) => ({
          target: `server/${feature}`,
          from: `server/${use}`,
          except: FEATURE_PORTS[use].map((file) => `./${file}`),
          message: `${feature}/ uses ${use}/ only through its port: ${FEATURE_PORTS[use].join(', ')} (FEATURE_PORTS in eslint.config.js).`,
        })),
    ]
  }),
  ...Object.entries(SHARED_USES).map(([folder, uses]) => ({
    target: `server/${folder}`,
    from: [...ABOVE_SHARED, ...server(SHARED.filter((other) => other !== folder && !uses.includes(other)))],
    message: `${folder}/ is shared machinery: it imports no feature, and of the rest only ${[...uses.map((use) => `${use}/`), 'the config'].join(', ')}.`,
  })),
  {
    target: CONFIG,
    from: [...ABOVE_SHARED, ...server(SHARED)],
    message: 'The configuration is read by everything, so it imports none of it.',
  },
  {
    // The root's other files (the project root, and what is still to come) are below the features too.
    target: 'server/!(app|inbox-api|main|serve|config).ts',
    from: server(FEATURES),
    message: 'Only app.ts, inbox-api.ts, main.ts, serve.ts and cli/ put features together.',
  },
  {
    target: ['server/!(cli)/**', 'server/*.ts'],
    from: 'server/cli',
    message: 'cli/ holds entry points only: move what they share into a feature or the shared machinery.',
  },
  {
    target: ['server/!(app).ts', 'server/*/**'],
    from: 'server/inbox-api.ts',
    message: 'The inbox’s API is composed for app.ts alone.',
  },
  {
    target: ['server/!(testing)/**', 'server/*.ts'],
    from: 'server/testing',
    message: 'testing/ supports tests; the server never runs it.',
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
      'import-x/no-restricted-paths': ['error', { zones: [...SIDES, ...PAGES, ...INBOX, ...PAGE_FEATURE_ZONES], basePath: BASE_PATH }],
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
      'vitest/expect-expect': ['error', { assertFunctionNames: ['expect', 'expect*', 'assert*'], additionalTestBlockFunctions: ['test'] }],
    },
  },
)
