// The zod schemas are the one list of variables (the server's, read at start, and
// the page's, read at build); .env.example and docs/configuration.md are what an
// operator reads. These fail when one names a variable the other does not.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { configSchema } from '../server/config/schema.ts'
import { publicEnvSchema } from '../src/config/public-env.ts'

const ROOT = join(import.meta.dirname, '..')
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8')

const serverVariables = Object.keys(configSchema.in.shape)
const pageVariables = Object.keys(publicEnvSchema.shape)
const schemaVariables = [...serverVariables, ...pageVariables].sort()

// `NAME=value` or `# NAME=value` at the start of a line: set, or shown commented out.
const envExampleVariables = [...read('.env.example').matchAll(/^(?:# ?)?([A-Z][A-Z0-9_]*)=/gm)].map(
  (match) => match[1] as string,
)

// The first cell of a row of its tables: | `NAME` | or | `NAME=value` |.
const documentedVariables = [...read('docs/configuration.md').matchAll(/^\| `([A-Z][A-Z0-9_]*)[`=]/gm)].map(
  (match) => match[1] as string,
)

describe('the configuration schemas, .env.example and docs/configuration.md', () => {
  it('read the server variables and the page variables from the schemas', () => {
    expect(serverVariables).toContain('PORT')
    expect(pageVariables).toContain('VITE_API_URL')
  })

  it('.env.example shows every variable of the schemas, set or commented out', () => {
    expect(schemaVariables.filter((name) => !envExampleVariables.includes(name))).toEqual([])
  })

  it('.env.example shows no variable the schemas do not read, and each once', () => {
    expect(envExampleVariables.filter((name) => !schemaVariables.includes(name))).toEqual([])
    expect(envExampleVariables.filter((name, index) => envExampleVariables.indexOf(name) !== index)).toEqual([])
  })

  it('docs/configuration.md describes every variable of the schemas', () => {
    expect(schemaVariables.filter((name) => !documentedVariables.includes(name))).toEqual([])
  })

  it('docs/configuration.md describes no server or page variable the schemas do not read', () => {
    // Its "Tests and tools" table holds the tests' and benchmarks' own variables, read by no schema.
    const tools = read('docs/configuration.md').split('\n## Tests and tools')[0] as string
    const rows = [...tools.matchAll(/^\| `([A-Z][A-Z0-9_]*)[`=]/gm)].map((match) => match[1] as string)
    expect(rows.length).toBeGreaterThan(20)
    expect(rows.filter((name) => !schemaVariables.includes(name))).toEqual([])
  })
})
