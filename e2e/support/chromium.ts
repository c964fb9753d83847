/**
 * Debian's Chromium by default (Playwright cannot download its own browser
 * here); CHROMIUM_PATH points elsewhere. The flags keep it from reaching for
 * Google's services, which this network refuses. Shared by Playwright and the
 * benchmarks.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
