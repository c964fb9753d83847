import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADS_CONSENT_META } from '../../common/ads-consent.ts'
import { DEFAULT_SITE_MANIFEST, type SiteManifest } from '../../common/site-manifest.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import type { ConsentSettings } from './consent-config.ts'

// A built landing page as scripts/precompress.ts leaves it: the HTML and its compressed copies.
const PAGE = `<!doctype html><html><head><meta charset="UTF-8"><title>Landing</title>${'<meta name="x" content="padding">'.repeat(20)}</head><body><div id="root"></div></body></html>`

const temp = useTempDatabase()
const apps: FastifyInstance[] = []
let webRoot: string
beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'consent-page-'))
  await writeFile(join(webRoot, 'index.html'), PAGE)
  await writeFile(join(webRoot, 'index.html.br'), brotliCompressSync(PAGE))
  await writeFile(join(webRoot, 'index.html.gz'), gzipSync(PAGE))
})
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()))
  await rm(webRoot, { recursive: true, force: true })
})

async function served(consent: ConsentSettings, site: SiteManifest = DEFAULT_SITE_MANIFEST) {
  const app = buildApp({ config: parseConfig({ WEB_ROOT: webRoot }), db: temp.db, consent, site })
  apps.push(app)
  await app.ready()
  const get = async (encoding: string) => {
    const response = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': encoding } })
    expect(response.statusCode).toBe(200)
    return { body: response.rawPayload, etag: response.headers.etag }
  }
  return { identity: await get('identity'), br: await get('br'), gzip: await get('gzip') }
}

const file = (name: string) => readFile(join(webRoot, name))
const TAG = `<meta name="${ADS_CONSENT_META}" content="meta tiktok">`

describe("the landing page tells its application which platforms to ask consent for, and only when there's one", () => {
  it('serves the page byte for byte as built, in every encoding, with no platform on', async () => {
    const page = await served({ mode: 'checkbox', platforms: [] })
    expect(page.identity.body.equals(await file('index.html'))).toBe(true)
    expect(page.br.body.equals(await file('index.html.br'))).toBe(true)
    expect(page.gzip.body.equals(await file('index.html.gz'))).toBe(true)
  })

  it('serves it as built under implied consent too, where nothing is asked', async () => {
    const page = await served({ mode: 'implied', platforms: ['meta'] })
    expect(page.identity.body.equals(await file('index.html'))).toBe(true)
  })

  it('serves it as built when the page posts its applications elsewhere (VITE_API_URL)', async () => {
    const page = await served(
      { mode: 'checkbox', platforms: ['meta'] },
      { ...DEFAULT_SITE_MANIFEST, apiOrigin: 'https://project.supabase.co' },
    )
    expect(page.identity.body.equals(await file('index.html'))).toBe(true)
  })

  it('adds one meta tag naming the platforms at the end of the head, in every encoding, with new ETags', async () => {
    const asBuilt = await served({ mode: 'checkbox', platforms: [] })
    const page = await served({ mode: 'checkbox', platforms: ['meta', 'tiktok'] })
    expect(page.identity.body.toString()).toBe(PAGE.replace('</head>', `${TAG}</head>`))
    expect(brotliDecompressSync(page.br.body).equals(page.identity.body)).toBe(true)
    expect(gunzipSync(page.gzip.body).equals(page.identity.body)).toBe(true)
    expect(page.identity.etag).not.toBe(asBuilt.identity.etag)
    expect(page.br.etag).not.toBe(asBuilt.br.etag)
  })
})
