import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { DEFAULT_SITE_MANIFEST, SITE_MANIFEST_FILE, type SiteManifest } from '../../common/site-manifest.ts'

/** What the build writes beside a page built without VITE_* settings; the server will not start without it. */
export async function writeSiteManifest(webRoot: string, manifest: SiteManifest = DEFAULT_SITE_MANIFEST) {
  await writeFile(join(webRoot, SITE_MANIFEST_FILE), JSON.stringify(manifest))
}
