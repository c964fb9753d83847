// docs/architecture.md is the map a newcomer reads before the code. It drifts
// where no test looks, so these read the folders, the commands and the npm
// scripts from disk and fail when the map leaves one out.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..')
const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8')

/** The text of the `### heading` section, up to the next heading of its level or above. */
function section(heading: string): string {
  const start = doc.indexOf(`\n### ${heading}\n`)
  expect(start, `docs/architecture.md has a "### ${heading}" section`).toBeGreaterThanOrEqual(0)
  const rest = doc.slice(start + 1)
  const end = rest.slice(1).search(/\n#{1,3} /)
  return end === -1 ? rest : rest.slice(0, end + 1)
}

function folders(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
}

/** Which of the names the text leaves out, each written as `name` in code. */
function unnamed(text: string, names: string[]): string[] {
  return names.filter((name) => !text.includes(`\`${name}\``))
}

describe('docs/architecture.md', () => {
  const serverSection = section('`server/`, by feature')
  const srcSection = section('`src/`, by feature')

  it('names every folder of server/ in its server section', () => {
    const names = folders('server').map((folder) => `${folder}/`)
    expect(names.length).toBeGreaterThan(5)
    expect(unnamed(serverSection, names)).toEqual([])
  })

  it('names every command in server/cli/ in its server section', () => {
    const commands = readdirSync(join(ROOT, 'server/cli')).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    )
    expect(commands).toContain('admin.ts')
    expect(unnamed(serverSection, commands)).toEqual([])
  })

  it('names every npm script that runs a command of server/cli/', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>
    }
    const running = Object.entries(scripts)
      .filter(([, command]) => /server\/cli\/[\w-]+\.[jt]s\b/.test(command))
      .map(([name]) => name)
    expect(running).toContain('admin')
    const documented = (name: string) => new RegExp(`npm run (-s )?${name.replace(/[:.]/g, '\\$&')}\\b`).test(doc)
    expect(running.filter((name) => !documented(name))).toEqual([])
  })

  it('names every feature of src/features/ in its src section', () => {
    const names = folders('src/features').map((feature) => `features/${feature}/`)
    expect(names).toContain('features/landing/')
    expect(unnamed(srcSection, names)).toEqual([])
  })

  it('names every folder of src/inbox/ where its src section describes the inbox', () => {
    const inbox = srcSection.slice(srcSection.indexOf('`inbox/`'))
    expect(inbox.length).toBeLessThan(srcSection.length)
    expect(
      unnamed(
        inbox,
        folders('src/inbox').map((folder) => `${folder}/`),
      ),
    ).toEqual([])
  })
})
