// The folders of server/ and src/ and what each may import are drawn in eslint.config.js;
// this shows the lines hold: a forbidden import fails the lint, a permitted one does not.
import { ESLint, type Linter } from 'eslint'
import { describe, expect, it } from 'vitest'
import { findProjectRoot } from './project-root.ts'

const eslint = new ESLint({ cwd: findProjectRoot() })

/** The rules `code` breaks as the file `filePath` (which need not exist). */
async function lint(filePath: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result?.messages ?? []
}

const restricted = (messages: Linter.LintMessage[]) => messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths')

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
      'http/ importing a feature',
      'server/http/lead-header.ts',
      "import { getLeadDetail } from '../leads/lead-detail.ts'\n\nexport const detail = getLeadDetail\n",
    ],
    ['a feature importing a command', 'server/accounts/command.ts', "import '../cli/admin.ts'\n"],
    ['a feature importing the app', 'server/notify/app-of.ts', "import { buildApp } from '../app.ts'\n\nexport const app = buildApp\n"],
    [
      'a root file other than app.ts, main.ts and serve.ts importing a feature',
      'server/inbox-routes.ts',
      "import { adminLeadRoutes } from './leads/lead-routes.ts'\n\nexport const routes = adminLeadRoutes\n",
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
      "import { adminFunnelRoutes } from './funnel/funnel-routes.ts'\nimport { adminLeadRoutes } from './leads/lead-routes.ts'\n\nexport const routes = [adminFunnelRoutes, adminLeadRoutes]\n",
    ],
  ])('pass the lint for %s', async (_name, filePath, code) => {
    expect(await lint(filePath, code)).toEqual([])
  })
})

describe('the line between the landing page and the inbox', () => {
  it.each([
    [
      'the page importing the inbox',
      'src/features/landing/inbox-copy-of.ts',
      "import { inboxCopy } from '../../inbox/content/inbox-copy.ts'\n\nexport const copy = inboxCopy\n",
    ],
    ['the inbox importing the page', 'src/inbox/site-of.ts', "import { site } from '../content/site.ts'\n\nexport const copy = site\n"],
  ])('fails the lint for %s', async (_name, filePath, code) => {
    expect(restricted(await lint(filePath, code))).toEqual([expect.objectContaining({ severity: 2 })])
  })
})
