import { launch } from 'chrome-launcher'
import lighthouse, { desktopConfig } from 'lighthouse'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/support/chromium.ts'

export type Preset = 'mobile' | 'desktop'

export interface LighthouseFigures {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  speedIndexMs: number
  totalBytes: number
  /** Audits of the three enforced categories that did not pass, by id. */
  failedAudits: string[]
  /**
   * Why the run measured nothing, when it did not: Lighthouse's runtime error, or
   * audits that errored (which leave their category without a score, read as 0).
   * A starved machine can time a run out; such a run is no measurement.
   */
  incomplete?: string
}

const ENFORCED = ['accessibility', 'best-practices', 'seo'] as const

/** One Lighthouse run in a fresh headless Chromium (mobile is Lighthouse's default preset). */
export async function runLighthouse(url: string, preset: Preset): Promise<LighthouseFigures> {
  const chrome = await launch({
    chromePath: CHROMIUM_PATH || undefined,
    chromeFlags: [
      ...CHROMIUM_ARGS,
      '--headless=new',
      // Every host but this machine fails at once, so the video host's requests do not
      // hang and distort the figures; its bytes are not ours to count anyway.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
    ],
    logLevel: 'silent',
  })
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error' },
      preset === 'desktop' ? desktopConfig : undefined,
    )
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const { categories, audits } = result.lhr
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100)
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN
    const errored = Object.values(audits).filter((audit) => audit.scoreDisplayMode === 'error')
    const unscored = ['performance', ...ENFORCED].filter((id) => categories[id]?.score === null)
    const problems = [
      ...(result.lhr.runtimeError ? [`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`] : []),
      ...errored.map((audit) => `audit ${audit.id} errored: ${audit.errorMessage ?? 'no message'}`),
      ...unscored.map((id) => `category ${id} has no score`),
    ]
    const failedAudits = ENFORCED.flatMap((category) =>
      (categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 0) < 1)
        .map((ref) => `${category}: ${ref.id}`),
    )
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcpMs: value('first-contentful-paint'),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      speedIndexMs: value('speed-index'),
      totalBytes: value('total-byte-weight'),
      failedAudits,
      incomplete: problems.length ? problems.join('; ') : undefined,
    }
  } finally {
    chrome.kill()
  }
}

export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  const at = (index: number) => sorted[index] ?? Number.NaN
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2
}
