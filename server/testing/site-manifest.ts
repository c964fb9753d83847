import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { DEFAULT_VIDEO_URL } from '../../common/site-defaults.ts'
import { SITE_MANIFEST_FILE, siteManifestFor, type SiteManifest } from '../../common/site-manifest.ts'

/** What the build writes beside a page built without VITE_* settings; the server will not start without it. */
export async function writeSiteManifest(
  webRoot: string,
  manifest: SiteManifest = siteManifestFor({ apiUrl: '', videoUrl: DEFAULT_VIDEO_URL }),
) {
  await writeFile(join(webRoot, SITE_MANIFEST_FILE), JSON.stringify(manifest))
}
