// The folders of server/ and src/ and what each may import are drawn in eslint.config.js;
// this shows the lines hold: a forbidden import fails the lint, a permitted one does not.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ESLint, type Linter } from 'eslint'
import { describe, expect, it } from 'vitest'
import { findProjectRoot } from './project-root.ts'

const root = findProjectRoot()
const eslint = new ESLint({ cwd: root })

/** The rules `code` breaks as the file `filePath` (which need not exist). */
async function lint(filePath: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result?.messages ?? []
}

const restricted = (messages: Linter.LintMessage[]) =>
  messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths')

describe('the lines between the server’s folders', () => {
  it.each([
    [
      'db/ importing a feature',
      'server/db/lead-count.ts',
      "import { listLeads } from '../leads/list-leads.ts'\n\nexport const count = listLeads\n",
    ],
    [
      'a feature importing another',
      'server/funnel/lead-funnel.ts',
      "import { listLeads } from '../leads/list-leads.ts'\n\nexport const leads = listLeads\n",
    ],
    [
      'notify/ importing bookings/, an edge the feature graph does not draw',
      'server/notify/booking-of.ts',
      "import { applyBookingEvent } from '../bookings/apply-booking-event.ts'\n\nexport const apply = applyBookingEvent\n",
    ],
    [
      'the lead lifecycle importing leads/, against the graph’s direction',
      'server/lead-lifecycle/list-of.ts',
      "import { listLeads } from '../leads/list-leads.ts'\n\nexport const leads = listLeads\n",
    ],
    [
      'bookings/ reaching past notify/’s port into its outbox',
      'server/bookings/outbox-of.ts',
      "import { takeDue } from '../notify/outbox.ts'\n\nexport const take = takeDue\n",
    ],
    [
      'http/ importing a feature',
      'server/http/lead-header.ts',
      "import { getLeadDetail } from '../leads/lead-detail.ts'\n\nexport const detail = getLeadDetail\n",
    ],
    ['a feature importing a command', 'server/accounts/command.ts', "import '../cli/admin.ts'\n"],
    [
      'a feature importing the app',
      'server/notify/app-of.ts',
      "import { buildApp } from '../app.ts'\n\nexport const app = buildApp\n",
    ],
    [
      'a root file other than app.ts, main.ts and serve.ts importing a feature',
      'server/inbox-routes.ts',
      "import { leadRoutes } from './leads/lead-routes.ts'\n\nexport const routes = leadRoutes\n",
    ],
  ])('fail the lint for %s', async (_name, filePath, code) => {
    expect(restricted(await lint(filePath, code))).toEqual([expect.objectContaining({ severity: 2 })])
  })

  it.each([
    [
      'a feature using the shared machinery',
      'server/leads/lead-csv.ts',
      "import { csvRecord } from '../export/csv.ts'\n\nexport const record = csvRecord\n",
    ],
    [
      'app.ts composing features',
      'server/app.ts',
      "import { funnelRoutes } from './funnel/funnel-routes.ts'\nimport { leadRoutes } from './leads/lead-routes.ts'\n\nexport const routes = [funnelRoutes, leadRoutes]\n",
    ],
    [
      'bookings/ using the lead lifecycle, as the graph allows',
      'server/bookings/booked-of.ts',
      "import { markBooked } from '../lead-lifecycle/status-change.ts'\n\nexport const booked = markBooked\n",
    ],
    [
      'leads/ using notify/ through its port',
      'server/leads/wake-of.ts',
      "import { wakeAfterSuccess } from '../notify/notifications.ts'\n\nexport const wake = wakeAfterSuccess\n",
    ],
  ])('pass the lint for %s', async (_name, filePath, code) => {
    expect(await lint(filePath, code)).toEqual([])
  })
})

describe('the feature graph eslint.config.js declares', async () => {
  const config = (await import(pathToFileURL(join(root, 'eslint.config.js')).href)) as {
    FEATURE_GRAPH: Record<string, string[]>
    FEATURE_PORTS: Record<string, string[]>
  }
  const features = Object.keys(config.FEATURE_GRAPH)

  it('names features that are folders of server/, and only them as the ends of its edges', () => {
    const folders = readdirSync(join(root, 'server'), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? [entry.name] : [],
    )
    expect(folders).toEqual(expect.arrayContaining(features))
    for (const uses of Object.values(config.FEATURE_GRAPH)) expect(features).toEqual(expect.arrayContaining(uses))
    for (const [feature, files] of Object.entries(config.FEATURE_PORTS)) {
      expect(features).toContain(feature)
      expect(readdirSync(join(root, 'server', feature))).toEqual(expect.arrayContaining(files))
    }
  })

  it('has no cycle: a feature never needs, through others, what needs it', () => {
    const reaches = (from: string, seen: Set<string> = new Set()): Set<string> => {
      for (const next of config.FEATURE_GRAPH[from] ?? []) if (!seen.has(next)) reaches(next, seen.add(next))
      return seen
    }
    expect(features.filter((feature) => reaches(feature).has(feature))).toEqual([])
  })
})

describe('the line between the landing page and the inbox', () => {
  it.each([
    [
      'the page importing the inbox',
      'src/features/landing/inbox-copy-of.ts',
      "import { inboxCopy } from '../../inbox/content/inbox-copy.ts'\n\nexport const copy = inboxCopy\n",
    ],
    [
      'the inbox importing the page',
      'src/inbox/site-of.ts',
      "import { site } from '../content/site.ts'\n\nexport const copy = site\n",
    ],
  ])('fails the lint for %s', async (_name, filePath, code) => {
    expect(restricted(await lint(filePath, code))).toEqual([expect.objectContaining({ severity: 2 })])
  })
})
