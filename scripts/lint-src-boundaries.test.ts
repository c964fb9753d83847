// The lines inside src/ (the inbox's screens and parts, the landing page's features)
// are drawn in eslint.config.js; this shows they hold: a forbidden import fails the
// lint, a permitted one does not. The server's lines have server/lint-boundaries.test.ts.
import { join } from 'node:path'
import { ESLint, type Linter } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint({ cwd: join(import.meta.dirname, '..') })

/** The rules `code` breaks as the file `filePath` (which need not exist). */
async function lint(filePath: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result?.messages ?? []
}

const restricted = (messages: Linter.LintMessage[]) =>
  messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths')

// The first lint loads the resolver and walks the import graph for no-cycle, which takes seconds on a busy machine.
describe('the lines inside src/', { timeout: 60_000 }, () => {
  it.each([
    [
      'the lead list importing the lead page',
      'src/inbox/lead-list/lead-preview.tsx',
      "import { LeadDetailPage } from '../lead-detail/lead-detail-page.tsx'\n\nexport const Preview = LeadDetailPage\n",
    ],
    [
      'the lead page importing the lead list',
      'src/inbox/lead-detail/list-of.ts',
      "import { useSelection } from '../lead-list/use-selection.ts'\n\nexport const selection = useSelection\n",
    ],
    [
      'the kit importing a screen',
      'src/inbox/ui/funnel-of.tsx',
      "import { FunnelPage } from '../funnel/funnel-page.tsx'\n\nexport const Funnel = FunnelPage\n",
    ],
    [
      'api/ importing a screen',
      'src/inbox/api/board-of.ts',
      "import { LazyBoardPage } from '../board/lazy-board.tsx'\n\nexport const Board = LazyBoardPage\n",
    ],
    [
      'the parts the screens share importing a screen',
      'src/inbox/leads-shared/list-of.ts',
      "import { useSelection } from '../lead-list/use-selection.ts'\n\nexport const selection = useSelection\n",
    ],
    [
      'a screen importing the app',
      'src/inbox/funnel/shell-of.tsx',
      "import { InboxShell } from '../app/inbox-shell.tsx'\n\nexport const Shell = InboxShell\n",
    ],
    [
      'a new folder (a screen until it is listed as a part) importing a screen',
      'src/inbox/reminders/reminders-page.tsx',
      "import { BookingsPage } from '../bookings/bookings-page.tsx'\n\nexport const Page = BookingsPage\n",
    ],
    [
      'a landing page feature importing another',
      'src/features/landing/components/sender-of.ts',
      "import { startSending } from '../../analytics/event-sender.ts'\n\nexport const start = startSending\n",
    ],
    [
      'the inbox importing the landing page’s shared pieces',
      'src/inbox/ui/track-of.ts',
      "import { track } from '../../features-shared/track.ts'\n\nexport const record = track\n",
    ],
  ])('fail the lint for %s', async (_name, filePath, code) => {
    expect(restricted(await lint(filePath, code))).toEqual([expect.objectContaining({ severity: 2 })])
  })

  it.each([
    [
      'the app importing a screen',
      'src/inbox/app/board-route.tsx',
      "import { LazyBoardPage } from '../board/lazy-board.tsx'\n\nexport const Board = LazyBoardPage\n",
    ],
    [
      'a screen using the kit and the shared lead parts',
      'src/inbox/board/board-title.tsx',
      "import { leadName } from '../leads-shared/lead-name.ts'\nimport { PageTitle } from '../ui/page-title.tsx'\n\nexport const parts = [leadName, PageTitle]\n",
    ],
    [
      'a landing page feature using the shared pieces',
      'src/features/landing/components/track-of.ts',
      "import { track } from '../../../features-shared/track.ts'\n\nexport const record = track\n",
    ],
  ])('pass the lint for %s', async (_name, filePath, code) => {
    expect(await lint(filePath, code)).toEqual([])
  })
})
