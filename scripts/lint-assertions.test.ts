// A test that asserts nothing passes whatever the code does; eslint.config.js makes
// it fail the lint. This shows the rule holds for each kind of test, and lets a
// test whose assertion is in a helper pass.
import { join } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint({ cwd: join(import.meta.dirname, '..') })

/** How many tests of `code`, linted as the file `filePath` (which need not exist), assert nothing. */
async function unasserted(filePath: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).filter((message) => message.ruleId === 'vitest/expect-expect').length
}

const VITEST = "import { expect, it } from 'vitest'\n\n"
const PLAYWRIGHT = "import { expect, test } from '@playwright/test'\n\n"

describe('a test without an assertion', () => {
  it.each([
    ['a server test', 'server/probe.test.ts', `${VITEST}it('runs', async () => {\n  await Promise.resolve(1)\n})\n`],
    [
      'a component test, with the global it',
      'src/probe.test.tsx',
      "it('renders', () => {\n  document.createElement('div')\n})\n",
    ],
    [
      'a reliability test',
      'reliability/probe.test.ts',
      `${VITEST}it('survives', async () => {\n  await Promise.resolve(1)\n})\n`,
    ],
    [
      'an end-to-end test',
      'e2e/probe.spec.ts',
      `${PLAYWRIGHT}test('opens', async ({ page }) => {\n  await page.goto('/')\n})\n`,
    ],
  ])('fails the lint as %s', async (_kind, filePath, code) => {
    expect(await unasserted(filePath, code)).toBe(1)
  })
})

describe('a test with an assertion', () => {
  it.each([
    ['expect', 'server/probe.test.ts', `${VITEST}it('adds', () => {\n  expect(1 + 1).toBe(2)\n})\n`],
    [
      'expect.poll',
      'server/probe.test.ts',
      `${VITEST}it('waits', async () => {\n  await expect.poll(() => 1).toBe(1)\n})\n`,
    ],
    [
      'a helper named expect…',
      'server/probe.test.ts',
      `${VITEST}const expectTwo = (value: number) => expect(value).toBe(2)\n\nit('adds', () => {\n  expectTwo(1 + 1)\n})\n`,
    ],
    [
      'Playwright’s expect',
      'e2e/probe.spec.ts',
      `${PLAYWRIGHT}test('opens', async ({ page }) => {\n  await expect(page).toHaveTitle('x')\n})\n`,
    ],
  ])('passes the lint with %s', async (_kind, filePath, code) => {
    expect(await unasserted(filePath, code)).toBe(0)
  })
})
