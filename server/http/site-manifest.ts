import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { SITE_MANIFEST_FILE, siteManifestSchema, type SiteManifest } from '../../common/site-manifest.ts'

/**
 * Reads what the page in `webRoot` was built with (common/site-manifest.ts).
 * Throws a message naming the file and the fix: without it the server could
 * only guess the page's API and video origins, and a wrong guess makes the
 * browser block every submission.
 */
export function readSiteManifest(webRoot: string): SiteManifest {
  const file = join(webRoot, SITE_MANIFEST_FILE)
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'is missing' : `cannot be read (${String(error)})`
    throw new Error(
      `${file} ${reason}. The build writes it with the page: run npm run build (or point WEB_ROOT at a built page).`,
    )
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new Error(`${file} is not valid JSON. Run npm run build again.`)
  }
  const result = siteManifestSchema.safeParse(json)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`)
    throw new Error(
      `${file} is not a site manifest this server understands (${problems.join('; ')}). Run npm run build again.`,
    )
  }
  return result.data
}

/** For the server's entry point: a missing or broken build is the operator's to fix, not a crash. */
export function readSiteManifestOrExit(webRoot: string): SiteManifest {
  try {
    return readSiteManifest(webRoot)
  } catch (error) {
    process.stderr.write(`Cannot start: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  }
}
