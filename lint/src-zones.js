// The lines inside src/: the two bundles, the inbox's screens and parts, the landing page's features.
// eslint.config.js applies them to src/; scripts/lint-src-boundaries.test.ts shows they hold.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'

// The landing page and the inbox are two bundles: they share only src/components/ui,
// src/lib and common/, so neither pulls the other's code into its download.
export const PAGES = [
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
  {
    target: ['src/!(inbox)/**', 'src/*.{ts,tsx}'],
    from: 'src/inbox',
    message: 'The landing page never loads the inbox.',
  },
  {
    target: ['src/inbox/!(testing)/**/!(*.test).{ts,tsx}', 'src/inbox/!(*.test).{ts,tsx}'],
    from: 'src/inbox/testing',
    message: 'src/inbox/testing/ supports tests; the inbox never ships it.',
  },
]

// The repository's root, so the folders are read wherever the lint starts.
const ROOT = join(import.meta.dirname, '..')
const foldersIn = (dir) =>
  readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)

// The inbox is cut like the server: a screen is one page of the inbox and never
// imports another; what two screens share lives in a part below them. Only app/
// (the screens' composition, with main.tsx above it) imports screens. Every other
// folder is a screen, so a new one is held by the rule before anyone lists it.
const INBOX_PARTS = ['app', 'router', 'ui', 'api', 'content', 'contact', 'leads-shared', 'testing']
const SCREENS = foldersIn('src/inbox').filter((folder) => !INBOX_PARTS.includes(folder))
const inbox = (folders) => folders.map((folder) => `src/inbox/${folder}`)
export const INBOX = [
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
  {
    target: 'src/inbox/!(app)/**',
    from: 'src/inbox/app',
    message: 'app/ composes the screens, so nothing below it imports it.',
  },
]

// The landing page's features never import each other: what two need lives in
// src/features-shared/ (track(), the page's attribution), src/lib/ or src/components/.
const PAGE_FEATURES = foldersIn('src/features')
export const PAGE_FEATURE_ZONES = PAGE_FEATURES.map((feature) => ({
  target: `src/features/${feature}`,
  from: PAGE_FEATURES.filter((other) => other !== feature).map((other) => `src/features/${other}`),
  message: `src/features/${feature}/ never imports another feature: what both need moves to src/features-shared/.`,
}))
